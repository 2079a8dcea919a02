import { defaultControlSettings, type CreativeControlSettings } from '@yumi/core';
import { BRUSH_CATEGORIES, BRUSH_PRESETS, getBrushPreset, TIP_SHAPES, type BrushSettings, type TipShape } from '@yumi/paint';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackgroundSettingsPanel, CreativeControlPanel, defaultBackground, type BackgroundSettings } from '../../../shared/writing';
import { useEngine, useEngineSnapshot } from '../engine';
import { useAnime } from '../store';
import { formatBytes } from './HistoryPanel';
import { GenerateVersions } from './GenerateVersions';
import { PressureCurveEditor } from './PressureCurveEditor';

type NumericKey = 'size' | 'opacity' | 'hardness' | 'pressureSensitivity' | 'spacing' | 'scattering' | 'rotation' | 'flowRate' | 'smoothing';
/** Spec §5 bounds: customisation size 0.1-100 step 0.1, opacity 1-100, hardness 0-100. */
const SLIDERS: { key: NumericKey; min: number; max: number; step: number }[] = [
  { key: 'size', min: 0.1, max: 100, step: 0.1 },
  { key: 'opacity', min: 1, max: 100, step: 1 },
  { key: 'hardness', min: 0, max: 100, step: 1 },
  { key: 'pressureSensitivity', min: 0, max: 100, step: 1 },
  { key: 'spacing', min: 1, max: 200, step: 1 },
  { key: 'scattering', min: 0, max: 100, step: 1 },
  { key: 'rotation', min: 0, max: 360, step: 1 },
  { key: 'flowRate', min: 1, max: 100, step: 1 },
  { key: 'smoothing', min: 0, max: 100, step: 1 },
];

/** Shared settings the anime page keeps for the background and the AI control (persisted with the page store). */
export function useCustomizeState() {
  const [background, setBackground] = useState<BackgroundSettings>(() => defaultBackground(1));
  const [control, setControl] = useState<CreativeControlSettings>(() => defaultControlSettings('writing'));
  return { background, setBackground, control, setControl };
}

/** Spec §2 customisation panel: brush presets, current brush, detail tools, generate versions, background, AI personality. */
export function CustomizePanel({ background, setBackground, control, setControl }: ReturnType<typeof useCustomizeState>) {
  const { t } = useTranslation('anime');
  const engine = useEngine();
  const snap = useEngineSnapshot();
  const { penOnly, set } = useAnime();
  const b = snap.brush;
  const preset = snap.presetId ? getBrushPreset(snap.presetId) : undefined;
  const setBrush = (p: Partial<BrushSettings>) => engine.setBrush(p);
  const pick = (id: string) => {
    engine.selectPreset(id);
    set({ canvasTool: 'paint', activeItem: id });
  };
  const mem = engine.memoryUsage();

  return (
    <div className="an-customize-panel">
      <h4>{t('customize.presets')}</h4>
      {BRUSH_CATEGORIES.map((cat) => {
        const list = BRUSH_PRESETS.filter((p) => p.category === cat && !p.basedOn);
        if (list.length === 0) return null;
        return (
          <div key={cat} className="an-preset-group">
            <small className="muted">{t(`customize.categories.${cat}`)}</small>
            <div className="an-chips">
              {list.map((p) => (
                <button key={p.id} type="button" className={`btn btn-sm ${snap.presetId === p.id ? 'btn-primary' : ''}`} aria-pressed={snap.presetId === p.id} title={`${p.minSize}-${p.maxSize} px`} onClick={() => pick(p.id)}>
                  {t(`brushes.${p.id}`)}
                </button>
              ))}
            </div>
          </div>
        );
      })}
      <h4>{t('customize.detailTools')}</h4>
      <div className="an-chips">
        {BRUSH_PRESETS.filter((p) => p.basedOn).map((p) => (
          <button key={p.id} type="button" className={`btn btn-sm ${snap.presetId === p.id ? 'btn-primary' : ''}`} aria-pressed={snap.presetId === p.id} onClick={() => pick(p.id)}>
            {t(`brushes.${p.id}`)}
          </button>
        ))}
      </div>
      <h4>
        {t('customize.current')}: {snap.presetId ? t(`brushes.${snap.presetId}`) : '—'}
        {preset && <small className="muted"> ({t('customize.range', { min: preset.minSize, max: preset.maxSize })})</small>}
      </h4>
      {SLIDERS.map((s) => (
        <label key={s.key} className="field compact">
          <span>
            {t(`customize.settings.${s.key}`)} <b>{Number(b[s.key].toFixed(1))}</b>
          </span>
          <input type="range" min={s.key === 'size' && preset ? Math.max(s.min, preset.minSize) : s.min} max={s.key === 'size' && preset ? Math.min(s.max, preset.maxSize) : s.max} step={s.step} value={b[s.key]} onChange={(e) => setBrush({ [s.key]: Number(e.target.value) })} />
        </label>
      ))}
      <h4>{t('curve.label')}</h4>
      <PressureCurveEditor />
      <label className="field compact">
        <span>{t('customize.settings.tipShape')}</span>
        <select className="input" value={b.tipShape} onChange={(e) => setBrush({ tipShape: e.target.value as TipShape })}>
          {TIP_SHAPES.map((s) => (
            <option key={s} value={s}>
              {t(`customize.tips.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="an-switch-row">
        <input type="checkbox" checked={b.tapering.enabled} onChange={(e) => setBrush({ tapering: { ...b.tapering, enabled: e.target.checked, startTaper: b.tapering.startTaper || 20, endTaper: b.tapering.endTaper || 30 } })} />
        <span>{t('customize.settings.tapering')}</span>
      </label>
      {b.tapering.enabled &&
        (['startTaper', 'endTaper'] as const).map((k) => (
          <label key={k} className="field compact">
            <span>
              {t(`customize.settings.${k}`)} <b>{b.tapering[k]}</b>
            </span>
            <input type="range" min={0} max={200} value={b.tapering[k]} onChange={(e) => setBrush({ tapering: { ...b.tapering, [k]: Number(e.target.value) } })} />
          </label>
        ))}
      <label className="an-switch-row">
        <input type="checkbox" checked={!!b.texturePath} disabled={preset ? !preset.supportsTexture : false} onChange={(e) => setBrush(e.target.checked ? { texturePath: 'paper', textureStrength: b.textureStrength ?? 60 } : { texturePath: undefined })} />
        <span>{t('customize.settings.texture')}</span>
      </label>
      <label className="an-switch-row">
        <input type="checkbox" checked={penOnly} onChange={(e) => set({ penOnly: e.target.checked })} />
        <span>{t('customize.penOnly')}</span>
      </label>
      <p className="muted an-small">{t('customize.historyBudget', { used: formatBytes(mem.bytes), budget: formatBytes(mem.budgetBytes) })}</p>
      <h4>{t('customize.generateVersions')}</h4>
      <GenerateVersions />
      <h4>{t('customize.background')}</h4>
      <BackgroundSettingsPanel value={background} onChange={setBackground} />
      <CreativeControlPanel value={control} onChange={setControl} />
    </div>
  );
}
