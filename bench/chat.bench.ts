// Time to the first streamed byte of an answer through POST /api/chat (SSE) beside the fake provider's
// own first byte measured directly, same run, same fake (DESIGN.md budget: the server adds < 5 ms median).
import { request } from 'node:http';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/connection';
import { migrate } from '../apps/server/src/db/migrate';
import { FakeLlm, fakeProviderConfig } from '../apps/server/test/fake-llm';
import type { BenchResult } from './types';

const ROUNDS = 200;
const WARMUP = 20;

/** Milliseconds from sending a POST until the first body chunk that contains `marker`. */
function firstByte(url: string, body: unknown, headers: Record<string, string>, marker: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const started = process.hrtime.bigint();
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers } }, (res) => {
      let seen = '';
      let done = false;
      res.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        if (!done && seen.includes(marker)) {
          done = true;
          resolve(Number(process.hrtime.bigint() - started) / 1e6);
        }
      });
      res.on('end', () => {
        if (!done) reject(new Error(`no ${marker} in ${res.statusCode} ${seen.slice(0, 200)}`));
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

export default async function run(): Promise<BenchResult[]> {
  const fake = await new FakeLlm().start();
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database);
  const app = await buildApp(testConfig({ ...fakeProviderConfig(fake), AI_RATE_LIMIT_PER_MINUTE: '1000000000' }), { database, serveWeb: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  // The self-hosted model is unmetered, so every round takes the same path (no allowance runs out).
  const chatBody = { message: 'Hello', context: { provider: 'openai-compatible', model: 'llama3.1', personality: 'otaku', mode: 'main' } };
  const directBody = { model: 'llama3.1', stream: true, messages: [{ role: 'user', content: 'Hello' }] };
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
  await app.close();
  await database.close();
  await fake.close();
  const directMedian = median(direct);
  const throughMedian = median(through);
  return [
    { name: 'first streamed byte via /api/chat (median)', value: throughMedian, unit: 'ms', baseline: { name: 'fake provider directly', value: directMedian } },
    { name: 'time /api/chat adds to the first byte (median)', value: throughMedian - directMedian, unit: 'ms', budget: { max: 5 } },
  ];
}
