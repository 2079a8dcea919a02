import './writing-shared.css';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SegmentedControl } from '../ui/SegmentedControl';
import { toast } from '../ui/toast';
import {
  clampOpacity,
  GRADIENT_PRESETS,
  imageFileToDataUrl,
  OPACITY_MAX,
  OPACITY_MIN,
  OPACITY_STEP,
  type BackgroundSettings,
} from './background';

/** Solid colour, gradient preset or uploaded image, with an opacity slider (0.1 to 1, step 0.1). */
export function BackgroundSettingsPanel({ value, onChange }: { value: BackgroundSettings; onChange(next: BackgroundSettings): void }) {
  const { t } = useTranslation('writing');
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      onChange({ ...value, type: 'image', image: await imageFileToDataUrl(file) });
    } catch (err) {
      toast('error', (err as Error).message === 'too-large' ? t('background.tooLarge') : t('background.notImage'));
    }
  };

  return (
    <div className="bg-settings">
      {/* "Image" is there to choose once an image is uploaded (the button below); moving through the choices with
          the arrow keys never opens a file picker. */}
      <SegmentedControl
        label={t('background.type')}
        value={value.type}
        onValueChange={(type) => onChange({ ...value, type })}
        options={(['solid', 'gradient', 'image'] as const).map((type) => ({ value: type, label: t(`background.${type}`), disabled: type === 'image' && !value.image }))}
      />
      {value.type === 'solid' && (
        <div className="field">
          <label htmlFor={`${id}-color`}>{t('background.color')}</label>
          <input id={`${id}-color`} type="color" className="color-input" value={value.color} onChange={(e) => onChange({ ...value, color: e.target.value })} />
        </div>
      )}
      {value.type === 'gradient' && (
        <div className="gradient-grid">
          {GRADIENT_PRESETS.map((g) => (
            <button
              key={g.id}
              type="button"
              className={`gradient-swatch ${value.gradient === g.value ? 'selected' : ''}`}
              style={{ background: g.value }}
              aria-pressed={value.gradient === g.value}
              onClick={() => onChange({ ...value, gradient: g.value })}
            >
              <span>{t(`background.gradients.${g.id}`)}</span>
            </button>
          ))}
        </div>
      )}
      <div className="field" style={{ marginTop: 12 }}>
        <button type="button" className="btn btn-sm" onClick={() => fileRef.current?.click()}>
          {value.image ? t('background.changeImage') : t('background.uploadImage')}
        </button>
        <input ref={fileRef} type="file" accept="image/*" hidden aria-label={t('background.uploadImage')} onChange={(e) => void onFile(e.target.files?.[0])} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-opacity`}>
          {t('background.opacity')}: {value.opacity.toFixed(1)}
        </label>
        <input
          id={`${id}-opacity`}
          type="range"
          min={OPACITY_MIN}
          max={OPACITY_MAX}
          step={OPACITY_STEP}
          value={value.opacity}
          onChange={(e) => onChange({ ...value, opacity: clampOpacity(Number(e.target.value)) })}
        />
      </div>
    </div>
  );
}
