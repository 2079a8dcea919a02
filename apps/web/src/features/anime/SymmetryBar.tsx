import { MAX_RADIAL, MIN_RADIAL, SYMMETRY_MODES, type SymmetryMode } from '@yumi/paint';
import { useTranslation } from 'react-i18next';
import { useEngine, useEngineSnapshot } from './engine';

/**
 * Symmetry rulers: off, vertical, horizontal, both, radial (with its number of copies) and where the
 * centre is: typed in (arrow keys move it a pixel, Shift+arrows ten), dragged on the canvas by its
 * handle, or put back in the middle. Kept with the drawing.
 */
export function SymmetryBar() {
  const { t } = useTranslation('anime');
  const engine = useEngine();
  const { symmetry, width, height } = useEngineSnapshot();
  const centreInput = (axis: 'cx' | 'cy', max: number) => (
    <label className="an-size-control">
      <span className="an-small">{t(axis === 'cx' ? 'symmetry.centreX' : 'symmetry.centreY')}</span>
      <input
        type="number"
        className="input an-feather-input"
        min={0}
        max={max}
        step={1}
        value={Math.round(symmetry[axis])}
        aria-label={t(axis === 'cx' ? 'symmetry.centreX' : 'symmetry.centreY')}
        onKeyDown={(e) => {
          // Shift+arrow: ten pixels at a time (the number field's own arrows move one)
          if (!e.shiftKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
          e.preventDefault();
          engine.setSymmetry({ [axis]: Math.round(symmetry[axis]) + (e.key === 'ArrowUp' ? 10 : -10) });
        }}
        onChange={(e) => {
          const v = e.target.valueAsNumber;
          if (Number.isFinite(v)) engine.setSymmetry({ [axis]: v });
        }}
      />
    </label>
  );
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
      {symmetry.mode !== 'off' && (
        <>
          {centreInput('cx', width)}
          {centreInput('cy', height)}
          <button type="button" className="btn btn-sm" onClick={() => engine.setSymmetry({ cx: width / 2, cy: height / 2 })}>
            {t('symmetry.recentre')}
          </button>
        </>
      )}
    </div>
  );
}
