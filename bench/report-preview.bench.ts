// Report Helper: the live preview after a keystroke in a 10-page report, in headless Chromium (Debian's),
// as the screen does it (parse, React render of the Preview with KaTeX, layout). Budget: 50 ms.
// `npx tsx bench/run.ts report-preview`
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { join } from 'node:path';
import type { BenchResult } from './types';

const round = (v: number) => Number(v.toFixed(2));

interface PageResult {
  words: number;
  keystroke: { p50: number; p95: number; max: number };
  bare: { p50: number; p95: number; max: number };
}

export default async function run(): Promise<BenchResult[]> {
  const bundle = await build({
    entryPoints: [join(import.meta.dirname, 'report-preview-page.ts')],
    // REPORT_PREVIEW_MODULE: measure another version of the component (before/after figures).
    alias: { 'yumi-report-preview': process.env.REPORT_PREVIEW_MODULE ?? join(import.meta.dirname, '../apps/web/src/features/report/Preview.tsx') },
    bundle: true,
    write: false,
    outdir: join(import.meta.dirname, '.out'),
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    jsx: 'automatic',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.woff': 'empty', '.woff2': 'empty', '.ttf': 'empty' },
    logLevel: 'error',
  });
  const js = bundle.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  const css = bundle.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? '';
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setContent(`<!doctype html><html><head><style>${css}</style></head><body></body></html>`);
    await page.addScriptTag({ content: js });
    if (errors.length > 0) throw new Error(`bench page failed: ${errors.join('; ')}`);
    const r = (await page.evaluate(() => (window as unknown as { __bench: () => Promise<unknown> }).__bench(), undefined)) as PageResult;
    console.log(`  report ${r.words} words; keystroke p50 ${round(r.keystroke.p50)} ms, p95 ${round(r.keystroke.p95)} ms, max ${round(r.keystroke.max)} ms`);
    return (['p50', 'p95'] as const).map((p) => ({
      name: `report preview after a keystroke, 10 pages (${r.words} words), ${p}`,
      value: round(r.keystroke[p]),
      unit: 'ms',
      baseline: { name: `same text into one <pre>, ${p}`, value: round(r.bare[p]) },
      budget: { max: 50 },
    }));
  } finally {
    await browser.close();
  }
}
