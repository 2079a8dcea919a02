import { EXPORT_FORMATS, type ExportFormat } from '@yumi/core';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast';
import { useEngine, useEngineSnapshot } from '../engine';
import { downloadBlob } from '../../../shared/files/download';
import { exportDrawing } from '../lib/exporting';
import { useAnime } from '../store';
import { Button } from '../../../shared/ui/Button';
import { SegmentedControl } from '../../../shared/ui/SegmentedControl';

/** Spec §9 export: png (default), jpg, webp, svg, plus PSD; quality 1-100 (JPEG/WebP), size 1-400 %. */
export function ExportPanel() {
  const { t } = useTranslation('anime');
  const engine = useEngine();
  const snap = useEngineSnapshot();
  const { exportFormat, exportQuality, exportSize, characterName, set } = useAnime();
  const [busy, setBusy] = useState(false);
  const w = Math.max(1, Math.round((snap.width * exportSize) / 100));
  const h = Math.max(1, Math.round((snap.height * exportSize) / 100));
  const sized = exportFormat !== 'psd';
  const lossy = exportFormat === 'jpg' || exportFormat === 'webp';

  const run = async () => {
    setBusy(true);
    try {
      const blob = await exportDrawing(engine, { format: exportFormat, quality: exportQuality, sizePercent: exportSize });
      const base = (characterName.trim() || 'yumi-character').replace(/[^\p{L}\p{N}_-]+/gu, '-');
      downloadBlob(blob, `${base}.${exportFormat}`);
      toast('success', t('export.done'));
    } catch (err) {
      console.error('export failed', err);
      toast('error', t('export.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="an-export-panel">
      <SegmentedControl<ExportFormat> label={t('export.format')} value={exportFormat} onValueChange={(f) => set({ exportFormat: f })} options={EXPORT_FORMATS.map((f) => ({ value: f, label: f.toUpperCase() }))} />
      {lossy && (
        <label className="field">
          <span>{t('export.quality', { value: exportQuality })}</span>
          <input type="range" min={1} max={100} value={exportQuality} onChange={(e) => set({ exportQuality: Number(e.target.value) })} />
        </label>
      )}
      {sized && (
        <label className="field">
          <span>{t('export.size', { value: exportSize, width: w, height: h })}</span>
          <input type="range" min={1} max={400} value={exportSize} onChange={(e) => set({ exportSize: Number(e.target.value) })} />
        </label>
      )}
      <p className="muted an-small">{t(`export.hint.${exportFormat}`)}</p>
      <Button variant="primary" block disabled={busy} onClick={run}>
        <Download size={16} aria-hidden /> {busy ? t('export.working') : t('export.download')}
      </Button>
    </div>
  );
}
