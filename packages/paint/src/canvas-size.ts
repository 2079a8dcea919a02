import { PaintDocument, PaintError, checkDocumentSize } from './document.js';
import { createLayer, type Layer } from './layer.js';
import type { PixelBuffer } from './compositor.js';
import { placeImage } from './io.js';
import { resampleRGBA } from './resample.js';
import { tileRect } from './tiles.js';

/** Where the old picture sits in a resized canvas (a 3x3 grid, as in painting programs). */
export type CanvasAnchor =
  'top-left' | 'top' | 'top-right' | 'left' | 'center' | 'right' | 'bottom-left' | 'bottom' | 'bottom-right';
export const CANVAS_ANCHORS: readonly CanvasAnchor[] = [
  'top-left',
  'top',
  'top-right',
  'left',
  'center',
  'right',
  'bottom-left',
  'bottom',
  'bottom-right',
];

/** Offset of the old picture's top-left corner inside the new canvas (negative: cropped off). */
export function anchorOffset(
  from: { width: number; height: number },
  to: { width: number; height: number },
  anchor: CanvasAnchor,
): { x: number; y: number } {
  const col = anchor.endsWith('left') ? 0 : anchor.endsWith('right') ? 2 : 1;
  const row = anchor.startsWith('top') ? 0 : anchor.startsWith('bottom') ? 2 : 1;
  return {
    x: Math.round(((to.width - from.width) * col) / 2),
    y: Math.round(((to.height - from.height) * row) / 2),
  };
}

export interface CanvasMemory {
  /** One layer painted edge to edge (tiles are only allocated where there are pixels). */
  perLayer: number;
  /** The composite the view shows plus the browser's canvas backing store. */
  view: number;
  /** Worst case for `layers` fully painted layers and the view. */
  total: number;
}

/** What a canvas of this size costs in memory (8-bit RGBA), for the canvas size dialog. */
export function canvasMemory(width: number, height: number, layers: number): CanvasMemory {
  const perLayer = width * height * 4;
  const view = 2 * perLayer;
  return { perLayer, view, total: perLayer * Math.max(1, layers) + view };
}

/** An empty document of the new size with the same layer stack (ids, names, properties), for copying into. */
function sameStack(
  doc: PaintDocument,
  width: number,
  height: number,
  fill: (src: Layer, dst: Layer) => void,
): PaintDocument {
  checkDocumentSize(width, height);
  const out = new PaintDocument({ width, height });
  out.layers.length = 0;
  for (const src of doc.layers) {
    const dst = createLayer(src.id, src.name, width, height);
    Object.assign(dst, {
      visible: src.visible,
      opacity: src.opacity,
      blendMode: src.blendMode,
      locked: src.locked,
      alphaLock: src.alphaLock,
      clipping: src.clipping,
      group: src.group,
      passThrough: src.passThrough,
      parentId: src.parentId,
    });
    fill(src, dst);
    out.reserveLayerId(src.id);
    out.layers.push(dst);
  }
  out.activeLayerId = doc.activeLayerId;
  return out;
}

/** The ruler of `doc` with its centre mapped into the new canvas (clamped there by the engine). */
function movedSymmetry(doc: PaintDocument, map: (x: number, y: number) => { x: number; y: number }): PaintDocument['symmetry'] {
  if (!doc.symmetry) return null;
  const c = map(doc.symmetry.cx, doc.symmetry.cy);
  return { ...doc.symmetry, cx: c.x, cy: c.y };
}

/**
 * Canvas size / crop: a document of `width` x `height` whose layers hold the old pixels moved by
 * `offset` (what falls outside is cut off, new area is transparent). Copies tile by tile, so empty
 * parts of a large canvas cost nothing.
 */
export function resizeCanvas(
  doc: PaintDocument,
  width: number,
  height: number,
  offset: { x: number; y: number },
): PaintDocument {
  const out = sameStack(doc, width, height, (src, dst) => {
    for (const i of src.surface.allocatedTiles()) {
      const r = tileRect(src.surface, i);
      dst.surface.writeRect(
        { x: r.x + offset.x, y: r.y + offset.y, width: r.width, height: r.height },
        src.surface.readRect(r),
      );
    }
  });
  out.symmetry = movedSymmetry(doc, (x, y) => ({ x: x + offset.x, y: y + offset.y }));
  return out;
}

/** Image size: every layer resampled to `width` x `height` (tent filter, averaging when shrinking). */
export function scaleDocument(doc: PaintDocument, width: number, height: number): PaintDocument {
  const full = { x: 0, y: 0, width: doc.width, height: doc.height };
  const out = sameStack(doc, width, height, (src, dst) => {
    if (src.surface.isEmpty()) return;
    const scaled = resampleRGBA(
      { data: src.surface.readRect(full), width: doc.width, height: doc.height },
      width,
      height,
    );
    dst.surface.writeRect({ x: 0, y: 0, width, height }, scaled.data);
  });
  out.symmetry = movedSymmetry(doc, (x, y) => ({ x: (x * width) / doc.width, y: (y * height) / doc.height }));
  return out;
}

/** A new drawing exactly the size of `image`: an empty background and the image on a layer above it (selected). */
export function documentFromImage(image: PixelBuffer, layerName: string): PaintDocument {
  if (image.width > 0 && image.height > 0) checkDocumentSize(image.width, image.height);
  else throw new PaintError('INVALID_ARGUMENT', `Invalid image size ${image.width}x${image.height}`);
  const doc = new PaintDocument({ width: image.width, height: image.height });
  const layer = doc.createLayer(layerName);
  placeImage(layer.surface, image, { x: 0, y: 0, scale: 1 });
  doc.insertLayer(layer, 1);
  doc.activeLayerId = layer.id;
  return doc;
}
