import { spawn } from 'node:child_process';
import { mkdir, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FakeLlm } from '../apps/server/test/fake-llm';
import { E2E_INSTALLER } from './e2e-installer';
import { E2E_MODEL, e2eReply } from './e2e-model';

// The browser suite's server (playwright.config.ts webServer), beside a fake language model that speaks the
// OpenAI chat-completions protocol on a free port: the server reaches it through its own configuration
// (OPENAI_COMPATIBLE_BASE_URL), so assistant and writing tests drive the real client, route, provider code
// and SSE stream end to end. The default model stays the offline one; tests pick E2E_MODEL in the Models tab.

const model = await new FakeLlm().start();
model.models = [E2E_MODEL];
model.reply = e2eReply;

// The operator's published installers, as an operator publishes one: a file in the folder. Sparse (its size
// without its bytes), since the tests only list it and ask for its headers.
const installers = join(process.env.DATA_DIR!, 'installers');
await mkdir(installers, { recursive: true });
await writeFile(join(installers, E2E_INSTALLER.filename), '');
await truncate(join(installers, E2E_INSTALLER.filename), E2E_INSTALLER.size);

const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  stdio: 'inherit',
  env: { ...process.env, OPENAI_COMPATIBLE_BASE_URL: model.url, OPENAI_COMPATIBLE_MODELS: E2E_MODEL, INSTALLERS_DIR: installers },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => server.kill(signal));
server.once('exit', (code, signal) => {
  void model.close().then(() => process.exit(code ?? (signal ? 1 : 0)));
});
