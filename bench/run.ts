// `npm run bench`: runs every bench/*.bench.ts (or those named on the command line) and prints one table.
// Each figure is printed beside a baseline measured in the same run, since absolute times drift here.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchResult } from './types';

const dir = import.meta.dirname;
const only = process.argv.slice(2);
/** Runs too long for every `npm run bench`: only when named (`npm run bench -- soak`). */
const ON_REQUEST = ['soak.bench.ts'];
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => (only.length === 0 ? !ON_REQUEST.includes(f) : only.some((o) => f.includes(o))))
  .sort();

const rows: Array<BenchResult & { file: string }> = [];
for (const file of files) {
  process.stdout.write(`running ${file}…\n`);
  const mod = (await import(pathToFileURL(join(dir, file)).href)) as { default: () => Promise<BenchResult[]> };
  for (const r of await mod.default()) rows.push({ ...r, file });
}

const fmt = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2));
const table = rows.map((r) => {
  const verdict =
    r.budget?.max !== undefined ? (r.value <= r.budget.max ? 'ok' : 'OVER') : r.budget?.min !== undefined ? (r.value >= r.budget.min ? 'ok' : 'UNDER') : '';
  return {
    benchmark: r.name,
    value: `${fmt(r.value)} ${r.unit}`,
    baseline: r.baseline ? `${r.baseline.name}: ${fmt(r.baseline.value)} ${r.unit}` : '',
    budget: r.budget?.max !== undefined ? `<= ${r.budget.max}` : r.budget?.min !== undefined ? `>= ${r.budget.min}` : '',
    verdict,
  };
});
console.table(table);
