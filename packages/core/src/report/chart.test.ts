import { describe, expect, it } from 'vitest';
import { CHART_MAX_POINTS, CHART_PALETTE, chartFileName, chartFromColumns, datasetColours, numericColumns, parseChartInput, SAMPLE_CHART } from './chart';

describe('chart input (first document §5, §9)', () => {
  it('splits on commas and trims; an entry that is not a number is refused by its position, never dropped', () => {
    expect(parseChartInput(' 10, 20 ,, 4.5e1 , -2', ' Jan , Feb,, Mar ,Apr')).toMatchObject({ data: [10, 20, 45, -2], labels: ['Jan', 'Feb', 'Mar', 'Apr'], canPreview: true, problem: null });
    for (const [input, index, value] of [['10, 20 ,abc, 30', 3, 'abc'], ['1, NaN', 2, 'NaN'], ['Infinity', 1, 'Infinity'], ['12%', 1, '12%']] as const) {
      const r = parseChartInput(input, 'a,b,c,d');
      expect(r.problem, input).toEqual({ kind: 'notNumber', field: 'data', index, value });
      expect(r.canPreview).toBe(false);
    }
  });
  it('a scatter takes its x from the labels field: numbers, one per value', () => {
    expect(parseChartInput('3, 5, 4', '0.5, 1, 2.5', 'scatter')).toMatchObject({ x: [0.5, 1, 2.5], data: [3, 5, 4], labels: [], canPreview: true });
    expect(parseChartInput('3, 5', '1, two', 'scatter').problem).toEqual({ kind: 'notNumber', field: 'x', index: 2, value: 'two' });
    expect(parseChartInput('3, 5, 4', '1, 2', 'scatter').problem).toEqual({ kind: 'xCount', x: 2, data: 3 });
    // The same fields as a bar chart: the x values are labels.
    expect(parseChartInput('3, 5', '1, 2', 'bar').labels).toEqual(['1', '2']);
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
  it('reads table columns and refuses a cell that is not a number by its row and column', () => {
    const rows = [['Jan', '10'], ['Feb', 'n/a'], ['Mar', '30'], ['Apr', '']];
    expect(numericColumns(rows)).toEqual([1]);
    // Row 3 of the file: the header is row 1, "Feb" row 3.
    expect(chartFromColumns(rows, 0, 1)).toEqual({ ok: false, problem: { row: 3, column: 1, value: 'n/a', count: 2 } });
    expect(chartFromColumns([['Jan', '10'], ['Feb', '20']], 0, 1)).toEqual({ ok: true, data: '10, 20', labels: 'Jan, Feb', truncated: false });
    // A scatter's x column must be numeric too.
    expect(chartFromColumns([['1', '10'], ['x2', '20']], 0, 1, 'scatter')).toEqual({ ok: false, problem: { row: 3, column: 0, value: 'x2', count: 1 } });
    const big = Array.from({ length: 5000 }, (_, i) => [`r${i}`, String(i)]);
    const out = chartFromColumns(big, 0, 1);
    expect(out.ok && out.truncated).toBe(true);
    expect(out.ok && out.data.split(',').length).toBe(CHART_MAX_POINTS);
  });
});
