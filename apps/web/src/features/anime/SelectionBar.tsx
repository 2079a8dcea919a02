import { MAX_FEATHER } from '@yumi/paint';
import { Check, Copy, FlipHorizontal2, FlipVertical2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/ui/toast';
import { IDENTITY_TRANSFORM, copySelection, feather, invert, pasteCopied, selectAll, transformMatrix } from './canvas/selection';
import { useEngine, useEngineSnapshot } from './engine';
import { bufferToPngBlob } from './lib/pixels';
import { useAnime, type SelectShape } from './store';
import { Button } from '../../shared/ui/Button';
import { SegmentedControl } from '../../shared/ui/SegmentedControl';

const SHAPES: SelectShape[] = ['rect', 'ellipse', 'lasso', 'wand'];

/** Options of the Selection tool and what can be done with a selection (or a pending free transform). */
export function SelectionBar() {
  const { t } = useTranslation('anime');
  const engine = useEngine();
  const snap = useEngineSnapshot();
  const { canvasTool, select, transform, set } = useAnime();
  const setSelect = (patch: Partial<typeof select>) => set({ select: { ...select, ...patch } });
  const pending = transform ?? IDENTITY_TRANSFORM;

  if (canvasTool === 'transform') {
    if (!snap.selection) return <div className="an-bar-group an-small muted">{t('select.transformHint')}</div>;
    const apply = () => {
      const b = snap.selection!;
      const r = engine.transformSelection(snap.activeLayerId, transformMatrix(pending, { x: b.x + b.width / 2, y: b.y + b.height / 2 }));
      if (!r.ok) toast('warning', t(r.reason === 'locked' ? 'canvas.locked' : 'select.nothing'));
      set({ transform: null });
    };
    return (
      <div className="an-bar-group" role="group" aria-label={t('select.transform')}>
        <Button size="sm" aria-label={t('select.flipH')} title={t('select.flipH')} onClick={() => set({ transform: { ...pending, sx: -pending.sx } })}>
          <FlipHorizontal2 size={16} />
        </Button>
        <Button size="sm" aria-label={t('select.flipV')} title={t('select.flipV')} onClick={() => set({ transform: { ...pending, sy: -pending.sy } })}>
          <FlipVertical2 size={16} />
        </Button>
        <Button variant="primary" size="sm" onClick={apply}>
          <Check size={16} aria-hidden /> {t('select.apply')}
        </Button>
        <Button size="sm" onClick={() => set({ transform: null })}>
          <X size={16} aria-hidden /> {t('select.cancel')}
        </Button>
      </div>
    );
  }

  return (
    <div className="an-bar-group" role="group" aria-label={t('select.options')}>
      {canvasTool === 'select' && (
        <>
          <SegmentedControl className="an-bar-choice" label={t('select.shape')} value={select.shape} onValueChange={(shape) => setSelect({ shape })} options={SHAPES.map((s) => ({ value: s, label: t(`select.shapes.${s}`) }))} />
          <select className="input an-fill-sample" value={select.op} aria-label={t('select.op')} onChange={(e) => setSelect({ op: e.target.value as typeof select.op })}>
            {(['replace', 'add', 'subtract'] as const).map((o) => (
              <option key={o} value={o}>
                {t(`select.ops.${o}`)}
              </option>
            ))}
          </select>
          {select.shape === 'wand' && (
            <>
              <label className="an-size-control">
                <span className="an-small">{t('fill.tolerance')}</span>
                <input type="range" min={0} max={255} value={select.tolerance} aria-label={t('fill.tolerance')} onChange={(e) => setSelect({ tolerance: Number(e.target.value) })} />
                <output>{select.tolerance}</output>
              </label>
              <label className="an-small">
                <input type="checkbox" checked={select.contiguous} onChange={(e) => setSelect({ contiguous: e.target.checked })} /> {t('select.contiguous')}
              </label>
            </>
          )}
          <Button size="sm" onClick={() => selectAll(engine)}>
            {t('select.all')}
          </Button>
        </>
      )}
      {snap.selection && (
        <>
          <Button size="sm" onClick={() => invert(engine)}>
            {t('select.invert')}
          </Button>
          <label className="an-size-control">
            <input type="number" className="input an-feather-input" min={1} max={MAX_FEATHER} value={select.feather} aria-label={t('select.featherRadius')} onChange={(e) => setSelect({ feather: Math.min(MAX_FEATHER, Math.max(1, Number(e.target.value) || 1)) })} />
          </label>
          <Button size="sm" onClick={() => feather(engine, select.feather)}>
            {t('select.feather')}
          </Button>
          <Button size="sm" aria-label={t('select.copy')} title={t('select.copy')} onClick={() => copySelection(engine, false, bufferToPngBlob)}>
            <Copy size={16} />
          </Button>
          <Button size="sm" onClick={() => engine.setSelection(null)}>
            {t('select.deselect')}
          </Button>
        </>
      )}
      <Button size="sm" onClick={() => pasteCopied(engine, t('select.pastedLayer')) || toast('info', t('select.nothingCopied'))}>
        {t('select.paste')}
      </Button>
    </div>
  );
}
