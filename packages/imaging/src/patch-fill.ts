import { assertImage, cloneImage } from './image';
import type { RgbaImage } from './image';
import { inpaint } from './inpaint';

export interface PatchFillOptions {
  /** Patch half-size: patches are (2r+1)² pixels (default 4: 9x9). */
  patchRadius?: number;
  /** How far from the pixel being filled source patches are looked for (default 64 px). */
  searchRadius?: number;
}

/**
 * Exemplar-based inpainting (Criminisi, Pérez and Toyama 2004): the hole is filled from its border
 * inwards, each step copying the best-matching patch of known pixels from nearby onto the most
 * confident, most structured spot of the fill front. Textures and lines carry on into the hole
 * instead of being smeared, as averaging fills (Telea) do.
 *
 * `mask`: one value per pixel, non-zero = fill. Pixels outside the image never count as known.
 */
export function patchFill(image: RgbaImage, mask: ArrayLike<number>, options: PatchFillOptions = {}): RgbaImage {
  assertImage(image);
  const { width, height } = image;
  const n = width * height;
  if (mask.length !== n) throw new RangeError(`Mask has ${mask.length} values, expected ${n}`);
  const r = Math.max(1, Math.min(12, Math.round(options.patchRadius ?? 4)));
  const search = Math.max(r + 1, Math.round(options.searchRadius ?? 64));
  const out = cloneImage(image);
  const d = out.data;
  const hole = new Uint8Array(n);
  const confidence = new Float32Array(n);
  let remaining = 0;
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let i = 0; i < n; i++) {
    if (mask[i]) {
      hole[i] = 1;
      remaining++;
      const x = i % width;
      const y = (i - x) / width;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    } else confidence[i] = 1;
  }
  if (remaining === 0) return out;
  if (remaining === n) throw new RangeError('Nothing known to fill from');

  // Source patches must lie wholly in the image and hold no pixel of the original hole (summed-area table).
  const sat = new Int32Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += hole[y * width + x] as number;
      sat[(y + 1) * (width + 1) + x + 1] = (sat[y * (width + 1) + x + 1] as number) + row;
    }
  }
  const holeIn = (ax: number, ay: number, bx: number, by: number) =>
    (sat[by * (width + 1) + bx] as number) - (sat[ay * (width + 1) + bx] as number) - (sat[by * (width + 1) + ax] as number) + (sat[ay * (width + 1) + ax] as number);
  const validSource = (cx: number, cy: number) =>
    cx - r >= 0 && cy - r >= 0 && cx + r < width && cy + r < height && holeIn(cx - r, cy - r, cx + r + 1, cy + r + 1) === 0;

  const luma = (i: number) => 0.299 * (d[i * 4] as number) + 0.587 * (d[i * 4 + 1] as number) + 0.114 * (d[i * 4 + 2] as number);
  const known = (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height && !hole[y * width + x];

  /** How much of a patch is known, weighted by how sure each known pixel is. */
  const patchConfidence = (px: number, py: number): number => {
    let c = 0;
    for (let y = py - r; y <= py + r; y++) for (let x = px - r; x <= px + r; x++) if (known(x, y)) c += confidence[y * width + x] as number;
    return c / ((2 * r + 1) * (2 * r + 1));
  };

  /** Priority of a front pixel: confidence of its patch times the strength of the structure next to it. */
  const priority = (px: number, py: number): number => {
    const c = patchConfidence(px, py);
    // largest luma step between known neighbours (the isophote strength a line would carry in)
    let g = 0;
    for (let y = py - 2; y <= py + 2; y++) {
      for (let x = px - 2; x <= px + 2; x++) {
        if (!known(x, y)) continue;
        if (known(x + 1, y)) g = Math.max(g, Math.abs(luma(y * width + x + 1) - luma(y * width + x)));
        if (known(x, y + 1)) g = Math.max(g, Math.abs(luma((y + 1) * width + x) - luma(y * width + x)));
      }
    }
    return c * (0.1 + g / 255);
  };

  /** Sum of squared differences over the target patch's known pixels; stops early past `limit`. */
  const ssd = (tx: number, ty: number, sx: number, sy: number, limit: number): number => {
    let s = 0;
    for (let dy = -r; dy <= r; dy++) {
      const ty2 = ty + dy;
      if (ty2 < 0 || ty2 >= height) continue;
      for (let dx = -r; dx <= r; dx++) {
        const tx2 = tx + dx;
        if (tx2 < 0 || tx2 >= width) continue;
        const t = ty2 * width + tx2;
        if (hole[t]) continue;
        const a = t * 4;
        const b = ((sy + dy) * width + sx + dx) * 4;
        for (let c = 0; c < 4; c++) {
          const e = (d[a + c] as number) - (d[b + c] as number);
          s += e * e;
        }
      }
      if (s >= limit) return s;
    }
    return s;
  };

  for (let guard = 0; remaining > 0 && guard < n; guard++) {
    // the fill front: hole pixels with a known 4-neighbour, the best one first
    let best = -1;
    let bestP = -1;
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const i = y * width + x;
        if (!hole[i]) continue;
        if (!(known(x - 1, y) || known(x + 1, y) || known(x, y - 1) || known(x, y + 1))) continue;
        const p = priority(x, y);
        if (p > bestP) {
          bestP = p;
          best = i;
        }
      }
    }
    if (best < 0) break; // the rest is unreachable (cannot happen with a known pixel in the image)
    const tx = best % width;
    const ty = (best - tx) / width;

    // coarse search every other pixel, then the neighbours of the best
    let bx = -1;
    let by = -1;
    let bestCost = Infinity;
    const tryAt = (sx: number, sy: number) => {
      if (!validSource(sx, sy)) return;
      const cost = ssd(tx, ty, sx, sy, bestCost);
      if (cost < bestCost) {
        bestCost = cost;
        bx = sx;
        by = sy;
      }
    };
    const sx0 = Math.max(r, tx - search);
    const sx1 = Math.min(width - 1 - r, tx + search);
    const sy0 = Math.max(r, ty - search);
    const sy1 = Math.min(height - 1 - r, ty + search);
    for (let sy = sy0; sy <= sy1; sy += 2) for (let sx = sx0; sx <= sx1; sx += 2) tryAt(sx, sy);
    if (bx >= 0) {
      const cx = bx;
      const cy = by;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if (dx || dy) tryAt(cx + dx, cy + dy);
    }
    if (bx < 0) break; // no whole patch of known pixels within reach: the rest is filled smoothly below
    const c = patchConfidence(tx, ty);
    for (let dy = -r; dy <= r; dy++) {
      const y = ty + dy;
      if (y < 0 || y >= height) continue;
      for (let dx = -r; dx <= r; dx++) {
        const x = tx + dx;
        if (x < 0 || x >= width) continue;
        const t = y * width + x;
        if (!hole[t]) continue;
        const s = ((by + dy) * width + bx + dx) * 4;
        d.copyWithin(t * 4, s, s + 4);
        hole[t] = 0;
        confidence[t] = c;
        remaining--;
      }
    }
  }
  return remaining > 0 ? inpaint(out, hole) : out;
}
