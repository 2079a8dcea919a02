import { randomUUID } from 'node:crypto';
import { IMAGE_PRICE_TIMESHARDS, type AiDrawMode, type ImageProviderId, type Region, type User } from '@yumi/core';
import { celShade, createImage, patchFill, type RgbaImage } from '@yumi/imaging';
import sharp from 'sharp';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/http-error';
import { ProviderError } from '../../providers/image';
import { hasImageGenAccess, release, reserve, settle } from '../billing';
import { asBuffer } from '../../workers/pool';
import { decodeImageDataUrl, pngDataUrl, pngToRgba, rgbaToPng } from './decode';
import { engineOf } from './service';

export interface AiDrawInput {
  imageData: string;
  mode: AiDrawMode;
  strength: number;
  region: Region;
  prompt?: string;
  provider?: ImageProviderId;
}

/** Known pixels around the region that the fill and the clean-up read from. */
const CONTEXT = 32;

/** The region clipped to the canvas; a region that misses the canvas entirely is a 422. */
export function clipRegion(region: Region, width: number, height: number): Region {
  const x0 = Math.max(0, region.x);
  const y0 = Math.max(0, region.y);
  const x1 = Math.min(width, region.x + region.width);
  const y1 = Math.min(height, region.y + region.height);
  if (x1 - x0 < 1 || y1 - y0 < 1) throw new HttpError(422, 'REGION_OUTSIDE_CANVAS', 'The region lies outside the canvas.');
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

function crop(image: RgbaImage, r: Region): RgbaImage {
  const out = createImage(r.width, r.height);
  for (let y = 0; y < r.height; y++) {
    const from = ((r.y + y) * image.width + r.x) * 4;
    out.data.set(image.data.subarray(from, from + r.width * 4), y * r.width * 4);
  }
  return out;
}

/**
 * Transparent canvas reads as white paper. The result is a layer laid over the drawing, so an eraser must
 * lay opaque paper over what was drawn: a transparent fill would leave the line showing through.
 */
function onPaper(image: RgbaImage): RgbaImage {
  const out = createImage(image.width, image.height);
  const d = image.data;
  for (let i = 0; i < d.length; i += 4) {
    const a = d[i + 3]! / 255;
    out.data[i] = d[i]! * a + 255 * (1 - a);
    out.data[i + 1] = d[i + 1]! * a + 255 * (1 - a);
    out.data[i + 2] = d[i + 2]! * a + 255 * (1 - a);
    out.data[i + 3] = 255;
  }
  return out;
}

/** Offline AI eraser / regeneration: patch-based fill of the region from the pixels around it. */
function fillFromSurroundings(source: RgbaImage, inner: Region, strength: number): RgbaImage {
  const context = onPaper(source);
  const mask = new Uint8Array(context.width * context.height);
  for (let y = inner.y; y < inner.y + inner.height; y++) mask.fill(1, y * context.width + inner.x, y * context.width + inner.x + inner.width);
  // Texture and lines around the region carry on into it; a stronger stroke matches larger patches.
  const filled = patchFill(context, mask, { patchRadius: Math.round(3 + strength * 3) });
  // Cover only what was drawn (alpha grown by one pixel for anti-aliased edges): empty canvas stays empty.
  const { width, height } = source;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let cover = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx >= 0 && ny >= 0 && nx < width && ny < height) cover = Math.max(cover, source.data[(ny * width + nx) * 4 + 3]!);
        }
      }
      filled.data[(y * width + x) * 4 + 3] = cover;
    }
  }
  return filled;
}

/** Offline AI brush: redraws the region in flat cel shading with inked boundaries, mixed in by strength. */
function cleanUp(context: RgbaImage, inner: Region, strength: number): RgbaImage {
  return celShade(context, inner, { strength });
}

/** The result layer: canvas-sized, transparent except for the region's new pixels. */
function layerWith(width: number, height: number, patch: RgbaImage, at: { x: number; y: number }, inner: Region): RgbaImage {
  const layer = createImage(width, height);
  for (let y = 0; y < inner.height; y++) {
    const src = ((inner.y + y) * patch.width + inner.x) * 4;
    const dst = ((at.y + y) * width + at.x) * 4;
    layer.data.set(patch.data.subarray(src, src + inner.width * 4), dst);
  }
  return layer;
}

async function withProvider(ctx: AppContext, user: User | null, input: AiDrawInput, contextPng: Buffer, inner: Region, size: { width: number; height: number }) {
  const engine = engineOf(ctx);
  const provider = engine.providers.get(input.provider!);
  if (!provider || !provider.capabilities.img2img) throw new HttpError(422, 'PROVIDER_UNAVAILABLE', 'This image provider cannot redraw a region.');
  if (!user) throw new HttpError(401, 'UNAUTHORIZED', 'Sign in required');
  if (!(await hasImageGenAccess(ctx, user.id))) throw new HttpError(402, 'PREMIUM_REQUIRED', 'Drawing with an image model needs premium image-generation access.');
  const { reservationId } = await reserve(ctx, { userId: user.id, amount: IMAGE_PRICE_TIMESHARDS, reason: 'AI canvas tool', sourceType: 'ai-draw', sourceId: randomUUID() }).catch((err: unknown) => {
    if (err instanceof HttpError && err.code === 'INSUFFICIENT_CREDITS') throw new HttpError(402, 'BILLING_ERROR', err.message);
    throw err;
  });
  try {
    // Models work best near 512 px: the context is scaled to 512 on its long side and back.
    const scale = 512 / Math.max(size.width, size.height);
    const w = Math.max(64, Math.round((size.width * scale) / 8) * 8);
    const h = Math.max(64, Math.round((size.height * scale) / 8) * 8);
    const image = await sharp(contextPng).resize(w, h, { fit: 'fill' }).png().toBuffer();
    const maskRect = `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}"><rect width="100%" height="100%" fill="black"/><rect x="${inner.x}" y="${inner.y}" width="${inner.width}" height="${inner.height}" fill="white"/></svg>`;
    const mask = await sharp(Buffer.from(maskRect)).resize(w, h, { fit: 'fill' }).png().toBuffer();
    const [out] = await provider.generate({
      prompt: input.prompt?.trim() || 'anime illustration, clean line art, consistent colours and shading',
      negativePrompt: 'text, watermark, blurry, artifacts',
      width: w,
      height: h,
      seed: Math.floor(Math.random() * 2 ** 31),
      steps: 24,
      guidance: 7,
      count: 1,
      init: { image, strength: input.mode === 'ai-brush' ? input.strength : Math.max(0.75, input.strength), mask: input.mode === 'ai-brush' ? undefined : mask },
      signal: AbortSignal.timeout(ctx.config.IMAGE_PROVIDER_TIMEOUT_MS),
      onProgress: () => undefined,
    });
    if (!out) throw new ProviderError('malformed', 'The image service sent no image');
    const back = await sharp(out.png).resize(size.width, size.height, { fit: 'fill' }).png().toBuffer();
    await settle(ctx, reservationId, IMAGE_PRICE_TIMESHARDS);
    return pngToRgba(back);
  } catch (err) {
    await release(ctx, reservationId);
    if (err instanceof ProviderError) throw new HttpError(502, 'API_ERROR', `Service is currently unavailable. Please try again later. (${err.message})`);
    throw err;
  }
}

export interface OfflineDrawJob {
  /** The whole canvas as PNG, and where the region and its context lie on it. */
  png: Uint8Array;
  mode: AiDrawMode;
  strength: number;
  region: Region;
  outer: Region;
  inner: Region;
}

/** The offline tools' CPU part (runs on the pool): the region's new pixels as a canvas-sized layer PNG. */
export async function offlineDrawLayer(job: OfflineDrawJob): Promise<Uint8Array> {
  const canvas = await pngToRgba(asBuffer(job.png));
  const context = crop(canvas, job.outer);
  const patch = job.mode === 'ai-brush' ? cleanUp(context, job.inner, job.strength) : fillFromSurroundings(context, job.inner, job.strength);
  return rgbaToPng(layerWith(canvas.width, canvas.height, patch, job.region, job.inner));
}

/**
 * POST /api/anime-chara/ai-draw: the AI eraser fills the region from its surroundings, the AI brush
 * redraws it in the style around it, region regeneration redraws a selected rectangle. Offline by
 * default (on a worker thread); with `provider`, the provider's inpainting / image-to-image (premium,
 * charged per call). Answers the 'AI Drawing' layer as a canvas-sized PNG.
 */
export async function aiDraw(ctx: AppContext, user: User | null, input: AiDrawInput) {
  const decoded = await decodeImageDataUrl(input.imageData);
  const region = clipRegion(input.region, decoded.width, decoded.height);
  const outer = clipRegion(
    { x: region.x - CONTEXT, y: region.y - CONTEXT, width: region.width + 2 * CONTEXT, height: region.height + 2 * CONTEXT },
    decoded.width,
    decoded.height,
  );
  const inner: Region = { x: region.x - outer.x, y: region.y - outer.y, width: region.width, height: region.height };
  if (!input.provider || input.provider === 'procedural') {
    const layer = await ctx.cpu.run('aiDraw', { png: decoded.png, mode: input.mode, strength: input.strength, region, outer, inner });
    return { imageData: pngDataUrl(asBuffer(layer)), region, engine: 'offline' };
  }
  const canvas = await pngToRgba(decoded.png);
  const patch = await withProvider(ctx, user, input, await rgbaToPng(crop(canvas, outer)), inner, { width: outer.width, height: outer.height });
  const layer = layerWith(decoded.width, decoded.height, patch, region, inner);
  return { imageData: pngDataUrl(await rgbaToPng(layer)), region, engine: input.provider };
}
