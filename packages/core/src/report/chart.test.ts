import { describe, expect, it } from 'vitest';
import { CHART_MAX_POINTS, CHART_PALETTE, chartFileName, chartFromColumns, datasetColours, numericColumns, parseChartData, parseChartInput, parseChartLabels, SAMPLE_CHART } from './chart';

describe('chart input (first document §5, §9)', () => {
  it('splits data on commas, trims and drops non-numeric entries', () => {
    expect(parseChartData(' 10, 20 ,abc, 30,, 4.5e1 , -2, NaN, Infinity')).toEqual([10, 20, 30, 45, -2]);
    expect(parseChartLabels(' Jan , Feb,, Mar ')).toEqual(['Jan', 'Feb', 'Mar']);
  });
  it('previews only when both data and labels are non-empty', () => {
    expect(parseChartInput('', 'a').canPreview).toBe(false);
    expect(parseChartInput('x, y', 'a').canPreview).toBe(false);
    expect(parseChartInput('1', '').canPreview).toBe(false);
    expect(parseChartInput(SAMPLE_CHART.data, SAMPLE_CHART.labels)).toMatchObject({ canPreview: true, data: [10, 20, 30, 40, 50], labels: ['Jan', 'Feb', 'Mar', 'Apr', 'May'] });
    expect(SAMPLE_CHART.title).toBe('Sample Chart');
  });
  it('refuses 10,000 labels with a limit that says so', () => {
    const labels = Array.from({ length: 10_000 }, (_, i) => `L${i}`).join(',');
    const r = parseChartInput('1,2', labels);
    expect(r.canPreview).toBe(false);
    expect(r.problem).toEqual({ kind: 'tooMany', count: 10_000, max: CHART_MAX_POINTS });
  });
  it('uses the palette: one half-transparent colour, or one colour per slice', () => {
    expect(datasetColours('bar', 3)).toEqual({ backgroundColor: 'rgba(139, 92, 246, 0.5)', borderColor: CHART_PALETTE[0] });
    expect(datasetColours('pie', 7).backgroundColor).toEqual([...CHART_PALETTE, CHART_PALETTE[0], CHART_PALETTE[1]]);
  });
  it('names the PNG with a timestamp', () => {
    expect(chartFileName(new Date('2026-03-01T09:08:07Z'))).toBe('chart-2026-03-01T09-08-07.png');
  });
  it('reads table columns, skipping rows of mixed types with their labels', () => {
    const rows = [['Jan', '10'], ['Feb', 'n/a'], ['Mar', '30'], ['Apr', '']];
    expect(numericColumns(rows)).toEqual([1]);
    expect(chartFromColumns(rows, 0, 1)).toEqual({ data: '10, 30', labels: 'Jan, Mar', skipped: 2, truncated: false });
    const big = Array.from({ length: 5000 }, (_, i) => [`r${i}`, String(i)]);
    const out = chartFromColumns(big, 0, 1);
    expect(out.truncated).toBe(true);
    expect(out.data.split(',').length).toBe(CHART_MAX_POINTS);
  });
});
