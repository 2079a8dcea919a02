// Throughput of authenticated GET /api/auth/me beside a bare Fastify route, same autocannon connections and
// duration. DESIGN.md, Performance budgets: "authenticated `GET /api/auth/me` throughput at least 0.8 of a bare
// Fastify route's, same run, same process settings".
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/connection';
import { migrate } from '../apps/server/src/db/migrate';
import type { BenchResult } from './types';

const ROUNDS = 5;
const DURATION = 3;
const CONNECTIONS = 20;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function rps(url: string, headers: Record<string, string> = {}): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`bench saw ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

export default async function run(): Promise<BenchResult[]> {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ id: '00000000-0000-0000-0000-000000000000', email: 'a@b.co', username: 'a', role: 'user' }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;

  const database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database);
  // Throughput, not the per-account limit (1,200 a minute by default) that would answer most of these 429.
  const app = await buildApp(testConfig({ API_RATE_LIMIT_PER_MINUTE: '1000000000' }), { database, serveWeb: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const signup = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', username: 'bench', password: 'secret123' }),
  });
  const { token } = (await signup.json()) as { token: string };

  // Alternate the two in rounds so load from other processes hits both alike; report medians.
  const meUrl = `${base}/api/auth/me`;
  const auth = { authorization: `Bearer ${token}` };
  // The same app with /metrics exposed: every answer is then counted per route (plugins/metrics.ts).
  const metered = await buildApp(testConfig({ API_RATE_LIMIT_PER_MINUTE: '1000000000', METRICS_TOKEN: 'bench-metrics-token-0123' }), { database, serveWeb: false });
  await metered.listen({ port: 0, host: '127.0.0.1' });
  const meteredUrl = `http://127.0.0.1:${(metered.server.address() as { port: number }).port}/api/auth/me`;
  await rps(bareUrl);
  await rps(meUrl, auth);
  await rps(meteredUrl, auth);
  const bares: number[] = [];
  const mes: number[] = [];
  const ratios: number[] = [];
  const meteredRatios: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    bares.push(await rps(bareUrl));
    mes.push(await rps(meUrl, auth));
    meteredRatios.push((await rps(meteredUrl, auth)) / bares[i]!);
    ratios.push(mes[i]! / bares[i]!);
  }
  const bareRps = median(bares);
  const meRps = median(mes);
  await metered.close();
  await app.close();
  await database.close();
  await bare.close();
  return [
    { name: 'GET /api/auth/me (PGlite, authenticated)', value: meRps, unit: 'req/s', baseline: { name: 'bare Fastify route', value: bareRps } },
    { name: 'auth/me ÷ bare route (median of rounds)', value: median(ratios), unit: 'ratio', budget: { min: 0.8 } },
    { name: 'auth/me with METRICS_TOKEN set ÷ bare route', value: median(meteredRatios), unit: 'ratio', budget: { min: 0.8 } },
  ];
}
