import { assertImage, cloneImage } from './image';
import type { Rect, RgbaImage } from './image';
import { kMeans } from './kmeans';

/** Colours closer than this (RGB distance) are merged into one flat tone. */
const MIN_TONE_STEP = 48;

export interface CelShadeOptions {
  /** 0-1: how far the region moves towards the cel-shaded look (default 0.5, still a clear change). */
  strength?: number;
  /** Flat colours the region is reduced to (2-12, default 5). */
  colours?: number;
}

/** Two passes of a 3x3 box blur over `r` (reading clamped neighbours): noise out, shapes kept. */
function smooth(image: RgbaImage, r: Rect): Float32Array {
  const { width, data } = image;
  let cur = new Float32Array(r.width * r.height * 3);
  for (let y = 0; y < r.height; y++)
    for (let x = 0; x < r.width; x++)
      for (let c = 0; c < 3; c++) cur[(y * r.width + x) * 3 + c] = data[((r.y + y) * width + r.x + x) * 4 + c] as number;
  for (let pass = 0; pass < 2; pass++) {
    const next = new Float32Array(cur.length);
    for (let y = 0; y < r.height; y++) {
      for (let x = 0; x < r.width; x++) {
        for (let c = 0; c < 3; c++) {
          let s = 0;
          for (let dy = -1; dy <= 1; dy++) {
            const yy = Math.min(r.height - 1, Math.max(0, y + dy));
            for (let dx = -1; dx <= 1; dx++) {
              const xx = Math.min(r.width - 1, Math.max(0, x + dx));
              s += cur[(yy * r.width + xx) * 3 + c] as number;
            }
          }
          next[(y * r.width + x) * 3 + c] = s / 9;
        }
      }
    }
    cur = next;
  }
  return cur;
}

/**
 * The offline AI brush: redraws a region in flat anime cel shading. The region is smoothed, reduced
 * to a few flat colours (k-means), the boundaries between them are inked darker, and the result is mixed over the
 * original by strength. Pixels outside the region and alpha are left as they were.
 */
export function celShade(image: RgbaImage, region: Rect, options: CelShadeOptions = {}): RgbaImage {
  assertImage(image);
  const out = cloneImage(image);
  const x0 = Math.max(0, Math.floor(region.x));
  const y0 = Math.max(0, Math.floor(region.y));
  const x1 = Math.min(image.width, Math.floor(region.x + region.width));
  const y1 = Math.min(image.height, Math.floor(region.y + region.height));
  if (x1 <= x0 || y1 <= y0) return out;
  const r = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  const strength = Math.min(1, Math.max(0, options.strength ?? 0.5));
  const k = Math.min(12, Math.max(2, Math.round(options.colours ?? 5)));
  const soft = smooth(image, r);
  const count = r.width * r.height;
  // near-equal colours are one tone (noise must not split a flat area into speckles)
  const clusters = kMeans({ coords: Float64Array.from(soft), weights: new Float64Array(count).fill(1) }, { k, seed: 0xce1 })
    .sort((p, q) => q.weight - p.weight)
    .filter((c, i, all) => all.slice(0, i).every((o) => Math.hypot(o.centre[0] - c.centre[0], o.centre[1] - c.centre[1], o.centre[2] - c.centre[2]) > MIN_TONE_STEP));
  const tone = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    let best = 0;
    let bestD = Infinity;
    clusters.forEach((cl, j) => {
      const dr = (soft[i * 3] as number) - cl.centre[0];
      const dg = (soft[i * 3 + 1] as number) - cl.centre[1];
      const db = (soft[i * 3 + 2] as number) - cl.centre[2];
      const dd = dr * dr + dg * dg + db * db;
      if (dd < bestD) {
        bestD = dd;
        best = j;
      }
    });
    tone[i] = best;
  }
  const mix = 0.6 + 0.4 * strength;
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      const i = y * r.width + x;
      const o = ((r.y + y) * image.width + r.x + x) * 4;
      // ink where two tones meet: one pixel on the near side of each boundary
      const t = tone[i] as number;
      const ink = (x > 0 && tone[i - 1] !== t) || (y > 0 && tone[i - r.width] !== t) ? 0.45 : 1;
      const centre = (clusters[t] as (typeof clusters)[number]).centre;
      for (let c = 0; c < 3; c++) {
        const styled = (centre[c] as number) * ink;
        out.data[o + c] = (image.data[o + c] as number) * (1 - mix) + styled * mix;
      }
    }
  }
  return out;
}
