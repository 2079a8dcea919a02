import { traitsFor } from '@yumi/core/procedural';
import { extractDominantColors } from '@yumi/imaging';
import sharp from 'sharp';
import { asBuffer, type CpuPool } from '../../../workers/pool';
import type { ImageOutput, ImageProvider, ImageRequest } from '../types';

export { renderCharacterPng } from './render';
export { characterSvg, DESIGN_HEIGHT, DESIGN_WIDTH, proceduralSeed, traitsFor, traitsFromPrompt } from '@yumi/core/procedural';
export type { CharacterTraits } from '@yumi/core/procedural';

/** The colours of a reference picture, dominant first, so an offline "image-to-image" keeps its palette (runs on the pool). */
export async function paletteOf(image: Uint8Array): Promise<string[]> {
  const { data, info } = await sharp(image).resize(96, 96, { fit: 'inside' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const swatches = extractDominantColors({ width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length) }, { maxColors: 4 });
  return swatches.map((s) => s.hex);
}

/**
 * The embedded image model: an original parametric anime-character renderer (@yumi/core/procedural; the
 * browser runs the same drawing offline), its SVG rasterised by sharp.
 * It follows the prompt's words for hair, eyes, outfit, pose, expression and scene, and is deterministic per seed.
 * It cannot repaint pixels, so a reference image lends it its colours only; that is what the UI says it does.
 * Drawing is CPU work: each picture is rendered on the CPU pool (generation jobs wait for a thread).
 */
export class ProceduralProvider implements ImageProvider {
  readonly id = 'procedural' as const;
  readonly label = 'Procedural renderer (offline)';
  readonly offline = true;
  readonly capabilities = { img2img: false, inpaint: false, negativePrompt: false, seed: true, steps: false, guidance: false };

  constructor(private readonly cpu: CpuPool) {}

  async listModels() {
    return { models: ['yumi-procedural-v1'], defaultModel: 'yumi-procedural-v1', samplers: [] };
  }

  async generate(request: ImageRequest): Promise<ImageOutput[]> {
    const palette = request.init ? await this.cpu.run('palette', request.init.image, { wait: true }) : undefined;
    const out: ImageOutput[] = [];
    for (let i = 0; i < request.count; i++) {
      if (request.signal.aborted) throw new Error('cancelled');
      const seed = (request.seed + i) >>> 0;
      const traits = traitsFor({ ...request, seed }, palette);
      const png = await this.cpu.run('procedural', { traits, width: request.width, height: request.height }, { wait: true });
      out.push({ png: asBuffer(png), seed });
      request.onProgress((i + 1) / request.count);
    }
    return out;
  }
}
