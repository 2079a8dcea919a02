import type { colorAnalysisSchema } from '@yumi/core';
import { analyzeColors } from '@yumi/imaging';
import type { z } from 'zod';
import sharp from 'sharp';
import { decodeImageDataUrl } from '../images/decode';

/** Longest side analysed: colour statistics need no more, and it keeps big canvases fast. */
const ANALYSIS_SIDE = 512;

/** Decodes (magic bytes, 10 MB, 4096 px checked by the images module) and analyses with @yumi/imaging. */
export async function analyzeImageColors(dataUrl: string): Promise<z.infer<typeof colorAnalysisSchema>> {
  const { png } = await decodeImageDataUrl(dataUrl);
  const { data, info } = await sharp(png)
    .resize(ANALYSIS_SIDE, ANALYSIS_SIDE, { fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const a = analyzeColors({ width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length) });
  // A plain copy: the analysis may share frozen defaults.
  return JSON.parse(JSON.stringify(a)) as z.infer<typeof colorAnalysisSchema>;
}
