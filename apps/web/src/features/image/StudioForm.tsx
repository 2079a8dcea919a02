import { IMAGE_MAX_COUNT, IMAGE_PROMPT_MAX, IMAGE_SIZE_MAX, IMAGE_SIZE_MIN, type GenerationSettingsInput, type ImageProviderId } from '@yumi/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../shared/hooks/useOnline';
import { Button } from '../../shared/ui/Button';
import { fileToDataUrl, useImageProviders } from '../../shared/image-generation/hooks';

/** What the studio form holds; "reuse settings" fills it from a gallery image. */
export interface StudioSettings {
  prompt: string;
  negativePrompt: string;
  width: number;
  height: number;
  seed: number | null;
  steps: number;
  guidance: number;
  count: number;
  provider: ImageProviderId | '';
  model: string;
  sampler: string;
  init: string | null;
  strength: number;
}

export const DEFAULT_STUDIO: StudioSettings = {
  prompt: '',
  negativePrompt: 'lowres, blurry, watermark, text, bad anatomy',
  width: 768,
  height: 1024,
  seed: null,
  steps: 28,
  guidance: 7,
  count: 1,
  provider: '',
  model: '',
  sampler: '',
  init: null,
  strength: 0.6,
};

const SIZES: Array<[number, number]> = [
  [512, 512],
  [768, 768],
  [1024, 1024],
  [768, 1024],
  [1024, 768],
  [576, 1024],
  [1024, 576],
];

/** The request settings of a studio form. */
export function toRequestSettings(s: StudioSettings, premium: boolean): GenerationSettingsInput {
  return {
    source: 'image',
    negativePrompt: s.negativePrompt,
    width: s.width,
    height: s.height,
    ...(s.seed !== null ? { seed: s.seed } : {}),
    steps: s.steps,
    guidance: s.guidance,
    iterations: premium ? s.count : 1,
    ...(s.provider ? { provider: s.provider } : {}),
    ...(s.model ? { model: s.model } : {}),
    ...(s.sampler ? { sampler: s.sampler } : {}),
    ...(s.init ? { referenceImage: s.init, strength: s.strength } : {}),
    postProcessing: { upscale: false, denoise: false, lineArtCleanup: false, colorCorrection: { contrast: 1, saturation: 1, bloom: 0 } },
  };
}

const clampInt = (v: string, lo: number, hi: number, fallback: number) => {
  const n = Math.round(Number(v));
  return Number.isFinite(n) ? Math.min(hi, Math.max(lo, n)) : fallback;
};

export function StudioForm(props: {
  value: StudioSettings;
  onChange(next: StudioSettings): void;
  onGenerate(): void;
  disabled: boolean;
  premium: boolean;
  blocked: boolean;
}) {
  const { t } = useTranslation('image');
  const { value: s, onChange, disabled, premium } = props;
  const providers = useImageProviders();
  const online = useOnline();
  const [initError, setInitError] = useState<string | null>(null);
  const set = (patch: Partial<StudioSettings>) => onChange({ ...s, ...patch });
  const current = providers.data?.find((p) => p.id === s.provider) ?? providers.data?.find((p) => !p.offline) ?? providers.data?.[0];
  const caps = current?.capabilities;
  const sizeKey = `${s.width}x${s.height}`;

  useEffect(() => {
    // A reused setting may name a provider this server no longer has.
    if (s.provider && providers.data && !providers.data.some((p) => p.id === s.provider)) onChange({ ...s, provider: '', model: '' });
  }, [providers.data, s, onChange]);

  const pickInit = async (file: File | undefined) => {
    setInitError(null);
    if (!file) return;
    if (!file.type.startsWith('image/')) return setInitError(t('errors.notAnImage'));
    if (file.size > 10 * 1024 * 1024) return setInitError(t('errors.tooLarge'));
    set({ init: await fileToDataUrl(file) });
  };

  return (
    <form
      className="studio-form card"
      onSubmit={(e) => {
        e.preventDefault();
        props.onGenerate();
      }}
    >
      <div className="field">
        <label htmlFor="st-prompt">{t('studio.prompt')}</label>
        <textarea id="st-prompt" className="textarea" rows={4} maxLength={IMAGE_PROMPT_MAX} value={s.prompt} placeholder={t('studio.promptPlaceholder')} onChange={(e) => set({ prompt: e.target.value })} disabled={disabled} />
      </div>
      <div className="field">
        <label htmlFor="st-negative">{t('studio.negativePrompt')}</label>
        <textarea id="st-negative" className="textarea" rows={2} maxLength={IMAGE_PROMPT_MAX} value={s.negativePrompt} onChange={(e) => set({ negativePrompt: e.target.value })} disabled={disabled || caps?.negativePrompt === false} />
        {caps?.negativePrompt === false && <span className="muted small">{t('studio.notSupported', { provider: current?.label })}</span>}
      </div>
      <div className="studio-grid">
        <div className="field">
          <label htmlFor="st-provider">{t('studio.provider')}</label>
          <select id="st-provider" className="select" value={s.provider} onChange={(e) => set({ provider: e.target.value as ImageProviderId | '', model: '', sampler: '' })} disabled={disabled || !online}>
            <option value="">{t('studio.providerDefault')}</option>
            {providers.data?.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="st-model">{t('studio.model')}</label>
          <select id="st-model" className="select" value={s.model} onChange={(e) => set({ model: e.target.value })} disabled={disabled || !online || !current?.models.length}>
            <option value="">{current?.defaultModel ?? t('studio.modelDefault')}</option>
            {current?.models.filter((m) => m !== current.defaultModel).map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="st-size">{t('studio.size')}</label>
          <select
            id="st-size"
            className="select"
            value={SIZES.some(([w, h]) => `${w}x${h}` === sizeKey) ? sizeKey : 'custom'}
            onChange={(e) => {
              const [w, h] = e.target.value.split('x').map(Number);
              if (w && h) set({ width: w, height: h });
            }}
            disabled={disabled}
          >
            {SIZES.map(([w, h]) => (
              <option key={`${w}x${h}`} value={`${w}x${h}`}>
                {w} × {h}
              </option>
            ))}
            <option value="custom">{t('studio.customSize')}</option>
          </select>
        </div>
        <div className="field studio-wh">
          <label htmlFor="st-width">{t('studio.widthHeight')}</label>
          <div>
            <input id="st-width" className="input" type="number" min={IMAGE_SIZE_MIN} max={IMAGE_SIZE_MAX} step={8} value={s.width} aria-label={t('studio.width')} onChange={(e) => set({ width: clampInt(e.target.value, IMAGE_SIZE_MIN, IMAGE_SIZE_MAX, s.width) })} disabled={disabled} />
            <span aria-hidden="true">×</span>
            <input className="input" type="number" min={IMAGE_SIZE_MIN} max={IMAGE_SIZE_MAX} step={8} value={s.height} aria-label={t('studio.height')} onChange={(e) => set({ height: clampInt(e.target.value, IMAGE_SIZE_MIN, IMAGE_SIZE_MAX, s.height) })} disabled={disabled} />
          </div>
        </div>
        <div className="field">
          <label htmlFor="st-seed">{t('studio.seed')}</label>
          <div className="studio-seed">
            <input id="st-seed" className="input" type="number" min={0} max={4294967295} placeholder={t('studio.seedRandom')} value={s.seed ?? ''} onChange={(e) => set({ seed: e.target.value === '' ? null : clampInt(e.target.value, 0, 4294967295, 0) })} disabled={disabled} />
            <Button size="sm" variant="ghost" onClick={() => set({ seed: null })} disabled={disabled || s.seed === null}>
              {t('studio.seedRandomButton')}
            </Button>
          </div>
        </div>
        <div className="field">
          <label htmlFor="st-count">{t('studio.count')}</label>
          <input id="st-count" className="input" type="number" min={1} max={premium ? IMAGE_MAX_COUNT : 1} value={premium ? s.count : 1} onChange={(e) => set({ count: clampInt(e.target.value, 1, IMAGE_MAX_COUNT, 1) })} disabled={disabled || !premium} />
        </div>
        <div className="field">
          <label htmlFor="st-steps">
            {t('studio.steps')} <output>{s.steps}</output>
          </label>
          <input id="st-steps" type="range" min={1} max={80} value={s.steps} onChange={(e) => set({ steps: Number(e.target.value) })} disabled={disabled || caps?.steps === false} />
        </div>
        <div className="field">
          <label htmlFor="st-guidance">
            {t('studio.guidance')} <output>{s.guidance}</output>
          </label>
          <input id="st-guidance" type="range" min={1} max={20} step={0.5} value={s.guidance} onChange={(e) => set({ guidance: Number(e.target.value) })} disabled={disabled || caps?.guidance === false} />
        </div>
        {!!caps?.samplers.length && (
          <div className="field">
            <label htmlFor="st-sampler">{t('studio.sampler')}</label>
            <select id="st-sampler" className="select" value={s.sampler} onChange={(e) => set({ sampler: e.target.value })} disabled={disabled}>
              <option value="">{t('studio.modelDefault')}</option>
              {caps.samplers.map((x) => (
                <option key={x} value={x}>
                  {x}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <div className="studio-init">
        <label className="ag-ref-drop studio-init-drop">
          <input type="file" accept="image/png,image/jpeg,image/webp" className="visually-hidden" onChange={(e) => void pickInit(e.target.files?.[0])} disabled={disabled || !premium} />
          {s.init ? <img src={s.init} alt={t('studio.initAlt')} /> : <span>{t('studio.initAdd')}</span>}
        </label>
        <div className="studio-init-text">
          <strong>{t('studio.img2img')}</strong>
          <p className="muted small">{premium ? (caps?.img2img === false ? t('studio.img2imgPalette') : t('studio.img2imgHint')) : t('studio.img2imgPremium')}</p>
          {s.init && (
            <>
              <div className="ag-slider">
                <label htmlFor="st-strength">
                  {t('studio.strength')} <output>{s.strength.toFixed(2)}</output>
                </label>
                <input id="st-strength" type="range" min={0.05} max={1} step={0.05} value={s.strength} onChange={(e) => set({ strength: Number(e.target.value) })} disabled={disabled} />
              </div>
              <Button size="sm" variant="ghost" onClick={() => set({ init: null })} disabled={disabled}>
                {t('studio.initRemove')}
              </Button>
            </>
          )}
          {initError && <p className="field-error">{initError}</p>}
        </div>
      </div>
      {!online && (
        <p className="alert alert-info" role="status" data-testid="generate-on-device">
          {t('studio.onDevice')}
        </p>
      )}
      <Button type="submit" variant="primary" block disabled={disabled || props.blocked}>
        {disabled ? t('generate.generating') : t('studio.generate')}
      </Button>
    </form>
  );
}
