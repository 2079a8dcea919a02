import { isLanguage, reportApi, type PdfExportOptions } from '@yumi/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, callRaw } from '../../../shared/api/client';
import { Button } from '../../../shared/ui/Button';
import { toast } from '../../../shared/ui/toast';
import { useReport } from '../context';
import { downloadBlob, fileNameOf } from '../../../shared/files/download';

/** PDF Export: the server renders the report (see docs/adr/0001-pdf-export.md). */
export function PdfTool() {
  const { t, i18n } = useTranslation('report');
  const r = useReport();
  const [opts, setOpts] = useState<PdfExportOptions>({ includeReferences: true, includeFigures: true, includeAppendices: true, academicFormat: false });
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const used = new Set(r.report.figures.keys());
      const res = await callRaw(
        reportApi.exportPdf,
        { body: { language: isLanguage(i18n.language) ? i18n.language : 'en', markdown: r.text, references: r.meta.references, style: r.meta.style, figures: r.meta.figures.filter((f) => used.has(f.id)), options: opts } },
        { timeoutMs: 120_000 },
      );
      const blob = await res.blob();
      downloadBlob(blob, fileNameOf(res, 'report.pdf'));
      const errors = Number(res.headers.get('x-report-math-errors') ?? 0);
      toast(errors ? 'warning' : 'success', errors ? t('pdf.mathErrors', { count: errors }) : t('pdf.done', { pages: res.headers.get('x-report-pages') }));
    } catch (err) {
      toast('error', err instanceof ApiError && err.status === 401 ? t('common.signInNeeded') : t('pdf.failed', { message: (err as Error).message }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="rt-panel">
      {(['includeReferences', 'includeFigures', 'includeAppendices', 'academicFormat'] as const).map((k) => (
        <label key={k} className="rt-check">
          <input type="checkbox" checked={opts[k]} onChange={(e) => setOpts({ ...opts, [k]: e.target.checked })} /> {t(`pdf.${k}`)}
        </label>
      ))}
      <Button variant="primary" disabled={busy || !r.text.trim()} onClick={() => void run()}>{busy ? t('pdf.exporting') : t('pdf.export')}</Button>
    </div>
  );
}
