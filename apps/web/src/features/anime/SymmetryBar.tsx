import { MAX_RADIAL, MIN_RADIAL, SYMMETRY_MODES, type SymmetryMode } from '@yumi/paint';
import { useTranslation } from 'react-i18next';
import { useEngine, useEngineSnapshot } from './engine';

/** Symmetry rulers: off, vertical, horizontal, both, radial (with its number of copies); the centre is the canvas centre. */
export function SymmetryBar() {
  const { t } = useTranslation('anime');
  const engine = useEngine();
  const { symmetry } = useEngineSnapshot();
  return (
    <div className="an-bar-group" role="group" aria-label={t('symmetry.options')}>
      <select className="input an-fill-sample" value={symmetry.mode} aria-label={t('symmetry.mode')} onChange={(e) => engine.setSymmetry({ mode: e.target.value as SymmetryMode })}>
        {SYMMETRY_MODES.map((m) => (
          <option key={m} value={m}>
            {t(`symmetry.modes.${m}`)}
          </option>
        ))}
      </select>
      {symmetry.mode === 'radial' && (
        <label className="an-size-control">
          <span className="an-small">{t('symmetry.copies')}</span>
          <input type="range" min={MIN_RADIAL} max={MAX_RADIAL} value={symmetry.count} aria-label={t('symmetry.copies')} onChange={(e) => engine.setSymmetry({ count: Number(e.target.value) })} />
          <output>{symmetry.count}</output>
        </label>
      )}
    </div>
  );
}
