// Report Helper: plagiarism check of a 5,000-word report against a generated 2,000-document corpus
// (beside merely reading that corpus's fingerprints), and the worst inputs of the PDF export (the export
// of a typical long report is report-pdf.bench.ts).
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/connection';
import { migrate } from '../apps/server/src/db/migrate';
import { readAllFingerprints } from '../apps/server/src/modules/plagiarism/repository';
import { inThisThread } from '../apps/server/src/modules/plagiarism/compare';
import { checkAgainstCorpus, indexSource } from '../apps/server/src/modules/plagiarism/service';
import { median, text } from './prose';
import type { BenchResult } from './types';

async function plagiarism(): Promise<BenchResult[]> {
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database);
  const db = database.db;
  const inserted = (await db.execute(sql`INSERT INTO users (email, username, password_hash) VALUES ('bench@example.com', 'bench', 'x') RETURNING id::text AS id`)) as unknown as { rows: Array<{ id: string }> };
  const userId = inserted.rows[0]!.id;
  const corpus: string[] = [];
  for (let i = 0; i < 2000; i += 1) {
    const body = text(1000 + i, 300 + (i % 400));
    corpus.push(body);
    await indexSource(db, inThisThread, { ownerId: i % 2 ? userId : null, kind: i % 2 ? 'upload' : 'reference', refKey: `doc-${i}`, title: `Corpus document ${i}`, body });
  }
  // A 5,000-word report with passages copied from five corpus documents.
  const parts = [text(7, 1000)];
  for (let k = 0; k < 5; k += 1) parts.push(corpus[k * 311]!.split(' ').slice(20, 80).join(' '), text(70 + k, 740));
  const report = parts.join(' ');
  const checks: number[] = [];
  const reads: number[] = [];
  let similarity = 0;
  for (let run = 0; run < 5; run += 1) {
    let t = performance.now();
    const res = await checkAgainstCorpus(db, inThisThread, userId, { text: report, threshold: 15 }, new Date());
    checks.push(performance.now() - t);
    similarity = res.similarity;
    t = performance.now();
    await readAllFingerprints(db, userId);
    reads.push(performance.now() - t);
  }
  const fps = await readAllFingerprints(db, userId);
  await database.close();
  console.log(`  report ${report.split(' ').length} words, corpus 2000 documents / ${fps} fingerprints, similarity ${similarity}%`);
  return [
    {
      name: 'plagiarism check, 5,000 words vs 2,000 documents',
      value: median(checks),
      unit: 'ms',
      baseline: { name: 'read all corpus fingerprints', value: median(reads) },
      budget: { max: 500 },
    },
  ];
}

/**
 * The worst inputs the export accepts, through the real route (worker thread) while /api/health is probed
 * every 50 ms. Before the linear layout, one 2,000-character word took 7-17 s and 100,000 over 10 minutes,
 * with the server frozen meanwhile.
 */
async function worstPdf(): Promise<BenchResult[]> {
  const { buildApp } = await import('../apps/server/src/app');
  const { testConfig } = await import('../apps/server/src/config');
  const { EXPORT_MAX_LINES, EXPORT_MAX_MARKDOWN } = await import('@yumi/core');
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database);
  const app = await buildApp(testConfig({ API_RATE_LIMIT_PER_MINUTE: '1000000', EXPENSIVE_RATE_LIMIT_PER_MINUTE: '1000' }), { database, serveWeb: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const signup = await (await fetch(`${base}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'pdfbench@example.com', username: 'pdfbench', password: 'secret123' }) })).json();
  const auth = { authorization: `Bearer ${signup.token}` };
  const health = async () => {
    const t = performance.now();
    await fetch(`${base}/api/health`);
    return performance.now() - t;
  };
  const idle: number[] = [];
  for (let i = 0; i < 20; i += 1) idle.push(await health());
  const cases: Array<[string, string]> = [
    ['one 2,000-character word', 'x'.repeat(2_000)],
    ['one 4,000-character word', 'y'.repeat(4_000)],
    ['one 100,000-character word', 'z'.repeat(100_000)],
    ['largest input: one 2,000,000-character word', 'w'.repeat(EXPORT_MAX_MARKDOWN)],
    ['largest input: 2 MB of prose', 'The quick brown fox jumps over the lazy dog. '.repeat(Math.floor(EXPORT_MAX_MARKDOWN / 45))],
    [`largest input: ${EXPORT_MAX_LINES} one-letter paragraphs`, Array.from({ length: EXPORT_MAX_LINES }, () => 'a').join('\n')],
    ['largest input: deep lists', Array.from({ length: EXPORT_MAX_LINES }, (_, i) => `${'  '.repeat(i % 8)}- item ${i}`).join('\n')],
  ];
  const results: BenchResult[] = [];
  let slowestHealth = 0;
  for (const [name, markdown] of cases) {
    let done = false;
    const probing = (async () => {
      while (!done) {
        slowestHealth = Math.max(slowestHealth, await health());
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const t = performance.now();
    const res = await fetch(`${base}/api/report/export/pdf`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ markdown }) });
    await res.arrayBuffer();
    const ms = performance.now() - t;
    done = true;
    await probing;
    if (res.status !== 200) throw new Error(`${name}: HTTP ${res.status}`);
    results.push({ name: `PDF export, ${name}`, value: ms, unit: 'ms', budget: { max: 10_000 } });
  }
  results.push({ name: '/api/health slowest answer during those exports', value: slowestHealth, unit: 'ms', baseline: { name: '/api/health idle (median)', value: median(idle) }, budget: { max: 200 } });
  await app.close();
  await database.close();
  return results;
}

export default async function run(): Promise<BenchResult[]> {
  return [...(await plagiarism()), ...(await worstPdf())];
}
