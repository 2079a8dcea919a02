import { CANVAS_ANCHORS, canvasMemory, MAX_DOCUMENT_SIZE, type CanvasAnchor } from '@yumi/paint';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../shared/ui/Dialog';
import { useEngine, useEngineSnapshot } from '../engine';
import { formatBytes } from './HistoryPanel';
import { Button } from '../../../shared/ui/Button';
import { RadioCards } from '../../../shared/ui/RadioCards';

/** Common sizes: square, 3:4 portrait (what the AI generator makes), screens and print (A4 at 300 dpi). */
const PRESETS: readonly [number, number, string][] = [
  [800, 600, 'default'],
  [1024, 1024, 'square'],
  [2048, 2048, 'square'],
  [1536, 2048, 'portrait'],
  [1920, 1080, 'screen'],
  [2480, 3508, 'a4'],
  [4096, 4096, 'square'],
  [8192, 8192, 'largest'],
];
/** Past this, a tablet or phone browser may run out of memory: the dialog says so. */
const MEMORY_WARNING_BYTES = 1024 * 1024 * 1024;
const ARROWS: Record<CanvasAnchor, string> = {
  'top-left': '↖', top: '↑', 'top-right': '↗', left: '←', center: '•', right: '→', 'bottom-left': '↙', bottom: '↓', 'bottom-right': '↘',
};

const validSide = (v: number) => Number.isInteger(v) && v >= 1 && v <= MAX_DOCUMENT_SIZE;

/**
 * Canvas size / image size: presets or a custom size up to 8192 x 8192, with the memory it will take.
 * Mounted only while open, so it starts from the current size each time.
 */
export function CanvasSizeDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('anime');
  const engine = useEngine();
  const snap = useEngineSnapshot();
  const [width, setWidth] = useState(String(snap.width));
  const [height, setHeight] = useState(String(snap.height));
  const [mode, setMode] = useState<'canvas' | 'scale'>('canvas');
  const [anchor, setAnchor] = useState<CanvasAnchor>('center');
  const id = useId();
  const w = Number(width);
  const h = Number(height);
  const valid = validSide(w) && validSide(h);
  const preset = PRESETS.findIndex(([pw, ph]) => pw === w && ph === h);
  const mem = valid ? canvasMemory(w, h, snap.layers.length) : null;

  const apply = () => {
    if (!valid) return;
    if (w !== snap.width || h !== snap.height) {
      if (mode === 'scale') engine.scaleImage(w, h);
      else engine.resizeCanvas(w, h, anchor);
      window.dispatchEvent(new Event('anime:fit'));
    }
    onClose();
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={t('canvasSize.title')} description={t('canvasSize.current', { width: snap.width, height: snap.height })}>
      <form
        className="an-size-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <label className="field">
          <span>{t('canvasSize.preset')}</span>
          <select
            className="input"
            value={preset < 0 ? 'custom' : String(preset)}
            onChange={(e) => {
              const p = PRESETS[Number(e.target.value)];
              if (!p) return;
              setWidth(String(p[0]));
              setHeight(String(p[1]));
            }}
          >
            <option value="custom">{t('canvasSize.custom')}</option>
            {PRESETS.map(([pw, ph, kind], i) => (
              <option key={`${pw}x${ph}`} value={String(i)}>
                {t('canvasSize.presetLabel', { name: t(`canvasSize.presets.${kind}`), width: pw, height: ph })}
              </option>
            ))}
          </select>
        </label>
        <div className="an-size-row">
          <label className="field">
            <span>{t('canvasSize.width')}</span>
            <input className="input" type="number" inputMode="numeric" min={1} max={MAX_DOCUMENT_SIZE} step={1} value={width} aria-invalid={!validSide(w)} onChange={(e) => setWidth(e.target.value)} />
          </label>
          <span aria-hidden>×</span>
          <label className="field">
            <span>{t('canvasSize.height')}</span>
            <input className="input" type="number" inputMode="numeric" min={1} max={MAX_DOCUMENT_SIZE} step={1} value={height} aria-invalid={!validSide(h)} onChange={(e) => setHeight(e.target.value)} />
          </label>
        </div>
        <fieldset className="an-size-mode">
          <legend>{t('canvasSize.mode')}</legend>
          <label>
            <input type="radio" name="canvas-size-mode" checked={mode === 'canvas'} onChange={() => setMode('canvas')} /> {t('canvasSize.modeCanvas')}
          </label>
          <label>
            <input type="radio" name="canvas-size-mode" checked={mode === 'scale'} onChange={() => setMode('scale')} /> {t('canvasSize.modeScale')}
          </label>
        </fieldset>
        {mode === 'canvas' && (
          <div className="an-anchor">
            <span id={`${id}-anchor`}>{t('canvasSize.anchor')}</span>
            <RadioCards
              tiles
              columns={3}
              labelledBy={`${id}-anchor`}
              value={anchor}
              onValueChange={setAnchor}
              options={CANVAS_ANCHORS.map((a) => ({ value: a, label: ARROWS[a], name: t(`canvasSize.anchors.${a}`) }))}
            />
          </div>
        )}
        {mem ? (
          <p className={`an-small ${mem.total > MEMORY_WARNING_BYTES ? 'an-warn' : 'muted'}`} data-testid="canvas-size-memory">
            {t('canvasSize.memory', { perLayer: formatBytes(mem.perLayer), layers: snap.layers.length, total: formatBytes(mem.total) })}
            {mem.total > MEMORY_WARNING_BYTES && ` ${t('canvasSize.memoryWarning')}`}
          </p>
        ) : (
          <p className="field-error" role="alert">
            {t('canvasSize.invalid', { max: MAX_DOCUMENT_SIZE })}
          </p>
        )}
        <div className="an-row-buttons an-dialog-actions">
          <Button size="sm" onClick={onClose}>
            {t('canvasSize.cancel')}
          </Button>
          <Button variant="primary" size="sm" type="submit" disabled={!valid}>
            {t('canvasSize.apply')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
