// Writing Helper: the live counters run on every keystroke, and autosave PUTs the whole document.
// Each figure sits beside a same-run baseline (a bare whitespace split; a health-check request).
import { diffWords } from '../packages/core/src';
import { countCharacters, countWords, textStats } from '../packages/core/src';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/connection';
import { migrate } from '../apps/server/src/db/migrate';
import type { BenchResult } from './types';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
function time(fn: () => unknown, rounds = 15): number {
  fn();
  const xs: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const t0 = performance.now();
    fn();
    xs.push(performance.now() - t0);
  }
  return median(xs);
}

const sentence = 'The rain fell softly on the old station while Yumi waited for the last train home. ';
const doc = (chars: number) => sentence.repeat(Math.ceil(chars / sentence.length)).slice(0, chars);

export default async function run(): Promise<BenchResult[]> {
  const big = doc(200_000);
  const stats = time(() => textStats(big));
  const counters = time(() => countWords(big) + countCharacters(big));
  const split = time(() => big.split(/\s+/).length);

  // A model revision touches words all through a passage: every fourth sentence changed, 6k characters.
  const a = doc(6_000);
  const b = a.split('. ').map((s, i) => (i % 4 === 0 ? s.replace('rain', 'snow').replace('train', 'bus') : s)).join('. ');
  const diff = time(() => diffWords(a, b), 5);

  const database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database);
  const app = await buildApp(testConfig({ AUTH_RATE_LIMIT_PER_IP: '100000' }), { database, serveWeb: false });
  const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'bench@example.com', username: 'bench', password: 'secret123' } });
  const auth = { authorization: `Bearer ${signup.json().token}` };
  const created = await app.inject({ method: 'POST', url: '/api/documents', headers: auth, payload: { content: '' } });
  const id = created.json().id as string;
  let version = 1;
  const content = doc(100_000);
  const saves: number[] = [];
  const health: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    let t0 = performance.now();
    const res = await app.inject({ method: 'PUT', url: `/api/documents/${id}`, headers: auth, payload: { content: content + i, version } });
    saves.push(performance.now() - t0);
    version = res.json().version;
    t0 = performance.now();
    await app.inject({ url: '/api/health' });
    health.push(performance.now() - t0);
  }
  await app.close();
  await database.close();

  return [
    { name: 'writing: live word+char counters, 200k chars', value: counters, unit: 'ms', baseline: { name: 'whitespace split', value: split } },
    { name: 'writing: full feedback statistics, 200k chars', value: stats, unit: 'ms', baseline: { name: 'whitespace split', value: split } },
    { name: 'writing: word diff of a revised 6k-char passage', value: diff, unit: 'ms' },
    { name: 'writing: autosave PUT of a 100k-char document', value: median(saves), unit: 'ms', baseline: { name: 'GET /api/health', value: median(health) } },
  ];
}
