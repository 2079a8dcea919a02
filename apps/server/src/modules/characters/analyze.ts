import type { colorAnalysisSchema } from '@yumi/core';
import { analyzeColors } from '@yumi/imaging';
import type { z } from 'zod';
import sharp from 'sharp';
import type { AppContext } from '../../context';
import { decodeImageDataUrl } from '../images';

type ColorAnalysis = z.infer<typeof colorAnalysisSchema>;

/** Longest side analysed: colour statistics need no more, and it keeps big canvases fast. */
const ANALYSIS_SIDE = 512;

/** The CPU part (runs on the pool): the picture scaled down and analysed with @yumi/imaging. */
export async function colourAnalysisOf(png: Uint8Array): Promise<ColorAnalysis> {
  const { data, info } = await sharp(png)
    .resize(ANALYSIS_SIDE, ANALYSIS_SIDE, { fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const a = analyzeColors({ width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length) });
  // A plain copy (the analysis may share frozen defaults), typed by the contract: imaging's result must fit it.
  return structuredClone(a);
}

/** Decodes (magic bytes, 10 MB, 4096 px checked by the images module), then analyses on a worker thread. */
export async function analyzeImageColors(ctx: AppContext, dataUrl: string): Promise<ColorAnalysis> {
  const { png } = await decodeImageDataUrl(dataUrl);
  return ctx.cpu.run('colours', png);
}
