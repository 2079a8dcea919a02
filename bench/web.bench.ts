// The launcher's weight and Lighthouse scores (DESIGN.md budgets: initial JS of / <= 170 KB gzipped;
// Lighthouse performance and accessibility >= 95). Needs `npm run build` first.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchResult } from './types';

// WEB_BENCH_ROOT: measure a build made elsewhere (a checkout whose apps/*/dist nobody else rewrites).
const root = process.env.WEB_BENCH_ROOT ?? join(import.meta.dirname, '..');
const dist = join(root, 'apps/web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The Vite manifest's entries, the fields read here. */
type ViteManifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;

const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

/**
 * JS chunks a visit to / loads: the entry and the app's start module with their static imports, then the
 * launcher route with its own.
 */
function initialChunks(manifest: ViteManifest): { shell: string[]; launcher: string[] } {
  const collect = (key: string, seen: Set<string>) => {
    const entry = manifest[key];
    if (!entry || seen.has(key)) return;
    seen.add(key);
    for (const next of entry.imports ?? []) collect(next, seen);
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const shell = new Set<string>();
  collect(entryKey, shell);
  // The entry starts the app through one lazy import once the splash has painted (main.tsx): part of the shell.
  collect('src/app/boot.tsx', shell);
  const launcherKey = Object.keys(manifest).find((k) => k.startsWith('src/features/launcher/LauncherPage'))!;
  const launcher = new Set<string>();
  collect(launcherKey, launcher);
  const files = (keys: Set<string>) => [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  return { shell: files(shell), launcher: files(launcher).filter((f) => !files(shell).includes(f)) };
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** One Lighthouse run; null when Lighthouse could not record the page (it then reports a runtime error). */
async function lighthouseRun(url: string, preset: 'mobile' | 'desktop') {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    const config = preset === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined;
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] }, config);
    const { categories, runtimeError } = result!.lhr;
    if (runtimeError || categories.performance?.score == null) return null;
    return { performance: Math.round(categories.performance.score * 100), accessibility: Math.round((categories.accessibility?.score ?? 0) * 100) };
  } finally {
    await chrome.kill();
  }
}

const RUNS = 3;
const middle = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The median of RUNS good runs, as Lighthouse advises for a stable figure; failed recordings are retried. */
async function lighthouseScores(url: string, preset: 'mobile' | 'desktop') {
  const runs: Array<{ performance: number; accessibility: number }> = [];
  for (let attempt = 0; runs.length < RUNS && attempt < RUNS * 2; attempt += 1) {
    const run = await lighthouseRun(url, preset);
    if (run) runs.push(run);
  }
  if (runs.length === 0) throw new Error(`Lighthouse could not record ${url} (${preset})`);
  console.log(`lighthouse ${preset} runs: ${runs.map((r) => r.performance).join(', ')}`);
  return { performance: middle(runs.map((r) => r.performance)), accessibility: middle(runs.map((r) => r.accessibility)) };
}

export default async function run(): Promise<BenchResult[]> {
  const manifestPath = join(dist, 'build-manifest.json');
  if (!existsSync(manifestPath)) throw new Error('apps/web/dist is missing: run `npm run build` first');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as ViteManifest;
  const { shell, launcher } = initialChunks(manifest);
  const shellKb = shell.reduce((n, f) => n + gz(f), 0);
  const launcherKb = launcher.reduce((n, f) => n + gz(f), 0);
  const results: BenchResult[] = [
    { name: 'initial JS of / (gzip -9)', value: shellKb + launcherKb, unit: 'KB', baseline: { name: 'app shell alone', value: shellKb }, budget: { max: 170 } },
  ];

  const port = await freePort();
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: mkdtempSync(join(tmpdir(), 'yumi-bench-web-')), LOG_LEVEL: 'error' },
    stdio: 'ignore',
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i++) {
      if (await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    for (const preset of ['desktop', 'mobile'] as const) {
      const scores = await lighthouseScores(`${base}/`, preset);
      console.log(`lighthouse ${preset} (median of ${RUNS}): performance ${scores.performance}, accessibility ${scores.accessibility}`);
      results.push(
        { name: `lighthouse ${preset} performance`, value: scores.performance, unit: 'pts', baseline: { name: 'perfect', value: 100 }, budget: { min: 95 } },
        { name: `lighthouse ${preset} accessibility`, value: scores.accessibility, unit: 'pts', baseline: { name: 'perfect', value: 100 }, budget: { min: 95 } },
      );
    }
  } finally {
    server.kill();
  }
  return results;
}
