import { BUCKET_MAX_GAP } from '@yumi/imaging';
import { Brush, Eraser, FlipHorizontal2, FlipHorizontal, Maximize, Move, PaintBucket, Pipette, SquareDashed, Scan, Redo2, RotateCw, Save, Scaling, Trash2, Undo2, ZoomIn, ZoomOut } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/ui/toast';
import { rgbToHex, useEngine, useEngineSnapshot } from './engine';
import { CanvasSizeDialog } from './panels/CanvasSizeDialog';
import { SelectionBar } from './SelectionBar';
import { SymmetryBar } from './SymmetryBar';
import { useAnime } from './store';
import { Button } from '../../shared/ui/Button';

/** Spec §2 canvas controls: brush and eraser, colour picker, size slider (1-50), clear; plus undo/redo and view. */
export function CanvasBar({ onSave }: { onSave(): void }) {
  const { t } = useTranslation('anime');
  const engine = useEngine();
  const snap = useEngineSnapshot();
  const { set, rememberColor, canvasTool, fill, symmetryOpen } = useAnime();
  const [zoom, setZoom] = useState(engine.viewport.zoom);
  const [flipped, setFlipped] = useState(engine.viewport.flipped);
  const [sizeOpen, setSizeOpen] = useState(false);
  useEffect(() => {
    const update = () => setZoom(engine.viewport.zoom);
    window.addEventListener('anime:zoomed', update);
    const id = window.setInterval(update, 300);
    return () => {
      window.removeEventListener('anime:zoomed', update);
      window.clearInterval(id);
    };
  }, [engine]);
  const center = () => {
    const stage = document.querySelector('.paint-stage');
    return { x: (stage?.clientWidth ?? 800) / 2, y: (stage?.clientHeight ?? 600) / 2 };
  };
  const view = (fn: () => void) => {
    fn();
    window.dispatchEvent(new Event('anime:view'));
    setZoom(engine.viewport.zoom);
    setFlipped(engine.viewport.flipped);
  };
  const hex = rgbToHex(snap.color);
  const active = snap.layers.find((l) => l.id === snap.activeLayerId);
  const isEraser = snap.tool === 'eraser';
  return (
    <div className="an-canvas-bar" role="toolbar" aria-label={t('canvas.controls')}>
      <div className="an-bar-group">
        <button type="button" className={`btn btn-sm ${!isEraser && canvasTool === 'paint' ? 'btn-primary' : ''}`} aria-pressed={!isEraser && canvasTool === 'paint'} title={`${t('canvas.brush')} (B)`} onClick={() => {
          engine.selectPreset('basic-brush');
          set({ activeItem: 'brush', canvasTool: 'paint' });
        }}>
          <Brush size={16} aria-hidden /> <span className="an-bar-label">{t('canvas.brush')}</span>
        </button>
        <button type="button" className={`btn btn-sm ${isEraser && canvasTool === 'paint' ? 'btn-primary' : ''}`} aria-pressed={isEraser && canvasTool === 'paint'} title={`${t('canvas.eraser')} (E)`} onClick={() => {
          engine.selectPreset('basic-eraser');
          set({ activeItem: 'eraser', canvasTool: 'paint' });
        }}>
          <Eraser size={16} aria-hidden /> <span className="an-bar-label">{t('canvas.eraser')}</span>
        </button>
        <button type="button" className={`btn btn-sm ${canvasTool === 'fill' ? 'btn-primary' : ''}`} aria-pressed={canvasTool === 'fill'} aria-label={t('canvas.fill')} title={t('canvas.fill')} onClick={() => set({ canvasTool: canvasTool === 'fill' ? 'paint' : 'fill' })}>
          <PaintBucket size={16} aria-hidden /> <span className="an-bar-label">{t('canvas.fill')}</span>
        </button>
        <button type="button" className={`btn btn-sm ${canvasTool === 'eyedropper' ? 'btn-primary' : ''}`} aria-pressed={canvasTool === 'eyedropper'} aria-label={t('canvas.eyedropper')} title={t('canvas.eyedropper')} onClick={() => set({ canvasTool: canvasTool === 'eyedropper' ? 'paint' : 'eyedropper' })}>
          <Pipette size={16} aria-hidden />
        </button>
        <button type="button" className={`btn btn-sm ${canvasTool === 'select' ? 'btn-primary' : ''}`} aria-pressed={canvasTool === 'select'} aria-label={t('select.tool')} title={t('select.tool')} onClick={() => set({ canvasTool: canvasTool === 'select' ? 'paint' : 'select' })}>
          <SquareDashed size={16} aria-hidden />
        </button>
        <button type="button" className={`btn btn-sm ${canvasTool === 'move' ? 'btn-primary' : ''}`} aria-pressed={canvasTool === 'move'} aria-label={t('select.move')} title={t('select.move')} onClick={() => set({ canvasTool: canvasTool === 'move' ? 'paint' : 'move' })}>
          <Move size={16} aria-hidden />
        </button>
        <button type="button" className={`btn btn-sm ${canvasTool === 'transform' ? 'btn-primary' : ''}`} aria-pressed={canvasTool === 'transform'} aria-label={t('select.transform')} title={t('select.transform')} onClick={() => set({ canvasTool: canvasTool === 'transform' ? 'paint' : 'transform', transform: null })}>
          <Scan size={16} aria-hidden />
        </button>
        <button type="button" className={`btn btn-sm ${snap.symmetry.mode !== 'off' ? 'btn-primary' : ''}`} aria-pressed={snap.symmetry.mode !== 'off'} aria-expanded={symmetryOpen} aria-label={t('symmetry.tool')} title={t('symmetry.tool')} onClick={() => set({ symmetryOpen: !symmetryOpen })}>
          <FlipHorizontal size={16} aria-hidden />
        </button>
      </div>
      <div className="an-bar-group">
        <input type="color" className="an-color-well" value={hex} aria-label={t('colors.picker')} onChange={(e) => {
          engine.setColor(e.target.value);
          rememberColor(e.target.value);
        }} />
        <label className="an-size-control">
          <span className="visually-hidden">{t('canvas.size')}</span>
          <input type="range" min={1} max={50} step={1} value={Math.min(50, Math.max(1, Math.round(snap.brush.size)))} aria-label={t('canvas.size')} onChange={(e) => engine.setBrush({ size: Number(e.target.value) })} />
          <output>{Number(snap.brush.size.toFixed(1))}</output>
        </label>
        <Button size="sm" title={t('canvas.clear')} onClick={() => {
          if (!active) return;
          const r = engine.clearLayer(active.id);
          if (!r.ok) toast('warning', t('canvas.locked'));
        }}>
          <Trash2 size={16} aria-hidden /> <span className="an-bar-label">{t('canvas.clear')}</span>
        </Button>
      </div>
      {symmetryOpen && <SymmetryBar />}
      {(canvasTool === 'select' || canvasTool === 'transform' || snap.selection) && <SelectionBar />}
      {canvasTool === 'fill' && (
        <div className="an-bar-group" role="group" aria-label={t('fill.options')}>
          <label className="an-size-control">
            <span className="an-small">{t('fill.tolerance')}</span>
            <input type="range" min={0} max={255} value={fill.tolerance} aria-label={t('fill.tolerance')} onChange={(e) => set({ fill: { ...fill, tolerance: Number(e.target.value) } })} />
            <output>{fill.tolerance}</output>
          </label>
          <label className="an-size-control">
            <span className="an-small">{t('fill.gap')}</span>
            <input type="range" min={0} max={BUCKET_MAX_GAP} value={fill.gapClose} aria-label={t('fill.gap')} onChange={(e) => set({ fill: { ...fill, gapClose: Number(e.target.value) } })} />
            <output>{t('fill.gapValue', { px: fill.gapClose })}</output>
          </label>
          <select className="input an-fill-sample" value={fill.sampleAll ? 'all' : 'layer'} aria-label={t('fill.sample')} onChange={(e) => set({ fill: { ...fill, sampleAll: e.target.value === 'all' } })}>
            <option value="all">{t('fill.sampleAll')}</option>
            <option value="layer">{t('fill.sampleLayer')}</option>
          </select>
        </div>
      )}
      <div className="an-bar-group">
        <Button size="sm" disabled={!snap.canUndo} onClick={() => engine.undo()} aria-label={t('history.undo')} title={`${t('history.undo')} (Ctrl+Z)`}>
          <Undo2 size={16} />
        </Button>
        <Button size="sm" disabled={!snap.canRedo} onClick={() => engine.redo()} aria-label={t('history.redo')} title={`${t('history.redo')} (Ctrl+Shift+Z)`}>
          <Redo2 size={16} />
        </Button>
      </div>
      <div className="an-bar-group">
        <Button size="sm" aria-label={t('view.zoomOut')} title={t('view.zoomOut')} onClick={() => view(() => engine.viewport.zoomBy(center(), 1 / 1.25))}>
          <ZoomOut size={16} />
        </Button>
        <span className="an-zoom-readout" aria-live="polite">{Math.round(zoom * 100)}%</span>
        <Button size="sm" aria-label={t('view.zoomIn')} title={t('view.zoomIn')} onClick={() => view(() => engine.viewport.zoomBy(center(), 1.25))}>
          <ZoomIn size={16} />
        </Button>
        <Button size="sm" onClick={() => window.dispatchEvent(new Event('anime:fit'))} title={t('view.fit')}>
          <Maximize size={16} aria-hidden /> <span className="an-bar-label">{t('view.fit')}</span>
        </Button>
        <Button size="sm" className="hide-mobile" aria-label={t('view.rotate')} title={t('view.rotate')} onClick={() => view(() => engine.viewport.rotateAround(center(), Math.PI / 12))}>
          <RotateCw size={16} />
        </Button>
        <Button size="sm" aria-label={t('view.flip')} title={t('view.flip')} aria-pressed={flipped} onClick={() => view(() => engine.viewport.flipAround(center()))}>
          <FlipHorizontal2 size={16} />
        </Button>
        <Button size="sm" aria-label={t('canvasSize.title')} onClick={() => setSizeOpen(true)} title={`${snap.width} × ${snap.height}`}>
          <Scaling size={16} aria-hidden /> <span className="an-bar-label">{t('canvasSize.title')}</span>
        </Button>
        {sizeOpen && <CanvasSizeDialog onClose={() => setSizeOpen(false)} />}
      </div>
      <div className="an-bar-group an-bar-end">
        {active && (active.locked || !active.visible) && <span className="badge an-badge-warn">{active.locked ? t('canvas.layerLocked') : t('canvas.layerHidden')}</span>}
        <Button variant="primary" size="sm" onClick={onSave}>
          <Save size={16} aria-hidden /> <span className="an-bar-label-phone">{t('canvas.save')}</span>
        </Button>
      </div>
    </div>
  );
}
