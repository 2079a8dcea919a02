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

/** Data values: split on commas, trimmed, non-numeric entries dropped. */
export function parseChartData(input: string): number[] {
  return input
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '' && Number.isFinite(Number(s)))
    .map(Number);
}

/** Labels: split on commas and trimmed (empty entries from stray commas are dropped). */
export function parseChartLabels(input: string): string[] {
  return input
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

export type ChartInputProblem = { kind: 'tooMany'; count: number; max: number } | null;

export interface ParsedChart {
  data: number[];
  labels: string[];
  /** The preview shows only when both lists are non-empty and within the limit. */
  canPreview: boolean;
  problem: ChartInputProblem;
}

export function parseChartInput(data: string, labels: string): ParsedChart {
  const d = parseChartData(data);
  const l = parseChartLabels(labels);
  const count = Math.max(d.length, l.length);
  const problem: ChartInputProblem = count > CHART_MAX_POINTS ? { kind: 'tooMany', count, max: CHART_MAX_POINTS } : null;
  return { data: d, labels: l, canPreview: d.length > 0 && l.length > 0 && !problem, problem };
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
      if (Number.isFinite(Number(v))) numeric += 1;
    }
    if (filled > 0 && numeric * 2 >= filled) out.push(c);
  }
  return out;
}

/**
 * Chart input from two table columns: rows whose value is not a number are skipped together with
 * their label, so mixed-type columns never shift labels against values.
 */
export function chartFromColumns(
  rows: readonly (readonly string[])[],
  labelColumn: number,
  valueColumn: number,
): { data: string; labels: string; skipped: number; truncated: boolean } {
  const labels: string[] = [];
  const values: string[] = [];
  let skipped = 0;
  for (const r of rows) {
    const v = (r[valueColumn] ?? '').trim();
    if (v === '' || !Number.isFinite(Number(v))) {
      skipped += 1;
      continue;
    }
    values.push(v);
    labels.push((r[labelColumn] ?? '').replace(/,/g, ' ').trim() || String(labels.length + 1));
  }
  const truncated = values.length > CHART_MAX_POINTS;
  return {
    data: values.slice(0, CHART_MAX_POINTS).join(', '),
    labels: labels.slice(0, CHART_MAX_POINTS).join(', '),
    skipped,
    truncated,
  };
}
