import { linearRgbToOklab, oklabToOklch, oklabToRgb, rgbToHex, srgbToLinear } from './colour';
import type { Oklab, Oklch } from './colour';
import { assertImage } from './image';
import type { Rgb, RgbaImage } from './image';
import { kMeans } from './kmeans';

export interface ColorSwatch {
  hex: string;
  rgb: Rgb;
  oklch: Oklch;
  /** Share of the visible (not fully transparent) pixels, 0-1. */
  share: number;
}

export interface DominantColorOptions {
  /** Upper bound on the number of colours returned; fewer come back when the image has fewer. */
  maxColors?: number;
  /** Pixels actually read; larger images are sampled on an even grid. */
  maxSamples?: number;
  /** Clusters closer than this OKLab distance are merged (they look like one colour). */
  mergeDistance?: number;
  /** Clusters below this share of the visible pixels are dropped as noise. */
  minShare?: number;
}

const BIN_BITS = 5;
const BIN_COUNT = 1 << (BIN_BITS * 3);
const SHIFT = 8 - BIN_BITS;

interface Bins {
  coords: Float64Array;
  weights: Float64Array;
}

/**
 * Collects sampled pixels into a 15-bit colour histogram that keeps each bin's exact mean colour,
 * so k-means runs over at most a few thousand weighted points instead of every pixel.
 */
function histogram(image: RgbaImage, maxSamples: number): Bins | null {
  const { width, height, data } = image;
  const step = Math.max(1, Math.ceil(Math.sqrt((width * height) / Math.max(1, maxSamples))));
  const count = new Uint32Array(BIN_COUNT);
  const sum = new Uint32Array(BIN_COUNT * 3);
  let used = 0;
  // Start half a step in so the sample grid is centred rather than hugging the top-left edge.
  const offset = step >> 1;
  for (let y = offset; y < height; y += step) {
    let i = (y * width + offset) * 4;
    for (let x = offset; x < width; x += step, i += step * 4) {
      if ((data[i + 3] ?? 0) === 0) continue;
      const r = data[i] ?? 0;
      const g = data[i + 1] ?? 0;
      const b = data[i + 2] ?? 0;
      const key = ((r >> SHIFT) << (BIN_BITS * 2)) | ((g >> SHIFT) << BIN_BITS) | (b >> SHIFT);
      if (count[key] === 0) used++;
      count[key] = (count[key] ?? 0) + 1;
      sum[key * 3] = (sum[key * 3] ?? 0) + r;
      sum[key * 3 + 1] = (sum[key * 3 + 1] ?? 0) + g;
      sum[key * 3 + 2] = (sum[key * 3 + 2] ?? 0) + b;
    }
  }
  if (used === 0) return null;
  const coords = new Float64Array(used * 3);
  const weights = new Float64Array(used);
  const lab: Oklab = { L: 0, a: 0, b: 0 };
  let n = 0;
  for (let key = 0; key < BIN_COUNT; key++) {
    const c = count[key] ?? 0;
    if (c === 0) continue;
    linearRgbToOklab(
      srgbToLinear((sum[key * 3] ?? 0) / c),
      srgbToLinear((sum[key * 3 + 1] ?? 0) / c),
      srgbToLinear((sum[key * 3 + 2] ?? 0) / c),
      lab,
    );
    coords[n * 3] = lab.L;
    coords[n * 3 + 1] = lab.a;
    coords[n * 3 + 2] = lab.b;
    weights[n] = c;
    n++;
  }
  return { coords, weights };
}

interface WeightedLab {
  lab: Oklab;
  weight: number;
}

/** Greedy merge of near-identical clusters, heaviest first, averaging in OKLab by weight. */
function mergeClose(items: WeightedLab[], maxDistance: number): WeightedLab[] {
  const sorted = [...items].sort((p, q) => q.weight - p.weight);
  const out: WeightedLab[] = [];
  for (const item of sorted) {
    const target = out.find(
      (o) => Math.hypot(o.lab.L - item.lab.L, o.lab.a - item.lab.a, o.lab.b - item.lab.b) < maxDistance,
    );
    if (!target) {
      out.push({ lab: { ...item.lab }, weight: item.weight });
      continue;
    }
    const w = target.weight + item.weight;
    target.lab = {
      L: (target.lab.L * target.weight + item.lab.L * item.weight) / w,
      a: (target.lab.a * target.weight + item.lab.a * item.weight) / w,
      b: (target.lab.b * target.weight + item.lab.b * item.weight) / w,
    };
    target.weight = w;
  }
  return out.sort((p, q) => q.weight - p.weight);
}

/**
 * Dominant colours by weighted k-means (k-means++ seeding, fixed seed) in OKLab, so clusters follow
 * perceived rather than numeric colour differences. Fully transparent pixels are not part of the
 * picture and are ignored. Returns the swatches heaviest first; an empty list for an empty image.
 */
export function extractDominantColors(image: RgbaImage, options: DominantColorOptions = {}): ColorSwatch[] {
  assertImage(image);
  const maxColors = Math.max(1, Math.floor(options.maxColors ?? 5));
  const bins = histogram(image, options.maxSamples ?? 60_000);
  if (!bins) return [];
  const clusters = kMeans(bins, { k: maxColors, seed: 0x5eed });
  const total = clusters.reduce((s, c) => s + c.weight, 0);
  const merged = mergeClose(
    clusters.map((c) => ({ lab: { L: c.centre[0], a: c.centre[1], b: c.centre[2] }, weight: c.weight })),
    options.mergeDistance ?? 0.03,
  );
  const minShare = options.minShare ?? 0.01;
  const kept = merged.filter((m, i) => i === 0 || m.weight / total >= minShare);
  return kept.map((m) => {
    const rgb = oklabToRgb(m.lab);
    return { hex: rgbToHex(rgb), rgb, oklch: oklabToOklch(m.lab), share: m.weight / total };
  });
}
