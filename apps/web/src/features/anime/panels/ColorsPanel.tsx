import { parseHexColor } from '@yumi/paint';
import { Pipette, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rgbToHex, useEngine, useEngineSnapshot } from '../engine';
import { useAnime } from '../store';
import { ColorWheel } from './ColorWheel';

const HEX = /^#?[0-9a-f]{6}$/i;

/** Spec §5: colour channels 0-255, hex, eyedropper, the 9-colour palette (no duplicates), recent colours. */
export function ColorsPanel() {
  const { t } = useTranslation('anime');
  const engine = useEngine();
  const snap = useEngineSnapshot();
  const { palette, recentColors, canvasTool, addColor, rememberColor, set } = useAnime();
  const hex = rgbToHex(snap.color);
  const [hexInput, setHexInput] = useState(hex);
  useEffect(() => setHexInput(hex), [hex]);

  const choose = (c: string) => {
    engine.setColor(c);
    rememberColor(c);
  };
  const channel = (k: 'r' | 'g' | 'b', v: number) => engine.setColor({ ...snap.color, [k]: Math.max(0, Math.min(255, Math.round(v || 0))) });

  return (
    <div className="an-colors-panel">
      <div className="an-color-current">
        <input type="color" value={hex} aria-label={t('colors.picker')} onChange={(e) => choose(e.target.value)} />
        <label className="field">
          <span>{t('colors.hex')}</span>
          <input
            className="input"
            value={hexInput}
            maxLength={7}
            aria-invalid={!HEX.test(hexInput)}
            onChange={(e) => {
              setHexInput(e.target.value);
              if (HEX.test(e.target.value)) choose(`#${e.target.value.replace('#', '').toLowerCase()}`);
            }}
          />
        </label>
        <button type="button" className={`btn btn-sm ${canvasTool === 'eyedropper' ? 'btn-primary' : ''}`} aria-pressed={canvasTool === 'eyedropper'} onClick={() => set({ canvasTool: canvasTool === 'eyedropper' ? 'paint' : 'eyedropper' })}>
          <Pipette size={15} aria-hidden /> {t('colors.eyedropper')}
        </button>
      </div>
      <ColorWheel />
      {(['r', 'g', 'b'] as const).map((k) => (
        <label key={k} className="an-channel">
          <span>{t(`colors.${k}`)}</span>
          <input type="range" min={0} max={255} value={snap.color[k]} onChange={(e) => channel(k, Number(e.target.value))} aria-label={t(`colors.${k}`)} />
          <input type="number" className="input" min={0} max={255} value={snap.color[k]} onChange={(e) => channel(k, Number(e.target.value))} aria-label={t(`colors.${k}`)} />
        </label>
      ))}
      <h4>{t('colors.palette')}</h4>
      <div className="an-swatches">
        {palette.map((c) => (
          <button key={c} type="button" className={`an-swatch ${c === hex ? 'is-active' : ''}`} style={{ background: c }} aria-label={c} title={c} onClick={() => choose(c)} />
        ))}
        <button type="button" className="an-swatch an-swatch-add" aria-label={t('colors.add')} title={t('colors.add')} disabled={palette.includes(hex)} onClick={() => addColor(hex)}>
          <Plus size={15} />
        </button>
      </div>
      {recentColors.length > 0 && (
        <>
          <h4>{t('colors.recent')}</h4>
          <div className="an-swatches">
            {recentColors.map((c) => (
              <button key={c} type="button" className="an-swatch" style={{ background: c }} aria-label={c} title={c} onClick={() => engine.setColor(parseHexColor(c))} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
