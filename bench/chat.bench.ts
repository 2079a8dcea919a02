// Time to the first streamed byte of an answer through POST /api/chat (SSE) beside the fake provider's
// own first byte measured directly, same run, same fake (DESIGN.md budget: the server adds < 5 ms median).
// The app and the fake each run in their own process, as deployed: in one process the client's reads
// waited behind the server's work on the rest of the answer, which no real client sees.
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { createInterface } from 'node:readline';
import type { BenchResult } from './types';

const ROUNDS = 200;
const WARMUP = 20;

/** Milliseconds from sending a POST until the first body chunk that contains `marker`, once the answer is complete. */
function firstByte(url: string, body: unknown, headers: Record<string, string>, marker: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const started = process.hrtime.bigint();
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers } }, (res) => {
      let seen = '';
      let at: number | undefined;
      res.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        if (at === undefined && seen.includes(marker)) at = Number(process.hrtime.bigint() - started) / 1e6;
      });
      // Settles at the end of the answer, so the next round meets an idle server.
      res.on('end', () => (at === undefined ? reject(new Error(`no ${marker} in ${res.statusCode} ${seen.slice(0, 200)}`)) : resolve(at)));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/** Starts one role of chat-processes.ts and resolves with the URL it prints. */
function startProcess(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  // CHAT_PROF=1 writes a CPU profile of the app process to /tmp/prof (it exits on SIGINT to flush it).
  const child = spawn(process.execPath, [...(process.env.CHAT_PROF && args[0] === 'app' ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []), '--import', 'tsx', 'bench/chat-processes.ts', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`chat-processes.ts ${args[0]} exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (url) => resolve({ child, url: url.trim() }));
  });
}

export default async function run(): Promise<BenchResult[]> {
  const fake = await startProcess(['fake']);
  const app = await startProcess(['app', fake.url]);
  const base = app.url;

  const directBody = { model: 'llama3.1', stream: true, messages: [{ role: 'user', content: 'Hello' }] };
  /** Median first byte through /api/chat for one model, interleaved with the fake's own first byte. */
  const measure = async (provider: string, model: string) => {
    const chatBody = { message: 'Hello', context: { provider, model, personality: 'otaku', mode: 'main' } };
    const direct: number[] = [];
    const through: number[] = [];
    for (let i = 0; i < ROUNDS + WARMUP; i += 1) {
      // Interleaved, so drift on the shared machine hits both series alike.
      const d = await firstByte(`${fake.url}/chat/completions`, directBody, {}, 'data:');
      const t = await firstByte(`${base}/api/chat`, chatBody, { accept: 'text/event-stream' }, '"type":"delta"');
      if (i >= WARMUP) {
        direct.push(d);
        through.push(t);
      }
    }
    return { direct: median(direct), through: median(through) };
  };
  // The budget's figure: a self-hosted model, unmetered, so every round takes the same path.
  const selfHosted = await measure('openai-compatible', 'llama3.1');
  // For comparison: a free-allowance model also holds and settles its tokens in the database.
  const metered = await measure('qwen', 'qwen-turbo');
  app.child.kill('SIGINT');
  fake.child.kill();
  return [
    { name: 'first streamed byte via /api/chat (median)', value: selfHosted.through, unit: 'ms', baseline: { name: 'fake provider directly', value: selfHosted.direct } },
    { name: 'time /api/chat adds to the first byte (median)', value: selfHosted.through - selfHosted.direct, unit: 'ms', budget: { max: 5 } },
    { name: 'same, free-allowance model (qwen-turbo)', value: metered.through - metered.direct, unit: 'ms' },
  ];
}
