// The procedural renderer offline, all of it off the main thread: the same drawing as the server's
// (@yumi/core/procedural), rasterised by resvg (Rust, compiled to WebAssembly: browsers decode SVG only on
// the page), the generation options' post-processing on pixels, and the PNG encoded by OffscreenCanvas.
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import { characterSvg, traitsFor, type ProceduralRequest } from '@yumi/core/procedural';
import { extractDominantColors, postProcessPixels, unpremultiply, type PixelPostProcessing } from '@yumi/imaging';
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

let rasteriser: Promise<void> | null = null;
/** resvg's WebAssembly, loaded once per worker from the URL the page resolved (precached with the mode). */
function ready(wasmUrl: string): Promise<void> {
  rasteriser ??= initWasm(fetch(wasmUrl)).catch((err: unknown) => {
    rasteriser = null;
    throw err;
  });
  return rasteriser;
}

/** The drawing's pixels, exactly width x height (the SVG says its size), straight RGBA. */
async function rasterise(svg: string, wasmUrl: string): Promise<ImageData> {
  await ready(wasmUrl);
  const resvg = new Resvg(svg);
  const rendered = resvg.render();
  try {
    // A copy out of the WebAssembly memory already: viewed, not copied again.
    const px = rendered.pixels;
    const data = unpremultiply(new Uint8ClampedArray(px.buffer as ArrayBuffer, px.byteOffset, px.length));
    return new ImageData(data, rendered.width, rendered.height);
  } finally {
    rendered.free();
    resvg.free();
  }
}

const api = {
  palette,
  /** One picture: drawn, rasterised, post-processed and encoded as a PNG. `done` reports each step's share. */
  async draw(
    request: ProceduralRequest,
    size: { width: number; height: number },
    options: { colours?: string[]; post: PixelPostProcessing; wasmUrl: string },
    done?: (share: number) => void,
  ): Promise<Blob> {
    const svg = characterSvg(traitsFor(request, options.colours), size.width, size.height);
    done?.(0.05);
    const pixels = await rasterise(svg, options.wasmUrl);
    done?.(0.35);
    const out = postProcessPixels(pixels, options.post);
    const canvas = new OffscreenCanvas(pixels.width, pixels.height);
    canvas.getContext('2d')!.putImageData(new ImageData(out.data as Uint8ClampedArray<ArrayBuffer>, pixels.width, pixels.height), 0, 0);
    return canvas.convertToBlob({ type: 'image/png' });
  },
};
export type ProceduralWorker = typeof api;
expose(api);
