import { upscaleFactor, type PostProcessing } from '@yumi/core';
import { LINE_ART_KERNEL, saturationMatrix } from '@yumi/imaging';
import sharp from 'sharp';
import type { AppContext } from '../../context';
import { asBuffer } from '../../workers/pool';

/** The 3x3 sharpening of the line-art clean-up, as sharp takes it. */
const LINE_ART = { width: 3, height: 3, kernel: [...LINE_ART_KERNEL] };

/**
 * The generation options' post-processing with sharp (the browser's offline generator runs the same chain
 * on pixels: @yumi/imaging postProcessPixels), in the order a retoucher would apply them:
 * denoise (3x3 median), line-art clean-up (3x3 sharpening), colour correction (contrast around
 * mid-grey, saturation by colour matrix), bloom (highlights blurred at quarter size and screened
 * back on), then upscale (Lanczos 3). `skipUpscale` is for sources already drawn at the larger size.
 */
export async function postProcess(png: Uint8Array, options: PostProcessing, skipUpscale = false): Promise<{ png: Buffer; width: number; height: number }> {
  // One decode, raw pixels between the steps, one PNG encode at the end.
  let img = sharp(png).ensureAlpha();
  if (options.denoise) img = img.median(3);
  if (options.lineArtCleanup) img = img.convolve(LINE_ART);
  const { contrast, saturation, bloom } = options.colorCorrection;
  if (contrast !== 1) {
    const offset = 128 * (1 - contrast);
    img = img.linear([contrast, contrast, contrast, 1], [offset, offset, offset, 0]);
  }
  if (saturation !== 1) img = img.recomb(saturationMatrix(saturation));
  const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
  let { width, height } = info;
  const raw = { width, height, channels: 4 as const };
  let out = sharp(data, { raw });
  if (bloom > 0) {
    // Highlights only (above mid-grey, scaled by the amount); a wide glow is blurred at quarter size.
    const qw = Math.max(1, Math.round(width / 4));
    const qh = Math.max(1, Math.round(height / 4));
    const small = await sharp(data, { raw })
      .removeAlpha()
      .resize(qw, qh)
      .linear(2 * bloom, -255 * bloom)
      .blur(Math.max(0.5, Math.min(qw, qh) / 80))
      .raw()
      .toBuffer();
    const glow = await sharp(small, { raw: { width: qw, height: qh, channels: 3 } }).resize(width, height).ensureAlpha(1).raw().toBuffer();
    out = sharp(await out.composite([{ input: glow, raw, blend: 'screen' }]).raw().toBuffer(), { raw });
  }
  const factor = upscaleFactor(width, height);
  if (options.upscale && !skipUpscale && factor > 1) {
    width = Math.round(width * factor);
    height = Math.round(height * factor);
    out = out.resize(width, height, { kernel: 'lanczos3' });
  }
  return { png: await out.png({ compressionLevel: 6 }).toBuffer(), width, height };
}

/** `postProcess` on the CPU pool. A generation job waits for a thread (`wait`); a request is refused (503) when the queue is full. */
export async function postProcessOffThread(ctx: AppContext, job: { png: Uint8Array; options: PostProcessing; skipUpscale?: boolean; wait?: boolean }) {
  const out = await ctx.cpu.run('postprocess', { png: job.png, options: job.options, skipUpscale: job.skipUpscale ?? false }, { wait: job.wait });
  return { ...out, png: asBuffer(out.png) };
}
