import { base64ToBytes, bytesToBase64 } from './base64.js';
import { Compositor, type PixelBuffer } from './compositor.js';
import type { RGBA } from './color.js';
import { PaintDocument, PaintError } from './document.js';
import { intersectRect, unionRect, type Rect } from './geometry.js';
import { clampOpacity, createLayer, isBlendMode, type BlendMode, type Layer } from './layer.js';
import { normalizeStack } from './groups.js';
import { normalizeSymmetry, type Symmetry } from './brush/symmetry.js';
import { resampleRGBA } from './resample.js';
import type { TiledSurface } from './surface.js';

export interface PlaceImageOptions {
  /** Document position of the image's top-left corner after scaling (default: centred). */
  x?: number;
  y?: number;
  /** Uniform scale factor (default 1, or the 'contain' fit). */
  scale?: number;
  /** 'contain' shrinks a larger image to fit the document (ignored when `scale` is given). */
  fit?: 'none' | 'contain';
}

/**
 * Draws an RGBA image onto a surface (replacing what is under it), scaled and positioned, clipped to
 * the document. Returns the document rect it covers.
 */
export function placeImage(
  surface: TiledSurface,
  image: PixelBuffer,
  options: PlaceImageOptions = {},
): Rect | null {
  checkBuffer(image);
  let scale = options.scale;
  if (scale === undefined) {
    scale =
      options.fit === 'contain' ? Math.min(1, surface.width / image.width, surface.height / image.height) : 1;
  }
  if (!(scale > 0) || !Number.isFinite(scale))
    throw new PaintError('INVALID_ARGUMENT', `Invalid scale ${scale}`);
  const w = Math.max(1, Math.round(image.width * scale));
  const h = Math.max(1, Math.round(image.height * scale));
  const scaled = w === image.width && h === image.height ? image : resampleRGBA(image, w, h);
  const x = Math.round(options.x ?? (surface.width - w) / 2);
  const y = Math.round(options.y ?? (surface.height - h) / 2);
  const area = intersectRect(
    { x, y, width: w, height: h },
    { x: 0, y: 0, width: surface.width, height: surface.height },
  );
  if (area.width <= 0 || area.height <= 0) return null;
  surface.writeRect(area, cropBuffer(scaled, area.x - x, area.y - y, area.width, area.height));
  return area;
}

export function cropBuffer(
  src: PixelBuffer,
  x: number,
  y: number,
  width: number,
  height: number,
): Uint8ClampedArray {
  if (x === 0 && y === 0 && width === src.width && height === src.height) return src.data;
  const out = new Uint8ClampedArray(width * height * 4);
  for (let row = 0; row < height; row++) {
    const from = ((y + row) * src.width + x) * 4;
    out.set(src.data.subarray(from, from + width * 4), row * width * 4);
  }
  return out;
}

export function checkBuffer(b: PixelBuffer): void {
  if (!Number.isInteger(b.width) || !Number.isInteger(b.height) || b.width < 1 || b.height < 1) {
    throw new PaintError('INVALID_ARGUMENT', `Invalid image size ${b.width}x${b.height}`);
  }
  if (b.data.length !== b.width * b.height * 4) {
    throw new PaintError('INVALID_ARGUMENT', `Image data must hold ${b.width * b.height * 4} bytes`);
  }
}

/** Spec §5 export size bounds. */
export const MIN_EXPORT_PERCENT = 1;
export const MAX_EXPORT_PERCENT = 400;

/** The visible layers flattened to one straight-alpha RGBA image at `percent` of the document size. */
export function flattenDocument(
  doc: PaintDocument,
  percent = 100,
  background: RGBA | null = null,
): PixelBuffer {
  if (!(percent >= MIN_EXPORT_PERCENT && percent <= MAX_EXPORT_PERCENT)) {
    throw new PaintError(
      'INVALID_ARGUMENT',
      `Export size must be ${MIN_EXPORT_PERCENT}-${MAX_EXPORT_PERCENT}%`,
    );
  }
  const full = new Compositor().compositeRect(
    doc,
    { x: 0, y: 0, width: doc.width, height: doc.height },
    { background },
  );
  if (percent === 100) return full;
  const w = Math.max(1, Math.round((doc.width * percent) / 100));
  const h = Math.max(1, Math.round((doc.height * percent) / 100));
  return resampleRGBA(full, w, h);
}

export interface SerializedLayer {
  id: string;
  name: string;
  visible: boolean;
  opacity: number;
  blendMode: BlendMode;
  locked: boolean;
  /** Absent in drawings saved before alpha lock and clipping existed: false. */
  alphaLock?: boolean;
  clipping?: boolean;
  /** A layer group, and the group a layer is in (absent in older drawings: plain, top level). */
  group?: boolean;
  /** A pass-through group (absent: a normal group). */
  passThrough?: boolean;
  parentId?: string | null;
  /** Area holding the layer's pixels (null: empty layer); `rgba` covers exactly this rect. */
  bounds: Rect | null;
  rgba: Uint8ClampedArray;
}

export interface SerializedDocument {
  format: 'yumi-paint';
  version: 1;
  width: number;
  height: number;
  activeLayerId: string;
  /** Bottom to top. */
  layers: SerializedLayer[];
  /** The symmetry ruler (absent in older saves and when none was set). */
  symmetry?: Symmetry;
}

function layerBounds(layer: Layer): Rect | null {
  let b: Rect | null = null;
  for (const r of layer.surface.contentRects()) b = unionRect(b, r);
  return b;
}

/** Snapshot of a document: metadata plus straight RGBA per layer (only the area that has pixels). */
export function serializeDocument(doc: PaintDocument): SerializedDocument {
  return {
    format: 'yumi-paint',
    version: 1,
    width: doc.width,
    height: doc.height,
    activeLayerId: doc.activeLayerId,
    ...(doc.symmetry ? { symmetry: { ...doc.symmetry } } : {}),
    layers: doc.layers.map((l) => {
      const bounds = layerBounds(l);
      return {
        id: l.id,
        name: l.name,
        visible: l.visible,
        opacity: l.opacity,
        blendMode: l.blendMode,
        locked: l.locked,
        alphaLock: l.alphaLock,
        clipping: l.clipping,
        ...(l.group ? { group: true } : {}),
        ...(l.group && l.passThrough ? { passThrough: true } : {}),
        ...(l.parentId ? { parentId: l.parentId } : {}),
        bounds,
        rgba: bounds ? l.surface.readRect(bounds) : new Uint8ClampedArray(0),
      };
    }),
  };
}

/** Rebuilds a document from `serializeDocument` output, validating everything it trusts. */
export function restoreDocument(data: SerializedDocument): PaintDocument {
  const bad = (why: string): PaintError => new PaintError('INVALID_DOCUMENT', `Invalid document: ${why}`);
  if (data.format !== 'yumi-paint' || data.version !== 1) throw bad('unknown format or version');
  if (!Array.isArray(data.layers) || data.layers.length === 0) throw bad('no layers');
  const doc = new PaintDocument({ width: data.width, height: data.height });
  doc.layers.length = 0;
  const ids = new Set<string>();
  for (const s of data.layers) {
    if (typeof s.id !== 'string' || ids.has(s.id)) throw bad('missing or duplicate layer id');
    if (!isBlendMode(s.blendMode)) throw bad(`blend mode ${String(s.blendMode)}`);
    ids.add(s.id);
    const layer = createLayer(s.id, String(s.name), doc.width, doc.height);
    layer.visible = Boolean(s.visible);
    layer.locked = Boolean(s.locked);
    layer.alphaLock = Boolean(s.alphaLock);
    layer.clipping = Boolean(s.clipping);
    layer.opacity = clampOpacity(Number(s.opacity));
    layer.blendMode = s.blendMode;
    layer.group = Boolean(s.group);
    layer.passThrough = layer.group && Boolean(s.passThrough);
    layer.parentId = typeof s.parentId === 'string' ? s.parentId : null;
    if (s.bounds && layer.group) throw bad('a group has no pixels of its own');
    if (s.bounds) {
      const b = s.bounds;
      const inside = intersectRect(b, { x: 0, y: 0, width: doc.width, height: doc.height });
      if (inside.width !== b.width || inside.height !== b.height)
        throw bad('layer bounds outside the canvas');
      if (s.rgba.length !== b.width * b.height * 4) throw bad('layer pixel data has the wrong size');
      layer.surface.writeRect(b, s.rgba);
    }
    doc.reserveLayerId(s.id);
    doc.layers.push(layer);
  }
  // parents that are missing or not groups count as the top level; the order follows the nesting
  const ordered = normalizeStack(doc.layers);
  doc.layers.length = 0;
  doc.layers.push(...ordered);
  if (!ordered.some((l) => !l.group)) throw bad('no layer to paint on');
  doc.activeLayerId = ids.has(data.activeLayerId) ? data.activeLayerId : (doc.layers[0] as Layer).id;
  if (data.symmetry && typeof data.symmetry === 'object') doc.symmetry = normalizeSymmetry(data.symmetry, doc.width, doc.height);
  return doc;
}

/** JSON form (spec: character versions store `canvasData` as serialized JSON); pixels as base64. */
export function documentToJSON(doc: PaintDocument): string {
  const data = serializeDocument(doc);
  return JSON.stringify({ ...data, layers: data.layers.map((l) => ({ ...l, rgba: bytesToBase64(l.rgba) })) });
}

export function documentFromJSON(json: string): PaintDocument {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new PaintError('INVALID_DOCUMENT', 'Invalid document: not JSON');
  }
  const p = parsed as Omit<SerializedDocument, 'layers'> & {
    layers: (Omit<SerializedLayer, 'rgba'> & { rgba: unknown })[];
  };
  if (!p || typeof p !== 'object' || !Array.isArray(p.layers))
    throw new PaintError('INVALID_DOCUMENT', 'Invalid document');
  return restoreDocument({
    ...p,
    layers: p.layers.map((l) => ({ ...l, rgba: base64ToBytes(typeof l.rgba === 'string' ? l.rgba : '') })),
  });
}
