import type { CanvasData } from '@yumi/core';
import type { PaintDocument} from '@yumi/paint';
import { MAX_DOCUMENT_SIZE, restoreDocument, type PaintEngine, type PixelBuffer, type SerializedDocument } from '@yumi/paint';

/** Largest picture accepted for import (bytes): bigger files are refused before decoding. */
const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

export class ImportError extends Error {
  constructor(readonly reason: 'tooLarge' | 'notImage' | 'tooManyLayers' | 'corrupt', readonly count?: number) {
    super(reason);
  }
}

export function bufferToCanvas(buf: PixelBuffer): HTMLCanvasElement {
  const c = document.createElement('canvas');
  c.width = buf.width;
  c.height = buf.height;
  c.getContext('2d')!.putImageData(new ImageData(new Uint8ClampedArray(buf.data), buf.width, buf.height), 0, 0);
  return c;
}

export function canvasToBuffer(c: HTMLCanvasElement | OffscreenCanvas): PixelBuffer {
  const ctx = c.getContext('2d') as CanvasRenderingContext2D;
  const img = ctx.getImageData(0, 0, c.width, c.height);
  return { data: img.data, width: img.width, height: img.height };
}

export const bufferToDataUrl = (buf: PixelBuffer, type = 'image/png', quality?: number) => bufferToCanvas(buf).toDataURL(type, quality);

export const bufferToPngBlob = (buf: PixelBuffer) => canvasToBlob(bufferToCanvas(buf), 'image/png');

export function canvasToBlob(c: HTMLCanvasElement, type: string, quality?: number): Promise<Blob> {
  return new Promise((resolve, reject) => c.toBlob((b) => (b ? resolve(b) : reject(new Error('encode failed'))), type, quality));
}

/** Decodes any picture the browser can show (including SVG) from a URL into RGBA. */
export async function urlToBuffer(url: string, maxSide = MAX_DOCUMENT_SIZE): Promise<PixelBuffer> {
  const img = new Image();
  img.decoding = 'async';
  img.src = url;
  try {
    await img.decode();
  } catch {
    throw new ImportError('notImage');
  }
  const k = Math.min(1, maxSide / Math.max(img.naturalWidth || 1, img.naturalHeight || 1));
  const c = document.createElement('canvas');
  c.width = Math.max(1, Math.round((img.naturalWidth || 512) * k));
  c.height = Math.max(1, Math.round((img.naturalHeight || 512) * k));
  c.getContext('2d')!.drawImage(img, 0, 0, c.width, c.height);
  return canvasToBuffer(c);
}

export async function fileToBuffer(file: File): Promise<PixelBuffer> {
  if (file.size > IMPORT_MAX_BYTES) throw new ImportError('tooLarge');
  if (!file.type.startsWith('image/')) throw new ImportError('notImage');
  const url = URL.createObjectURL(file);
  try {
    return await urlToBuffer(url);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** A layer's full-canvas pixels as PNG (null when the layer is empty). */
function layerPng(engine: PaintEngine, index: number): string | null {
  const doc = engine.document;
  const layer = doc.layers[index]!;
  if (layer.surface.isEmpty()) return null;
  const full = { x: 0, y: 0, width: doc.width, height: doc.height };
  return bufferToDataUrl({ data: layer.surface.readRect(full), width: doc.width, height: doc.height });
}

/** The drawing as the server's canvasData (spec §3 Character version). */
export function engineToCanvasData(engine: PaintEngine): CanvasData {
  const doc = engine.document;
  return {
    width: doc.width,
    height: doc.height,
    activeLayerIndex: doc.indexOf(doc.activeLayerId),
    ...(doc.symmetry ? { symmetry: { ...doc.symmetry } } : {}),
    layers: doc.layers.map((l, i) => ({
      name: l.name,
      visible: l.visible,
      opacity: l.opacity,
      blendMode: l.blendMode,
      locked: l.locked,
      alphaLock: l.alphaLock,
      clipping: l.clipping,
      ...(l.group ? { group: true } : {}),
      ...(l.group && l.passThrough ? { passThrough: true } : {}),
      ...(l.parentId ? { parent: doc.indexOf(l.parentId) } : {}),
      image: l.group ? null : layerPng(engine, i),
    })),
  };
}

/** canvasData back into a paint document (validated by restoreDocument). */
export async function canvasDataToDocument(data: CanvasData): Promise<PaintDocument> {
  const full = { x: 0, y: 0, width: data.width, height: data.height };
  const layers = await Promise.all(
    data.layers.map(async (l, i) => {
      const rgba = l.image ? (await urlToBuffer(l.image)).data : new Uint8ClampedArray(0);
      const ok = rgba.length === data.width * data.height * 4;
      const group = Boolean(l.group);
      const pixels = !group && l.image && ok;
      return { id: `layer-${i + 1}`, name: l.name, visible: l.visible, opacity: l.opacity, blendMode: l.blendMode, locked: l.locked, alphaLock: l.alphaLock, clipping: l.clipping, group, passThrough: group && Boolean(l.passThrough), parentId: l.parent != null ? `layer-${l.parent + 1}` : null, bounds: pixels ? full : null, rgba: pixels ? rgba : new Uint8ClampedArray(0) };
    }),
  );
  const serialized: SerializedDocument = {
    format: 'yumi-paint',
    version: 1,
    width: data.width,
    height: data.height,
    activeLayerId: `layer-${Math.min(data.activeLayerIndex, layers.length - 1) + 1}`,
    ...(data.symmetry ? { symmetry: data.symmetry } : {}),
    layers,
  };
  return restoreDocument(serialized);
}

/** The composite as a small JPEG for library cards and version rows. */
export function thumbnailDataUrl(engine: PaintEngine, maxSize = 160): string {
  const t = engine.thumbnail(null, maxSize);
  const c = document.createElement('canvas');
  c.width = t.width;
  c.height = t.height;
  const ctx = c.getContext('2d')!;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, c.width, c.height);
  ctx.drawImage(bufferToCanvas(t), 0, 0);
  return c.toDataURL('image/jpeg', 0.8);
}
