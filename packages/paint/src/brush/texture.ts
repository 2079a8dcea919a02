import { createRandom } from '@yumi/core/random';

/**
 * A tileable grain mask, 1 where paint lands fully and towards 0 in the paper's pits. Sampled in
 * document coordinates so the grain stays fixed to the paper, like real paper tooth.
 */
export interface GrainTexture {
  readonly width: number;
  readonly height: number;
  readonly data: Float32Array;
}

export function sampleGrain(t: GrainTexture, x: number, y: number): number {
  const ix = ((x % t.width) + t.width) % t.width;
  const iy = ((y % t.height) + t.height) % t.height;
  return t.data[iy * t.width + ix] ?? 1;
}

/** Periodic value noise: lattice values wrap at `period`, so the octave tiles seamlessly. */
function periodicNoise(size: number, period: number, seed: number): Float32Array {
  const rnd = createRandom(seed);
  const lattice = new Float32Array(period * period);
  for (let i = 0; i < lattice.length; i++) lattice[i] = rnd();
  const out = new Float32Array(size * size);
  const cell = size / period;
  const fade = (t: number): number => t * t * (3 - 2 * t);
  for (let y = 0; y < size; y++) {
    const gy = y / cell;
    const y0 = Math.floor(gy);
    const fy = fade(gy - y0);
    const r0 = (y0 % period) * period;
    const r1 = ((y0 + 1) % period) * period;
    for (let x = 0; x < size; x++) {
      const gx = x / cell;
      const x0 = Math.floor(gx);
      const fx = fade(gx - x0);
      const c0 = x0 % period;
      const c1 = (x0 + 1) % period;
      const top = (lattice[r0 + c0] as number) * (1 - fx) + (lattice[r0 + c1] as number) * fx;
      const bottom = (lattice[r1 + c0] as number) * (1 - fx) + (lattice[r1 + c1] as number) * fx;
      out[y * size + x] = top * (1 - fy) + bottom * fy;
    }
  }
  return out;
}

/**
 * Procedural paper grain: four octaves of periodic value noise (fine tooth dominates), contrast
 * shaped so most of the surface takes paint and the pits stay lighter. Deterministic per seed.
 */
export function createPaperGrain(size = 256, seed = 7): GrainTexture {
  const octaves: [number, number][] = [
    [size / 2, 0.45],
    [size / 4, 0.3],
    [size / 16, 0.17],
    [size / 64, 0.08],
  ];
  const data = new Float32Array(size * size);
  octaves.forEach(([period, weight], k) => {
    const n = periodicNoise(size, Math.max(1, Math.round(period)), seed + k * 101);
    for (let i = 0; i < data.length; i++) data[i] = (data[i] as number) + (n[i] as number) * weight;
  });
  for (let i = 0; i < data.length; i++) {
    const t = Math.min(1, Math.max(0, ((data[i] as number) - 0.3) / 0.45));
    data[i] = Math.sqrt(t); // bias towards 1: paper tooth is mostly peaks
  }
  return { width: size, height: size, data };
}

/** Grain from an image (e.g. a scanned paper loaded by the UI): luminance times alpha. */
export function grainFromRGBA(rgba: Uint8ClampedArray, width: number, height: number): GrainTexture {
  const data = new Float32Array(width * height);
  for (let i = 0; i < data.length; i++) {
    const o = i * 4;
    const lum =
      0.2126 * (rgba[o] as number) + 0.7152 * (rgba[o + 1] as number) + 0.0722 * (rgba[o + 2] as number);
    data[i] = (lum / 255) * ((rgba[o + 3] as number) / 255);
  }
  return { width, height, data };
}

const registry = new Map<string, GrainTexture>();

/** Makes a grain available to brushes under `texturePath`. */
export function registerGrainTexture(path: string, texture: GrainTexture): void {
  registry.set(path, texture);
}

/** The grain registered under `path`; 'paper' is built in and generated on first use. */
export function getGrainTexture(path: string): GrainTexture | undefined {
  if (!registry.has(path) && path === 'paper') registry.set('paper', createPaperGrain());
  return registry.get(path);
}
