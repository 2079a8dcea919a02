import { beforeEach, describe, expect, it, vi } from 'vitest';

// The worker as comlink hands it to the page: each `draw` reports its steps and answers a PNG. Whatever the
// page itself would draw with (an image element, a canvas, an ImageBitmap) counts in `mainThread`.
const worker = vi.hoisted(() => ({ draws: [] as unknown[][] }));
const mainThread = vi.hoisted(() => ({ drew: [] as string[] }));
vi.mock('comlink', () => ({
  wrap: () => ({
    palette: async () => ['#ff0000'],
    draw: async (...args: unknown[]) => {
      worker.draws.push(args.slice(0, 3));
      const done = args[3] as (share: number) => void;
      done(0.05);
      done(0.35);
      return new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    },
  }),
  proxy: <T>(callback: T) => callback,
}));
vi.stubGlobal('Worker', class {});
vi.stubGlobal('Image', class {
  constructor() {
    mainThread.drew.push('Image');
  }
});
vi.stubGlobal('OffscreenCanvas', class {
  constructor() {
    mainThread.drew.push('OffscreenCanvas');
  }
});
vi.stubGlobal('createImageBitmap', () => mainThread.drew.push('createImageBitmap'));
vi.stubGlobal('document', { createElement: (tag: string) => mainThread.drew.push(`<${tag}>`) });

const { generateOnDevice } = await import('./engine');

beforeEach(() => {
  worker.draws.length = 0;
  mainThread.drew.length = 0;
});

describe('drawing on this device', () => {
  it('rasterises, post-processes and encodes in the worker: the page creates no canvas and decodes no SVG', async () => {
    const progress: number[] = [];
    const post = { upscale: false, denoise: true, lineArtCleanup: false, colorCorrection: { contrast: 1, saturation: 1, bloom: 0.5 } };
    const images = await generateOnDevice('fox girl', { width: 256, height: 320, iterations: 2, seed: 5, postProcessing: post }, (p) => progress.push(p.progress));
    expect(mainThread.drew).toEqual([]);
    expect(images.map((i) => [i.seed, i.width, i.height, i.png.type, i.url.startsWith('blob:')])).toEqual([
      [5, 256, 320, 'image/png', true],
      [6, 256, 320, 'image/png', true],
    ]);
    // The worker gets the drawing's request, its size and the rasteriser's WebAssembly (precached with the mode).
    expect(worker.draws.map(([request, size]) => [request, size])).toEqual([
      [{ prompt: 'fox girl', seed: 5 }, { width: 256, height: 320 }],
      [{ prompt: 'fox girl', seed: 6 }, { width: 256, height: 320 }],
    ]);
    expect(worker.draws[0]![2]).toMatchObject({ post, wasmUrl: expect.stringMatching(/index_bg.*\.wasm/) });
    expect(progress).toEqual([0, 0.025, 0.175, 0.5, 0.525, 0.675, 1]);
  });
});
