import { generationSettingsSchema, themePrompt, upscaleFactor, type GeneratedImage, type GenerationSettingsInput } from '@yumi/core';
import resvgWasm from '@resvg/resvg-wasm/index_bg.wasm?url';
import { proxy, wrap, type Remote } from 'comlink';
import type { GenerationProgress } from '../generation';
import type { ProceduralWorker } from './procedural.worker';

/** The embedded model's name, as the server lists it. */
const PROCEDURAL_MODEL = 'yumi-procedural-v1';

let worker: Remote<ProceduralWorker> | null = null;
const renderer = () => (worker ??= wrap<ProceduralWorker>(new Worker(new URL('./procedural.worker.ts', import.meta.url), { type: 'module' })));

/** The pictures of the last batch drawn here: their object URLs are freed when the next batch replaces them. */
let lastBatch: string[] = [];

const randomSeed = () => crypto.getRandomValues(new Uint32Array(1))[0]!;

/** A picture drawn on this device: its PNG beside the object URL, for a mode that keeps it. */
export type DeviceImage = GeneratedImage & { png: Blob };

/**
 * Anime's and Image's generator without the server: the procedural renderer in a Web Worker (the same
 * drawing as the server's embedded model), rasterised and post-processed there as the options say; the page
 * only receives each PNG. Free; the pictures are object URLs valid until the next batch (Anime exports them
 * or opens them in Creation Mode, Image keeps the PNGs).
 */
export async function generateOnDevice(
  prompt: string,
  input: GenerationSettingsInput,
  onProgress: (p: GenerationProgress) => void,
  signal?: AbortSignal,
): Promise<DeviceImage[]> {
  const settings = generationSettingsSchema.parse(input);
  const post = settings.postProcessing;
  // Vectors: "upscale" draws at the larger size instead of resampling, as on the server.
  const scale = post.upscale ? Math.max(1, upscaleFactor(settings.width, settings.height)) : 1;
  const width = Math.round(settings.width * scale);
  const height = Math.round(settings.height * scale);
  const theme = settings.theme ? themePrompt(settings.theme) : undefined;
  const first = settings.seed ?? randomSeed();
  const engine = renderer();
  const reference = settings.referenceImage ? await (await fetch(settings.referenceImage)).blob() : null;
  const colours = reference ? await engine.palette(reference) : undefined;
  onProgress({ status: 'running', progress: 0, position: 0 });
  const images: DeviceImage[] = [];
  try {
    for (let i = 0; i < settings.iterations; i++) {
      signal?.throwIfAborted();
      const seed = (first + i) >>> 0;
      // Progress by step, as the worker reports it: drawn, rasterised (about a third of the time), post-processed and encoded.
      const step = (done: number) => onProgress({ status: 'running', progress: (i + done) / settings.iterations, position: 0 });
      const png = await engine.draw(
        { prompt, seed, theme: theme?.theme, baseCharacter: theme?.baseCharacter },
        { width, height },
        { colours, post, wasmUrl: resvgWasm },
        proxy(step),
      );
      images.push({
        id: `local-${crypto.randomUUID()}`,
        url: URL.createObjectURL(png),
        png,
        width,
        height,
        seed,
        prompt,
        negativePrompt: settings.negativePrompt ?? '',
        provider: 'procedural',
        model: PROCEDURAL_MODEL,
        params: { ...settings, referenceImage: undefined, seed, iterations: 1, onDevice: true },
        cost: 0,
        createdAt: new Date().toISOString(),
      });
      step(1);
    }
    signal?.throwIfAborted();
  } catch (err) {
    images.forEach((img) => URL.revokeObjectURL(img.url));
    throw err;
  }
  lastBatch.forEach((url) => URL.revokeObjectURL(url));
  lastBatch = images.map((img) => img.url);
  return images;
}
