import { CHART_MAX_POINTS, CHART_TYPES, chartFileName, chartFromColumns, datasetColours, numericColumns, parseChartInput, SAMPLE_CHART, type ChartInputProblem, type ChartType } from '@yumi/core';
import type { TFunction } from 'i18next';
import { Chart, registerables } from 'chart.js';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadUrl } from '../../../shared/files/download';
import { Button } from '../../../shared/ui/Button';
import { toast } from '../../../shared/ui/toast';
import { useReport } from '../context';

Chart.register(...registerables);

/** The typed input's problem in words (which entry is not a number, and where). */
function problemText(t: TFunction<'report'>, p: NonNullable<ChartInputProblem>): string {
  if (p.kind === 'tooMany') return t('chart.tooMany', { count: p.count, max: p.max });
  if (p.kind === 'xCount') return t('chart.xCount', { x: p.x, data: p.data });
  return t(p.field === 'x' ? 'chart.xNotNumber' : 'chart.notNumber', { index: p.index, value: p.value });
}

/**
 * Chart Generator: Chart.js preview, PNG export, insert as a numbered figure; CSV/XLSX columns as input.
 * A scatter plots (x, y) pairs: its x comes from the labels field or the label column, as numbers.
 */
export function ChartTool() {
  const { t } = useTranslation('report');
  const r = useReport();
  const [type, setType] = useState<ChartType>('bar');
  const [title, setTitle] = useState('');
  const [data, setData] = useState('');
  const [labels, setLabels] = useState('');
  const [cols, setCols] = useState<{ label: number; value: number }>({ label: 0, value: 1 });
  const [tableError, setTableError] = useState<string | null>(null);
  const scatter = type === 'scatter';
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart | null>(null);
  const parsed = useMemo(() => parseChartInput(data, labels, type), [data, labels, type]);

  useEffect(() => {
    chart.current?.destroy();
    chart.current = null;
    if (!parsed.canPreview || !canvas.current) return;
    const values = parsed.data;
    chart.current = new Chart(canvas.current, {
      type,
      data: {
        labels: type === 'scatter' ? undefined : parsed.labels,
        datasets: [{ label: title || t('chart.series'), data: type === 'scatter' ? values.map((y, i) => ({ x: parsed.x[i]!, y })) : values, ...datasetColours(type, values.length), borderWidth: 2 }],
      },
      // Drawn at 3x (960 x 660 pixels): as a figure it prints at 200 dpi or finer, 4.8 inches wide.
      options: { animation: false, responsive: false, devicePixelRatio: 3, plugins: { title: { display: !!title, text: title }, legend: { display: type === 'pie' || type === 'doughnut' } } },
    });
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, [parsed, type, title, t]);

  const png = () => canvas.current?.toDataURL('image/png') ?? '';
  const exportPng = () => downloadUrl(png(), chartFileName(new Date()));
  const insert = () => {
    const id = `chart${Date.now().toString(36)}`;
    const caption = title || t('chart.series');
    r.updateMeta((m) => ({ figures: [...m.figures, { id, caption, image: png() }] }));
    r.insertAtCursor(`\n\n![${caption.replace(/[[\]]/g, '')}](figure:${id})\n\n`);
    toast('success', t('chart.inserted'));
  };
  const table = r.table;
  const numeric = table ? numericColumns(table.rows.slice(1)) : [];
  const fromTable = () => {
    if (!table) return;
    const body = table.rows.slice(1);
    const out = chartFromColumns(body, cols.label, cols.value, type);
    if (!out.ok) {
      const { row, column, value, count } = out.problem;
      const name = table.rows[0]?.[column] || `#${column + 1}`;
      const first = value ? t('chart.cellNotNumber', { row, column: name, value }) : t('chart.cellEmpty', { row, column: name });
      setTableError(count > 1 ? `${first} ${t('chart.moreCells', { count: count - 1 })}` : first);
      return;
    }
    setTableError(null);
    setData(out.data);
    setLabels(out.labels);
    if (!title) setTitle(table.rows[0]?.[cols.value] ?? table.name);
    if (out.truncated) toast('info', t('chart.truncatedPoints', { max: CHART_MAX_POINTS }));
  };
  return (
    <div className="rt-panel">
      <label className="field">
        <span>{t('chart.type')}</span>
        <select className="input" value={type} onChange={(e) => setType(e.target.value as ChartType)}>
          {CHART_TYPES.map((c) => <option key={c} value={c}>{t(`chart.types.${c}`)}</option>)}
        </select>
      </label>
      <label className="field"><span>{t('chart.title')}</span><input className="input" value={title} onChange={(e) => setTitle(e.target.value)} /></label>
      <label className="field"><span>{t('chart.data')}</span><input className="input" value={data} onChange={(e) => setData(e.target.value)} placeholder={t('chart.dataPlaceholder')} /></label>
      <label className="field"><span>{scatter ? t('chart.xValues') : t('chart.labels')}</span><input className="input" value={labels} onChange={(e) => setLabels(e.target.value)} placeholder={scatter ? t('chart.xPlaceholder') : t('chart.labelsPlaceholder')} /></label>
      {parsed.problem && <div className="alert alert-warning" role="alert">{problemText(t, parsed.problem)}</div>}
      {table && (
        <div className="card rt-table">
          <div className="small">{t('chart.tableFrom', { name: table.name, rows: table.rows.length })}</div>
          <label className="field"><span>{scatter ? t('chart.xColumn') : t('chart.labelColumn')}</span>
            <select className="input" value={cols.label} onChange={(e) => setCols({ ...cols, label: Number(e.target.value) })}>
              {(table.rows[0] ?? []).map((h, i) => <option key={i} value={i} disabled={scatter && !numeric.includes(i)}>{h || `#${i + 1}`}</option>)}
            </select>
          </label>
          <label className="field"><span>{t('chart.valueColumn')}</span>
            <select className="input" value={cols.value} onChange={(e) => setCols({ ...cols, value: Number(e.target.value) })}>
              {(table.rows[0] ?? []).map((h, i) => <option key={i} value={i} disabled={!numeric.includes(i)}>{h || `#${i + 1}`}</option>)}
            </select>
          </label>
          <Button size="sm" onClick={fromTable}>{t('chart.useColumns')}</Button>
          {tableError && <div className="alert alert-error small" role="alert">{tableError}</div>}
        </div>
      )}
      <div className="row-wrap">
        <Button size="sm" onClick={() => { setData(SAMPLE_CHART.data); setLabels(SAMPLE_CHART.labels); setTitle(SAMPLE_CHART.title); }}>{t('chart.sample')}</Button>
        <Button size="sm" disabled={!parsed.canPreview} onClick={exportPng}>{t('chart.png')}</Button>
        <Button size="sm" variant="primary" disabled={!parsed.canPreview} onClick={insert}>{t('chart.insert')}</Button>
      </div>
      {parsed.canPreview ? <canvas ref={canvas} width={320} height={220} className="rt-canvas" aria-label={t('chart.preview')} role="img" /> : <p className="small muted">{t('chart.needBoth')}</p>}
    </div>
  );
}
