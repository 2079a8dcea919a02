import { SMART_BRUSH_MODES, SMART_BRUSH_PRESETS, type SmartBrushSettings } from '@yumi/imaging';
import { useTranslation } from 'react-i18next';
import { useEngine } from '../engine';
import { useAnime } from '../store';
import { Button } from '../../../shared/ui/Button';

/** Spec §4 smart brush: ON/OFF; controls only when ON; presets set the mode and sliders. Click the canvas to fill. */
export function SmartBrushPanel() {
  const { t } = useTranslation('anime');
  const engine = useEngine();
  const { smartEnabled, smart, set } = useAnime();
  const patch = (p: Partial<SmartBrushSettings>) => set({ smart: { ...smart, ...p } });
  return (
    <div className="an-smart-panel">
      <label className="an-switch-row">
        <input
          type="checkbox"
          role="switch"
          checked={smartEnabled}
          onChange={(e) => {
            set({ smartEnabled: e.target.checked, canvasTool: 'paint' });
            if (e.target.checked && engine.tool !== 'brush') engine.selectPreset('basic-brush');
          }}
        />
        <strong>{smartEnabled ? t('smart.on') : t('smart.off')}</strong>
      </label>
      <p className="muted an-small">{t('smart.hint')}</p>
      {smartEnabled && (
        <>
          <div className="an-chips">
            {SMART_BRUSH_PRESETS.map((p) => (
              <Button size="sm" key={p.id} onClick={() => set({ smart: { ...p.settings } })}>
                {t(p.nameKey)}
              </Button>
            ))}
          </div>
          <label className="field">
            <span>{t('smart.mode')}</span>
            <select className="input" value={smart.mode} onChange={(e) => patch({ mode: e.target.value as SmartBrushSettings['mode'] })}>
              {SMART_BRUSH_MODES.map((m) => (
                <option key={m} value={m}>
                  {t(`smart.modes.${m}`)}
                </option>
              ))}
            </select>
          </label>
          {(['sensitivity', 'blendStrength', 'detailLevel'] as const).map((k) => (
            <label key={k} className="field">
              <span>{t(`smart.${k}`, { value: smart[k] })}</span>
              <input type="range" min={0} max={100} value={smart[k]} onChange={(e) => patch({ [k]: Number(e.target.value) })} />
            </label>
          ))}
          {(['preserveDetails', 'edgeDetection', 'colorBlending'] as const).map((k) => (
            <label key={k} className="an-switch-row">
              <input type="checkbox" checked={smart[k]} onChange={(e) => patch({ [k]: e.target.checked })} />
              <span>{t(`smart.${k}`)}</span>
            </label>
          ))}
        </>
      )}
    </div>
  );
}
