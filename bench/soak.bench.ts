// Soak: mixed traffic against two server processes on one throwaway PostgreSQL cluster (loopback only), for
// SOAK_MINUTES (default 10). Each process's RSS, heap and event-loop lag p99 are read from its /metrics at the
// start (after a warm-up of a tenth of the run) and at the end. Any 5xx or network error, or memory growing past
// its allowance, fails the run. Only run when named: `npm run bench -- soak`.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import parse from 'parse-prometheus-text-format';
import { canRunPostgres, startCluster } from '../apps/server/test/pg-cluster';
import { startServerProcess, type ServerProcess } from '../apps/server/test/server-process';
import type { BenchResult } from './types';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
/** Concurrent virtual users per process. */
const USERS_PER_PROCESS = 4;
const SAMPLE_EVERY_MS = 5_000;
const TOKEN = randomBytes(24).toString('hex');
/** Memory may grow this much from start to end (caches warming, JIT), beyond which it counts as a leak. */
const GROWTH_RATIO = 1.25;
const GROWTH_SLACK_MB = 48;

interface Sample {
  at: number;
  rssMb: number;
  heapMb: number;
  lagP99Ms: number;
}

async function sample(server: ServerProcess): Promise<Sample> {
  const text = await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } }).then((r) => r.text());
  const value = (name: string) => {
    const family = parse(text).find((f) => f.name === name);
    return (family?.metrics ?? []).reduce((n, m) => n + Number(m.value ?? 0), 0);
  };
  return { at: Date.now(), rssMb: value('process_resident_memory_bytes') / 2 ** 20, heapMb: value('nodejs_heap_size_used_bytes') / 2 ** 20, lagP99Ms: value('nodejs_eventloop_lag_p99_seconds') * 1000 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
/** A window's typical state: the median of its samples, so one GC pause does not decide. */
const typical = (samples: Sample[]) => ({ rssMb: median(samples.map((s) => s.rssMb)), heapMb: median(samples.map((s) => s.heapMb)), lagP99Ms: median(samples.map((s) => s.lagP99Ms)) });

interface Tally {
  requests: number;
  serverErrors: number;
  /** Every 5xx and network error, described. */
  failures: string[];
}

/** One virtual user: signs up, then writes, reads, edits and deletes documents, checks itself and chats. */
async function user(base: string, until: number, tally: Tally, n: number): Promise<void> {
  const call = async (method: string, path: string, body?: unknown, token?: string): Promise<Response | null> => {
    tally.requests += 1;
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (res.status >= 500) {
        tally.serverErrors += 1;
        tally.failures.push(`${method} ${path}: ${res.status} ${(await res.text()).slice(0, 200)}`);
      }
      return res;
    } catch (err) {
      tally.failures.push(`${method} ${path}: ${(err as Error).message}`);
      return null;
    }
  };
  const tag = `soak${n}${randomBytes(3).toString('hex')}`;
  const signup = await call('POST', '/api/auth/signup', { email: `${tag}@example.com`, username: tag, password: 'soak-password-1' });
  if (!signup?.ok) throw new Error(`sign-up failed: ${signup?.status}`);
  const { token } = (await signup.json()) as { token: string };
  for (let round = 0; Date.now() < until; round += 1) {
    await call('GET', '/api/auth/me', undefined, token).then((r) => r?.arrayBuffer());
    const created = await call('POST', '/api/documents', { title: `Soak ${round}`, content: `Round ${round}. `.repeat(40) }, token);
    const doc = created?.ok ? ((await created.json()) as { id: string; version: number }) : null;
    if (doc) {
      const updated = await call('PUT', `/api/documents/${doc.id}`, { content: `Edited in round ${round}. `.repeat(60), version: doc.version }, token);
      await updated?.arrayBuffer();
      await call('GET', `/api/documents/${doc.id}`, undefined, token).then((r) => r?.arrayBuffer());
      await call('GET', '/api/documents', undefined, token).then((r) => r?.arrayBuffer());
      // Keep the database bounded: the run measures the processes, not a growing table.
      await call('DELETE', `/api/documents/${doc.id}`, undefined, token).then((r) => r?.arrayBuffer());
    }
    await call('GET', '/api/health', undefined).then((r) => r?.arrayBuffer());
    if (round % 5 === 0) {
      // A streamed answer from the offline model, read to the end.
      const chat = await call('POST', '/api/chat', { message: `How do I outline chapter ${round}?`, context: { provider: 'local', model: 'yumi-local', personality: 'teacher', mode: 'main' } }, token);
      await chat?.arrayBuffer();
    }
  }
}

export default async function run(): Promise<BenchResult[]> {
  if (!canRunPostgres) throw new Error('soak needs PostgreSQL (initdb, postgres, pg_isready) on this machine');
  const cluster = await startCluster();
  const dataDir = mkdtempSync(join(tmpdir(), 'yumi-soak-'));
  const env = {
    DATABASE_URL: cluster.url,
    DATA_DIR: dataDir,
    // Both processes seal secrets with one key, as a deployment must (else each warns).
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    METRICS_TOKEN: TOKEN,
    AI_LOCAL_WORD_DELAY_MS: '0',
    API_RATE_LIMIT_PER_MINUTE: '1000000',
    AI_RATE_LIMIT_PER_MINUTE: '1000000',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    AUTH_RATE_LIMIT_PER_EMAIL: '100000',
  };
  const servers: ServerProcess[] = [];
  try {
    // The first migrates the fresh database; the second starts on the migrated one.
    servers.push(await startServerProcess(env));
    servers.push(await startServerProcess(env));
    const started = Date.now();
    const until = started + MINUTES * 60_000;
    const warmedUp = started + MINUTES * 6_000;
    const tallies = servers.map((): Tally => ({ requests: 0, serverErrors: 0, failures: [] }));
    const samples: Sample[][] = servers.map(() => []);
    const sampler = setInterval(() => {
      servers.forEach((s, i) => void sample(s).then((x) => samples[i]!.push(x), (err: unknown) => tallies[i]!.failures.push(`metrics: ${(err as Error).message}`)));
    }, SAMPLE_EVERY_MS);
    console.log(`soak: ${MINUTES} min, ${servers.length} processes x ${USERS_PER_PROCESS} users on PostgreSQL`);
    await Promise.all(servers.flatMap((s, i) => Array.from({ length: USERS_PER_PROCESS }, (_, u) => user(s.base, until, tallies[i]!, u))));
    clearInterval(sampler);
    const seconds = (Date.now() - started) / 1000;

    const results: BenchResult[] = [];
    const problems: string[] = [];
    servers.forEach((_, i) => {
      const name = `process ${i + 1}`;
      const all = samples[i]!;
      const window = Math.max(2, Math.round(all.length / 10));
      const first = typical(all.filter((s) => s.at >= warmedUp).slice(0, window));
      const last = typical(all.slice(-window));
      const tally = tallies[i]!;
      const rssAllowance = first.rssMb * GROWTH_RATIO + GROWTH_SLACK_MB;
      const heapAllowance = first.heapMb * GROWTH_RATIO + GROWTH_SLACK_MB;
      console.log(`soak ${name}: start rss ${first.rssMb.toFixed(0)} MB heap ${first.heapMb.toFixed(0)} MB lag p99 ${first.lagP99Ms.toFixed(1)} ms; end rss ${last.rssMb.toFixed(0)} MB heap ${last.heapMb.toFixed(0)} MB lag p99 ${last.lagP99Ms.toFixed(1)} ms; ${tally.requests} requests, ${tally.serverErrors} 5xx`);
      results.push(
        { name: `soak ${name}: RSS at the end`, value: last.rssMb, unit: 'MB', baseline: { name: 'at the start', value: first.rssMb }, budget: { max: Math.round(rssAllowance) } },
        { name: `soak ${name}: heap used at the end`, value: last.heapMb, unit: 'MB', baseline: { name: 'at the start', value: first.heapMb }, budget: { max: Math.round(heapAllowance) } },
        { name: `soak ${name}: event-loop lag p99 at the end`, value: last.lagP99Ms, unit: 'ms', baseline: { name: 'at the start', value: first.lagP99Ms } },
        { name: `soak ${name}: requests per second`, value: tally.requests / seconds, unit: 'req/s' },
        { name: `soak ${name}: 5xx and network errors`, value: tally.failures.length, unit: 'errors', budget: { max: 0 } },
      );
      if (last.rssMb > rssAllowance) problems.push(`${name}: RSS grew from ${first.rssMb.toFixed(0)} to ${last.rssMb.toFixed(0)} MB`);
      if (last.heapMb > heapAllowance) problems.push(`${name}: heap grew from ${first.heapMb.toFixed(0)} to ${last.heapMb.toFixed(0)} MB`);
      problems.push(...tally.failures.slice(0, 5).map((f) => `${name}: ${f}`));
    });
    if (problems.length > 0) {
      console.table(results);
      throw new Error(`soak failed:\n  ${problems.join('\n  ')}`);
    }
    return results;
  } finally {
    for (const s of servers) {
      s.child.kill('SIGTERM');
      await s.exited;
    }
    await cluster.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
