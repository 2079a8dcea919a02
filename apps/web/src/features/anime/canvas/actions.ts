import { AI_DRAW_DEFAULT_STRENGTH, imagesApi, regionAround, type AiDrawMode } from '@yumi/core';
import { bucketRegion, smartFill, type SmartBrushSettings } from '@yumi/imaging';
import type { PaintEngine, PixelBuffer } from '@yumi/paint';
import { call } from '../../../shared/api/client';
import { bufferToDataUrl, urlToBuffer } from '../lib/pixels';
import type { FillSettings } from '../store';

export type ActionOutcome = { ok: true } | { ok: false; reason: string };

/**
 * Smart brush click: the region is found on the visible composite (so line art on other layers counts)
 * and painted into the active layer, as one undo step.
 */
export function smartFillAt(engine: PaintEngine, x: number, y: number, hex: string, settings: SmartBrushSettings): ActionOutcome {
  const doc = engine.document;
  const layer = doc.activeLayer;
  if (layer.locked) return { ok: false, reason: 'locked' };
  if (!layer.visible) return { ok: false, reason: 'hidden' };
  const px = Math.floor(x);
  const py = Math.floor(y);
  if (px < 0 || py < 0 || px >= doc.width || py >= doc.height) return { ok: false, reason: 'outside-canvas' };
  const full = { x: 0, y: 0, width: doc.width, height: doc.height };
  const composite = engine.flatten(100, null);
  const target: PixelBuffer = { data: layer.surface.readRect(full), width: doc.width, height: doc.height };
  const result = smartFill(composite, px, py, hex, settings, { target, inPlace: true });
  if (!result.changed) return { ok: false, reason: 'nothing' };
  const r = result.changed;
  const out = new Uint8ClampedArray(r.width * r.height * 4);
  for (let row = 0; row < r.height; row++) {
    const from = ((r.y + row) * doc.width + r.x) * 4;
    out.set(result.image.data.subarray(from, from + r.width * 4), row * r.width * 4);
  }
  const applied = engine.applyPixels(layer.id, r, out, 'Smart fill');
  return applied.ok ? { ok: true } : { ok: false, reason: applied.reason };
}

/**
 * Fill bucket click: the area is found on all visible layers or the active one (tolerance, gap
 * closing) and filled fully opaque on the active layer, as one undo step.
 */
export function bucketFillAt(engine: PaintEngine, x: number, y: number, settings: FillSettings): ActionOutcome {
  const doc = engine.document;
  const layer = doc.activeLayer;
  if (layer.locked) return { ok: false, reason: 'locked' };
  if (!layer.visible) return { ok: false, reason: 'hidden' };
  const full = { x: 0, y: 0, width: doc.width, height: doc.height };
  const reference: PixelBuffer = settings.sampleAll ? engine.flatten(100, null) : { data: layer.surface.readRect(full), width: doc.width, height: doc.height };
  const region = bucketRegion(reference, x, y, { tolerance: settings.tolerance, gapClose: settings.gapClose });
  if (!region.rect) return { ok: false, reason: 'outside-canvas' };
  // With a selection, the fill stays inside it.
  const sel = engine.selection;
  if (sel) for (let i = 0; i < sel.length; i++) if ((sel[i] as number) < 128) region.mask[i] = 0;
  const r = engine.fillMask(layer.id, region.mask, region.rect, engine.color);
  return r.ok ? { ok: true } : { ok: false, reason: r.reason };
}

/**
 * AI brush / eraser: sends the canvas and a 100x100 region around the pointer (spec §9, strength 0.5)
 * to the server and adds the answer as a new layer named 'AI Drawing' (undoable).
 */
export async function aiDrawAt(engine: PaintEngine, x: number, y: number, mode: AiDrawMode): Promise<void> {
  const doc = engine.document;
  const region = regionAround(x, y, doc.width, doc.height);
  const imageData = bufferToDataUrl(engine.flatten(100, null));
  const res = await call(imagesApi.aiDraw, { body: { imageData, mode, strength: AI_DRAW_DEFAULT_STRENGTH, region } });
  const url = res.imageData.startsWith('data:') ? res.imageData : `data:image/png;base64,${res.imageData}`;
  const image = await urlToBuffer(url);
  engine.importImage(image, { name: 'AI Drawing', x: 0, y: 0, scale: image.width === doc.width ? 1 : doc.width / image.width });
}
