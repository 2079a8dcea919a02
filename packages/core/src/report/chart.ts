/** Chart Generator rules (first document §3, §5, §9). */

export const CHART_TYPES = ['line', 'bar', 'doughnut', 'pie', 'scatter'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export const SAMPLE_CHART = {
  title: 'Sample Chart',
  data: '10,20,30,40,50',
  labels: 'Jan,Feb,Mar,Apr,May',
} as const;

/** More points than this make an unreadable chart and a slow tab; the input says so instead. */
export const CHART_MAX_POINTS = 1000;

/** The five-colour palette. */
export const CHART_PALETTE = ['#8b5cf6', '#ec4899', '#3b82f6', '#10b981', '#f59e0b'] as const;

/** A cell or entry that is a number: finite, written in the usual decimal form ("1e3" included). */
const isNumber = (v: string) => v !== '' && Number.isFinite(Number(v));

/** Comma-separated entries, trimmed; stray commas (empty entries) are dropped. */
const entries = (input: string) =>
  input
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

export type ChartInputProblem =
  | { kind: 'tooMany'; count: number; max: number }
  /** Entry `index` (1-based) of the values or of the scatter's x values is not a number. */
  | { kind: 'notNumber'; field: 'data' | 'x'; index: number; value: string }
  /** A scatter needs one x for every value. */
  | { kind: 'xCount'; x: number; data: number }
  | null;

export interface ParsedChart {
  data: number[];
  labels: string[];
  /** Scatter only: the x of each point (the labels field holds them). */
  x: number[];
  /** The preview shows only when both lists are non-empty, numeric and within the limit. */
  canPreview: boolean;
  problem: ChartInputProblem;
}

/** Numbers of a comma-separated list, or the first entry that is not one (never dropped silently). */
function numbers(input: string, field: 'data' | 'x'): { values: number[]; problem: ChartInputProblem } {
  const list = entries(input);
  const bad = list.findIndex((v) => !isNumber(v));
  if (bad >= 0) return { values: [], problem: { kind: 'notNumber', field, index: bad + 1, value: list[bad]!.slice(0, 40) } };
  return { values: list.map(Number), problem: null };
}

/** Chart input as typed: values, and labels (or, for a scatter, the x of each value). */
export function parseChartInput(data: string, labels: string, type: ChartType = 'bar'): ParsedChart {
  const d = numbers(data, 'data');
  const scatter = type === 'scatter';
  const x = scatter ? numbers(labels, 'x') : { values: [], problem: null };
  const l = scatter ? [] : entries(labels);
  const count = Math.max(d.values.length, scatter ? x.values.length : l.length, entries(data).length);
  let problem: ChartInputProblem = d.problem ?? x.problem;
  if (!problem && count > CHART_MAX_POINTS) problem = { kind: 'tooMany', count, max: CHART_MAX_POINTS };
  if (!problem && scatter && x.values.length && d.values.length && x.values.length !== d.values.length) problem = { kind: 'xCount', x: x.values.length, data: d.values.length };
  const filled = d.values.length > 0 && (scatter ? x.values.length > 0 : l.length > 0);
  return { data: d.values, labels: l, x: x.values, canPreview: filled && !problem, problem };
}

/** `#rrggbb` plus alpha as an rgba() string. */
export function withAlpha(hex: string, alpha: number): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

/**
 * Colours of the one dataset: pie and doughnut take one palette colour per value (cycling); every other
 * type uses the first colour with a half-transparent fill.
 */
export function datasetColours(type: ChartType, count: number): { backgroundColor: string | string[]; borderColor: string | string[] } {
  if (type === 'pie' || type === 'doughnut') {
    const colours = Array.from({ length: count }, (_, i) => CHART_PALETTE[i % CHART_PALETTE.length]!);
    return { backgroundColor: colours, borderColor: colours };
  }
  return { backgroundColor: withAlpha(CHART_PALETTE[0], 0.5), borderColor: CHART_PALETTE[0] };
}

/** PNG export name with a timestamp, e.g. chart-2026-03-01T09-00-00.png. */
export function chartFileName(now: Date): string {
  return `chart-${now.toISOString().slice(0, 19).replace(/:/g, '-')}.png`;
}

/** Table rows read from CSV/XLSX before the rest is ignored (the tool says so). */
export const TABLE_MAX_ROWS = 10_000;

/** Columns of a table whose values are numeric in at least half of the non-empty cells. */
export function numericColumns(rows: readonly (readonly string[])[]): number[] {
  const width = rows.reduce((m, r) => Math.max(m, r.length), 0);
  const out: number[] = [];
  for (let c = 0; c < width; c += 1) {
    let filled = 0;
    let numeric = 0;
    for (const r of rows) {
      const v = (r[c] ?? '').trim();
      if (!v) continue;
      filled += 1;
      if (isNumber(v)) numeric += 1;
    }
    if (filled > 0 && numeric * 2 >= filled) out.push(c);
  }
  return out;
}

/** A table cell that cannot be charted: `row` is the file's line (the header is row 1). */
export interface ChartCellProblem {
  row: number;
  column: number;
  value: string;
  /** How many cells of the charted columns are not numbers (this one included). */
  count: number;
}

/**
 * Chart input from two table columns (the rows under the header). Every value cell, and for a scatter
 * every x cell, must be a number: the first one that is not is named with its row and column instead of
 * being skipped, so values and labels never drift apart.
 */
export function chartFromColumns(
  rows: readonly (readonly string[])[],
  labelColumn: number,
  valueColumn: number,
  type: ChartType = 'bar',
): { ok: true; data: string; labels: string; truncated: boolean } | { ok: false; problem: ChartCellProblem } {
  const labels: string[] = [];
  const values: string[] = [];
  let problem: ChartCellProblem | null = null;
  const numericColumns = type === 'scatter' ? [labelColumn, valueColumn] : [valueColumn];
  for (const [i, r] of rows.entries()) {
    for (const c of numericColumns) {
      const v = (r[c] ?? '').trim();
      if (isNumber(v)) continue;
      if (problem) problem.count += 1;
      else problem = { row: i + 2, column: c, value: v.slice(0, 40), count: 1 };
    }
    values.push((r[valueColumn] ?? '').trim());
    labels.push((r[labelColumn] ?? '').replace(/,/g, ' ').trim() || String(labels.length + 1));
  }
  if (problem) return { ok: false, problem };
  return {
    ok: true,
    data: values.slice(0, CHART_MAX_POINTS).join(', '),
    labels: labels.slice(0, CHART_MAX_POINTS).join(', '),
    truncated: values.length > CHART_MAX_POINTS,
  };
}
