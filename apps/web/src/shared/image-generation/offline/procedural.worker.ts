// The procedural renderer offline: the same drawing as the server's (@yumi/core/procedural) and the
// generation options' post-processing on pixels, off the main thread. Browsers cannot decode SVG in a
// worker, so the page rasterises each drawing in between (engine.ts).
import { characterSvg, traitsFor, type ProceduralRequest } from '@yumi/core/procedural';
import { extractDominantColors, postProcessPixels, type PixelPostProcessing } from '@yumi/imaging';
import { expose } from 'comlink';

/** A reference picture lends its colours only (dominant first), read at 96 px as the server does. */
async function palette(reference: Blob): Promise<string[]> {
  const full = await createImageBitmap(reference);
  const k = Math.min(1, 96 / Math.max(full.width, full.height));
  const [w, h] = [Math.max(1, Math.round(full.width * k)), Math.max(1, Math.round(full.height * k))];
  const ctx = new OffscreenCanvas(w, h).getContext('2d')!;
  ctx.drawImage(full, 0, 0, w, h);
  full.close();
  return extractDominantColors(ctx.getImageData(0, 0, w, h), { maxColors: 4 }).map((s) => s.hex);
}

const api = {
  palette,
  svg: (request: ProceduralRequest, width: number, height: number, colours?: string[]) => characterSvg(traitsFor(request, colours), width, height),
  /** The rasterised drawing, post-processed, as a PNG. */
  async finish(bitmap: ImageBitmap, options: PixelPostProcessing): Promise<Blob> {
    const { width, height } = bitmap;
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    ctx.drawImage(bitmap, 0, 0);
    bitmap.close();
    const out = postProcessPixels(ctx.getImageData(0, 0, width, height), options);
    ctx.putImageData(new ImageData(out.data as Uint8ClampedArray<ArrayBuffer>, width, height), 0, 0);
    return canvas.convertToBlob({ type: 'image/png' });
  },
};
export type ProceduralWorker = typeof api;
expose(api);
