import { imagesApi, OUTLINE_RANGE, OUTLINE_THICKNESS } from '@yumi/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../shared/api/client';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { Tabs } from '../../shared/ui/Tabs';
import { downloadImage, fileToDataUrl } from '../../shared/image-generation/hooks';

type Source = 'image' | 'text';

/** The AI outline generator: line art from an uploaded sketch or photo, or from a description. */
export function OutlineDialog({ open, onOpenChange, onUse }: { open: boolean; onOpenChange(v: boolean): void; onUse(url: string): void }) {
  const { t } = useTranslation('image');
  const [source, setSource] = useState<Source>('image');
  const [image, setImage] = useState<string | null>(null);
  const [prompt, setPrompt] = useState('');
  const [strength, setStrength] = useState(0.5);
  const [detailLevel, setDetailLevel] = useState(0.5);
  const [thickness, setThickness] = useState<number>(OUTLINE_THICKNESS.default);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [outline, setOutline] = useState<string | null>(null);
  const ready = source === 'image' ? !!image : !!prompt.trim();

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (!file.type.startsWith('image/')) return setError(t('errors.notAnImage'));
    if (file.size > 10 * 1024 * 1024) return setError(t('errors.tooLarge'));
    setImage(await fileToDataUrl(file));
  };

  const run = async () => {
    if (!ready) return setError(t('outline.needsInput'));
    setBusy(true);
    setError(null);
    try {
      // `ready` holds an image for an image source.
      const body = source === 'image' ? { type: 'image' as const, image: image ?? '', strength, detailLevel, thickness } : { type: 'text' as const, prompt, strength, detailLevel, thickness };
      const res = await call(imagesApi.outline, { body }, { timeoutMs: 120_000 });
      setOutline(res.outlineUrl);
    } catch (err) {
      setError((err as Error).message || t('outline.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('outline.title')} description={t('outline.description')} wide>
      <div className="ol-body">
        <div className="ol-input">
          <Tabs
            label={t('outline.source')}
            value={source}
            onValueChange={(v) => setSource(v as Source)}
            items={[
              {
                id: 'image',
                label: t('outline.from.image'),
                disabled: busy,
                content: (
                  <label className="ol-drop">
                    <input type="file" accept="image/png,image/jpeg,image/webp" className="visually-hidden" onChange={(e) => void pick(e.target.files?.[0])} disabled={busy} />
                    {image ? <img src={image} alt={t('outline.sourceImage')} /> : <span>{t('outline.upload')}</span>}
                  </label>
                ),
              },
              {
                id: 'text',
                label: t('outline.from.text'),
                disabled: busy,
                content: (
                  <div className="field">
                    <label htmlFor="ol-prompt">{t('outline.prompt')}</label>
                    <textarea id="ol-prompt" className="textarea" rows={5} value={prompt} maxLength={2000} placeholder={t('outline.promptPlaceholder')} onChange={(e) => setPrompt(e.target.value)} disabled={busy} />
                  </div>
                ),
              },
            ]}
          />
          <div className="ag-slider">
            <label htmlFor="ol-strength">
              {t('outline.strength')} <output>{strength.toFixed(1)}</output>
            </label>
            <input id="ol-strength" type="range" min={OUTLINE_RANGE.min} max={OUTLINE_RANGE.max} step={OUTLINE_RANGE.step} value={strength} onChange={(e) => setStrength(Number(e.target.value))} disabled={busy} />
          </div>
          <div className="ag-slider">
            <label htmlFor="ol-detail">
              {t('outline.detailLevel')} <output>{detailLevel.toFixed(1)}</output>
            </label>
            <input id="ol-detail" type="range" min={OUTLINE_RANGE.min} max={OUTLINE_RANGE.max} step={0.1} value={detailLevel} onChange={(e) => setDetailLevel(Number(e.target.value))} disabled={busy} />
          </div>
          <div className="ag-slider">
            <label htmlFor="ol-thickness">
              {t('outline.thickness')} <output>{t('outline.thicknessValue', { px: thickness })}</output>
            </label>
            <input id="ol-thickness" type="range" min={OUTLINE_THICKNESS.min} max={OUTLINE_THICKNESS.max} step={1} value={thickness} onChange={(e) => setThickness(Number(e.target.value))} disabled={busy} />
          </div>
          {!ready && <p className="muted small">{t('outline.needsInput')}</p>}
          {error && (
            <div className="alert alert-error" role="alert">
              {error}
            </div>
          )}
        </div>
        <div className="ol-result" aria-live="polite">
          {busy ? <div className="spinner" aria-label={t('outline.generating')} /> : outline ? <img src={outline} alt={t('outline.result')} /> : <span className="muted small">{t('outline.empty')}</span>}
        </div>
      </div>
      <div className="dialog-actions">
        {outline && (
          <>
            <Button onClick={() => downloadImage(outline, 'yumi-outline.png')}>{t('outline.download')}</Button>
            <Button onClick={() => onUse(outline)}>{t('result.editInCreation')}</Button>
          </>
        )}
        <Button variant="primary" disabled={!ready || busy} onClick={() => void run()}>
          {busy ? t('outline.generating') : t('outline.generate')}
        </Button>
      </div>
    </Dialog>
  );
}
