import { IMAGE_SIZE_MAX, type PostProcessing } from '@yumi/core';
import sharp from 'sharp';

/** How much larger "upscale" makes an image: 2x, capped so no side passes the largest size. */
export function upscaleFactor(width: number, height: number): number {
  return Math.min(2, IMAGE_SIZE_MAX / Math.max(width, height));
}

/**
 * The generation options' post-processing with sharp, in the order a retoucher would apply them:
 * denoise (3x3 median), line-art clean-up (unsharp mask that firms dark strokes), colour correction
 * (contrast around mid-grey, saturation), bloom (blurred highlights screened back on), then upscale
 * (Lanczos 3). `skipUpscale` is for sources that are already drawn at the larger size.
 */
export async function postProcess(png: Buffer, options: PostProcessing, skipUpscale = false): Promise<{ png: Buffer; width: number; height: number }> {
  // One decode, raw pixels between the steps, one PNG encode at the end.
  let img = sharp(png).ensureAlpha();
  if (options.denoise) img = img.median(3);
  if (options.lineArtCleanup) img = img.sharpen({ sigma: 1.1, m1: 0.6, m2: 2.2, x1: 2 });
  const { contrast, saturation, bloom } = options.colorCorrection;
  if (contrast !== 1) {
    const offset = 128 * (1 - contrast);
    img = img.linear([contrast, contrast, contrast, 1], [offset, offset, offset, 0]);
  }
  if (saturation !== 1) img = img.modulate({ saturation });
  const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
  let { width, height } = info;
  const raw = { raw: { width, height, channels: 4 as const } };
  let out = sharp(data, raw);
  if (bloom > 0) {
    // Highlights only: pixels above mid-grey, scaled by the bloom amount, blurred in proportion to the size.
    const glow = await sharp(data, raw)
      .removeAlpha()
      .linear(2 * bloom, -255 * bloom)
      .blur(Math.max(1, Math.min(width, height) / 80))
      .ensureAlpha(1)
      .raw()
      .toBuffer();
    const lit = await out.composite([{ input: glow, raw: raw.raw, blend: 'screen' }]).raw().toBuffer();
    out = sharp(lit, raw);
  }
  const factor = upscaleFactor(width, height);
  if (options.upscale && !skipUpscale && factor > 1) {
    width = Math.round(width * factor);
    height = Math.round(height * factor);
    out = out.resize(width, height, { kernel: 'lanczos3' });
  }
  return { png: await out.png({ compressionLevel: 6 }).toBuffer(), width, height };
}
