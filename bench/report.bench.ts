// Report Helper: plagiarism check of a 5,000-word report against a generated 2,000-document corpus
// (beside merely reading that corpus's fingerprints), and the PDF export of a 20-page report.
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/connection';
import { migrate } from '../apps/server/src/db/migrate';
import { readAllFingerprints } from '../apps/server/src/modules/plagiarism/repository';
import { inThisThread } from '../apps/server/src/modules/plagiarism/compare';
import { checkAgainstCorpus, indexSource } from '../apps/server/src/modules/plagiarism/service';
import { renderReportPdf } from '../apps/server/src/modules/report/pdf';
import type { BenchResult } from './types';

const VOCAB = Array.from({ length: 6000 }, (_, i) => {
  const syll = ['ka', 'lo', 'mi', 'ren', 'tu', 'sa', 'vor', 'el', 'qui', 'dan', 'pho', 'ster'];
  return syll[i % 12]! + syll[Math.floor(i / 12) % 12]! + (i >= 144 ? syll[Math.floor(i / 144) % 12] : '');
});
function rng(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}
function text(seed: number, words: number): string {
  const r = rng(seed);
  // Zipf-like: common words repeat, as in real prose.
  return Array.from({ length: words }, () => VOCAB[Math.floor(VOCAB.length * r() ** 3)]).join(' ');
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

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

async function pdf(): Promise<BenchResult[]> {
  const chart = (hue: string) =>
    sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"><rect width="640" height="360" fill="#fff"/>${Array.from({ length: 8 }, (_, i) => `<rect x="${40 + i * 70}" y="${340 - (i + 2) * 30}" width="50" height="${(i + 2) * 30}" fill="${hue}"/>`).join('')}</svg>`))
      .png()
      .toBuffer();
  const figures = await Promise.all(['#8b5cf6', '#ec4899', '#3b82f6', '#10b981'].map(async (c, i) => ({ id: `fig${i}`, caption: `Measurement series ${i + 1}`, image: `data:image/png;base64,${(await chart(c)).toString('base64')}` })));
  const equations = ['E = mc^2', '\\int_0^\\infty e^{-x^2}\\,dx = \\frac{\\sqrt{\\pi}}{2}', '\\sum_{n=1}^{\\infty} \\frac{1}{n^2} = \\frac{\\pi^2}{6}', '\\nabla \\cdot \\mathbf{E} = \\frac{\\rho}{\\varepsilon_0}', 'f(x) = \\frac{1}{\\sigma\\sqrt{2\\pi}} e^{-\\frac{(x-\\mu)^2}{2\\sigma^2}}', 'a^2 + b^2 = c^2', '\\frac{\\partial u}{\\partial t} = \\alpha \\nabla^2 u', 'P(A|B) = \\frac{P(B|A)P(A)}{P(B)}', '\\lim_{x \\to 0} \\frac{\\sin x}{x} = 1', 'i\\hbar\\frac{\\partial}{\\partial t}\\Psi = \\hat{H}\\Psi'];
  const para = (i: number) => `${text(i, 120)} as shown in [@ref${i % 8}] and @fig:fig${i % 4}.`;
  const sections = Array.from({ length: 10 }, (_, s) => [`## Section ${s + 1}`, para(s * 10), `$$${equations[s]}$$`, para(s * 10 + 1), ...(s % 3 === 0 && s / 3 < 4 ? [`![Measurement series ${s / 3 + 1}](figure:fig${s / 3})`] : []), ...Array.from({ length: 6 }, (_, p) => para(s * 10 + 2 + p))].join('\n\n'));
  const markdown = `# A Twenty Page Benchmark Report\n\n## Abstract\n${para(999)}\n\n${sections.join('\n\n')}`;
  const references = Array.from({ length: 8 }, (_, i) => ({ id: `ref${i}`, type: 'article-journal', title: `Study number ${i}`, author: [{ family: `Author${i}`, given: 'A.' }], issued: { 'date-parts': [[2000 + i]] }, 'container-title': 'Journal of Benchmarks' }));
  const options = { includeReferences: true, includeFigures: true, includeAppendices: true, academicFormat: false };
  await renderReportPdf({ markdown: '# warm up\n\n$$x$$', references: [], style: 'apa', figures: [], options, date: new Date() });
  const times: number[] = [];
  let pages = 0;
  for (let run = 0; run < 3; run += 1) {
    const t = performance.now();
    const out = await renderReportPdf({ markdown, references, style: 'apa', figures, options, date: new Date() });
    times.push(performance.now() - t);
    pages = out.pages;
  }
  console.log(`  PDF: ${pages} pages, 10 equations, 4 charts`);
  return [{ name: `PDF export, ${pages}-page report`, value: median(times), unit: 'ms' }];
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
  return [...(await plagiarism()), ...(await pdf()), ...(await worstPdf())];
}
