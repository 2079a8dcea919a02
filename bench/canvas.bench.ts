// The canvas budget measured where it matters: in headless Chromium (Debian's), driving the real engine
// in a page with a real <canvas>. `npx tsx bench/run.ts canvas`
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { join } from 'node:path';
import type { BenchResult } from './types';

const FRAME_BUDGET_MS = 16;
const round = (v: number) => Number(v.toFixed(3));

interface PageResult {
  paint: BenchResult[];
  page: { frames: { p50: number; p95: number; p99: number; max: number }; undo: { p50: number; p95: number; max: number } };
}

export default async function run(): Promise<BenchResult[]> {
  const bundle = await build({
    entryPoints: [join(import.meta.dirname, 'canvas-page.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    minify: true,
    // paint.bench.ts checks process.argv when run directly; in the page it is never the entry.
    banner: { js: 'var process = { argv: [], env: {} };' },
  });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setContent('<!doctype html><body></body>');
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
    if (errors.length > 0) throw new Error(`bench page failed: ${errors.join('; ')}`);
    const r = (await page.evaluate(() => (window as unknown as { __bench: () => Promise<unknown> }).__bench(), undefined)) as PageResult;
    const f = r.page.frames;
    return [
      ...r.paint.map((b) => ({ ...b, name: `chromium ${b.name}` })),
      { name: 'chromium page frame incl. putImageData of dirty rects, p50 (2048², 20 layers, 30 px)', value: round(f.p50), unit: 'ms', budget: { max: FRAME_BUDGET_MS } },
      { name: 'chromium page frame incl. putImageData, p99', value: round(f.p99), unit: 'ms', budget: { max: FRAME_BUDGET_MS } },
      { name: 'chromium page frame incl. putImageData, max (3 strokes)', value: round(f.max), unit: 'ms' },
      { name: 'chromium undo of the stroke incl. putImageData, median of 3', value: round(r.page.undo.p50), unit: 'ms', budget: { max: FRAME_BUDGET_MS } },
      { name: 'chromium undo of the stroke incl. putImageData, max of 3', value: round(r.page.undo.max), unit: 'ms' },
    ];
  } finally {
    await browser.close();
  }
}
