import { DEFAULT_GENERATION_OPTIONS, imagesApi, type GeneratedImage, type PostProcessing } from '@yumi/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../shared/api/client';
import { Button } from '../../shared/ui/Button';

/** The post-processing tools (upscale, denoise, line-art clean-up, contrast, saturation, bloom) on a gallery image or an upload. */
export function PostProcessPanel({ source, onDone }: { source: { imageId: string } | { image: string }; onDone(image: GeneratedImage): void }) {
  const { t } = useTranslation('image');
  const [p, setP] = useState<PostProcessing>(() => structuredClone(DEFAULT_GENERATION_OPTIONS.postProcessing) as PostProcessing);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cc = p.colorCorrection;
  const toggle = (key: 'upscale' | 'denoise' | 'lineArtCleanup') => (
    <label className="ag-toggle" key={key}>
      <input type="checkbox" checked={p[key]} onChange={(e) => setP({ ...p, [key]: e.target.checked })} disabled={busy} />
      <span className="ag-toggle-track" aria-hidden="true" />
      <span>{t(`custom.${key}`)}</span>
    </label>
  );
  const slider = (key: 'contrast' | 'saturation' | 'bloom', min: number, max: number) => (
    <div className="ag-slider" key={key}>
      <label htmlFor={`pp-${key}`}>
        {t(`custom.${key}`)} <output>{cc[key].toFixed(2)}</output>
      </label>
      <input id={`pp-${key}`} type="range" min={min} max={max} step={0.05} value={cc[key]} onChange={(e) => setP({ ...p, colorCorrection: { ...cc, [key]: Number(e.target.value) } })} disabled={busy} />
    </div>
  );
  const apply = async () => {
    setBusy(true);
    setError(null);
    try {
      onDone(await call(imagesApi.process, { body: { ...source, postProcessing: p } }, { timeoutMs: 120_000 }));
    } catch (err) {
      setError((err as Error).message || t('errors.unexpected'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="pp-panel">
      <h4>{t('tools.title')}</h4>
      <div className="pp-grid">
        {toggle('upscale')}
        {toggle('denoise')}
        {toggle('lineArtCleanup')}
        {slider('contrast', 0.5, 2)}
        {slider('saturation', 0, 2)}
        {slider('bloom', 0, 1)}
      </div>
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      <Button variant="primary" size="sm" onClick={() => void apply()} disabled={busy}>
        {busy ? t('tools.applying') : t('tools.apply')}
      </Button>
    </div>
  );
}
