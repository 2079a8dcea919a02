import { bucketRegion } from '@yumi/imaging';
import {
  combineSelection,
  ellipseSelection,
  featherSelection,
  invertSelection,
  polygonSelection,
  rectSelection,
  type Affine,
  type PaintEngine,
  type PixelBuffer,
  type Point,
  type SelectionOp,
} from '@yumi/paint';
import type { SelectSettings } from '../store';

/** A pending free transform around the selection's centre: scale, then rotate, then move. */
export interface PendingTransform {
  sx: number;
  sy: number;
  angle: number;
  tx: number;
  ty: number;
}
export const IDENTITY_TRANSFORM: PendingTransform = { sx: 1, sy: 1, angle: 0, tx: 0, ty: 0 };

/** The affine (document coordinates) of a pending transform of a box centred on `c`. */
export function transformMatrix(t: PendingTransform, c: Point): Affine {
  const cos = Math.cos(t.angle);
  const sin = Math.sin(t.angle);
  const a = cos * t.sx;
  const b = sin * t.sx;
  const cc = -sin * t.sy;
  const d = cos * t.sy;
  return [a, b, cc, d, c.x + t.tx - (a * c.x + cc * c.y), c.y + t.ty - (b * c.x + d * c.y)];
}

/** Turns a finished drag of the rectangle, ellipse or lasso tool into the new selection. */
export function selectDrag(engine: PaintEngine, shape: SelectSettings['shape'], points: Point[], op: SelectionOp): void {
  const { width, height } = engine.document;
  const a = points[0];
  const b = points[points.length - 1];
  if (!a || !b) return;
  const box = { x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y };
  // A click without a drag deselects (replace) or changes nothing (add/subtract), as in painting programs.
  if (shape !== 'lasso' && Math.abs(box.width) < 1 && Math.abs(box.height) < 1) {
    if (op === 'replace') engine.setSelection(null);
    return;
  }
  const mask =
    shape === 'ellipse'
      ? ellipseSelection(width, height, box)
      : shape === 'lasso'
        ? polygonSelection(width, height, points)
        : rectSelection(width, height, box);
  engine.setSelection(combineSelection(engine.selection, mask, op));
}

/** Magic wand: similar colours on all visible layers, connected to the click or anywhere. */
export function wandSelect(engine: PaintEngine, x: number, y: number, s: SelectSettings, op: SelectionOp): void {
  const region = bucketRegion(engine.flatten(100, null), x, y, { tolerance: s.tolerance, contiguous: s.contiguous, expand: 0 });
  if (!region.rect) return;
  const mask = new Uint8Array(region.mask.length);
  for (let i = 0; i < mask.length; i++) mask[i] = region.mask[i] ? 255 : 0;
  engine.setSelection(combineSelection(engine.selection, mask, op));
}

export function selectAll(engine: PaintEngine): void {
  const { width, height } = engine.document;
  engine.setSelection(new Uint8Array(width * height).fill(255));
}

export function invert(engine: PaintEngine): void {
  const { width, height } = engine.document;
  engine.setSelection(engine.selection ? invertSelection(engine.selection) : new Uint8Array(width * height).fill(255));
}

export function feather(engine: PaintEngine, radius: number): void {
  const sel = engine.selection;
  if (sel) engine.setSelection(featherSelection(sel, engine.document.width, engine.document.height, radius));
}

/** What Copy took: pixels with the selection as alpha, and where they were. */
let clipboard: { image: PixelBuffer; x: number; y: number } | null = null;

/** Copy (or cut) the selection of the active layer; also offered to the system clipboard as a PNG. */
export function copySelection(engine: PaintEngine, cut: boolean, toPng?: (image: PixelBuffer) => Promise<Blob>): boolean {
  const layer = engine.document.activeLayer;
  const copied = engine.copySelection(layer.id);
  if (!copied) return false;
  clipboard = copied;
  if (cut) engine.deleteSelection(layer.id);
  if (toPng && typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    // Other programs can paste it too; refused permission only means this stays an in-app copy.
    void navigator.clipboard.write([new ClipboardItem({ 'image/png': toPng(copied.image) })]).catch(() => undefined);
  }
  return true;
}

/** Pastes what Copy took as a new layer at the same place. Returns false when there is nothing. */
export function pasteCopied(engine: PaintEngine, name: string): boolean {
  if (!clipboard) return false;
  engine.importImage(clipboard.image, { name, x: clipboard.x, y: clipboard.y, scale: 1 });
  return true;
}

/** Builds the outline of a selection as an SVG path in document pixels (edges between in and out). */
export function selectionOutline(mask: Uint8Array, width: number, height: number, bounds: { x: number; y: number; width: number; height: number }): string {
  const on = (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height && (mask[y * width + x] as number) >= 128;
  const parts: string[] = [];
  const x0 = bounds.x;
  const x1 = bounds.x + bounds.width;
  const y0 = bounds.y;
  const y1 = bounds.y + bounds.height;
  for (let y = y0; y <= y1; y++) {
    let run = -1;
    for (let x = x0; x <= x1; x++) {
      const edge = x < x1 && on(x, y) !== on(x, y - 1);
      if (edge && run < 0) run = x;
      if (!edge && run >= 0) {
        parts.push(`M${run} ${y}H${x}`);
        run = -1;
      }
    }
  }
  for (let x = x0; x <= x1; x++) {
    let run = -1;
    for (let y = y0; y <= y1; y++) {
      const edge = y < y1 && on(x, y) !== on(x - 1, y);
      if (edge && run < 0) run = y;
      if (!edge && run >= 0) {
        parts.push(`M${x} ${run}V${y}`);
        run = -1;
      }
    }
  }
  return parts.join('');
}
