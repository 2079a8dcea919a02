import { spawn } from 'node:child_process';
import { FakeLlm } from '../apps/server/test/fake-llm';
import { E2E_MODEL, e2eReply } from './e2e-model';

// The browser suite's server (playwright.config.ts webServer), beside a fake language model that speaks the
// OpenAI chat-completions protocol on a free port: the server reaches it through its own configuration
// (OPENAI_COMPATIBLE_BASE_URL), so assistant and writing tests drive the real client, route, provider code
// and SSE stream end to end. The default model stays the offline one; tests pick E2E_MODEL in the Models tab.

const model = await new FakeLlm().start();
model.models = [E2E_MODEL];
model.reply = e2eReply;

const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  stdio: 'inherit',
  env: { ...process.env, OPENAI_COMPATIBLE_BASE_URL: model.url, OPENAI_COMPATIBLE_MODELS: E2E_MODEL },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => server.kill(signal));
server.once('exit', (code, signal) => {
  void model.close().then(() => process.exit(code ?? (signal ? 1 : 0)));
});
