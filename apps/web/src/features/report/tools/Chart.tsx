import { CHART_MAX_POINTS, CHART_TYPES, chartFileName, chartFromColumns, datasetColours, numericColumns, parseChartInput, SAMPLE_CHART, type ChartType } from '@yumi/core';
import { Chart, registerables } from 'chart.js';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button';
import { toast } from '../../../shared/ui/toast';
import { useReport } from '../context';

Chart.register(...registerables);

/** Chart Generator: Chart.js preview, PNG export, insert as a numbered figure; CSV/XLSX columns as input. */
export function ChartTool() {
  const { t } = useTranslation('report');
  const r = useReport();
  const [type, setType] = useState<ChartType>('bar');
  const [title, setTitle] = useState('');
  const [data, setData] = useState('');
  const [labels, setLabels] = useState('');
  const [cols, setCols] = useState<{ label: number; value: number }>({ label: 0, value: 1 });
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart | null>(null);
  const parsed = useMemo(() => parseChartInput(data, labels), [data, labels]);

  useEffect(() => {
    chart.current?.destroy();
    chart.current = null;
    if (!parsed.canPreview || !canvas.current) return;
    const values = parsed.data;
    chart.current = new Chart(canvas.current, {
      type,
      data: {
        labels: parsed.labels,
        datasets: [{ label: title || t('chart.series'), data: type === 'scatter' ? values.map((y, i) => ({ x: i + 1, y })) : values, ...datasetColours(type, values.length), borderWidth: 2 }],
      },
      options: { animation: false, responsive: false, plugins: { title: { display: !!title, text: title }, legend: { display: type === 'pie' || type === 'doughnut' } } },
    });
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, [parsed, type, title, t]);

  const png = () => canvas.current?.toDataURL('image/png') ?? '';
  const exportPng = () => {
    const a = document.createElement('a');
    a.href = png();
    a.download = chartFileName(new Date());
    a.click();
  };
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
    const out = chartFromColumns(body, cols.label, cols.value);
    setData(out.data);
    setLabels(out.labels);
    if (!title) setTitle(table.rows[0]?.[cols.value] ?? table.name);
    const notes = [out.skipped ? t('chart.skipped', { count: out.skipped }) : '', out.truncated ? t('chart.truncatedPoints', { max: CHART_MAX_POINTS }) : ''].filter(Boolean);
    if (notes.length) toast('info', notes.join(' '));
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
      <label className="field"><span>{t('chart.labels')}</span><input className="input" value={labels} onChange={(e) => setLabels(e.target.value)} placeholder={t('chart.labelsPlaceholder')} /></label>
      {parsed.problem && <div className="alert alert-warning" role="alert">{t('chart.tooMany', { count: parsed.problem.count, max: parsed.problem.max })}</div>}
      {table && (
        <div className="card rt-table">
          <div className="small">{t('chart.tableFrom', { name: table.name, rows: table.rows.length })}</div>
          <label className="field"><span>{t('chart.labelColumn')}</span>
            <select className="input" value={cols.label} onChange={(e) => setCols({ ...cols, label: Number(e.target.value) })}>
              {(table.rows[0] ?? []).map((h, i) => <option key={i} value={i}>{h || `#${i + 1}`}</option>)}
            </select>
          </label>
          <label className="field"><span>{t('chart.valueColumn')}</span>
            <select className="input" value={cols.value} onChange={(e) => setCols({ ...cols, value: Number(e.target.value) })}>
              {(table.rows[0] ?? []).map((h, i) => <option key={i} value={i} disabled={!numeric.includes(i)}>{h || `#${i + 1}`}</option>)}
            </select>
          </label>
          <Button size="sm" onClick={fromTable}>{t('chart.useColumns')}</Button>
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
