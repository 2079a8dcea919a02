import { assertImage, cloneImage } from './image';
import type { RgbaImage } from './image';
import { MinHeap } from './min-heap';

export interface InpaintOptions {
  /** Radius in pixels of the known neighbourhood each filled pixel is estimated from. */
  radius?: number;
}

/** A mask to inpaint: one value per pixel (non-zero = fill it), or an image whose opaque pixels
 * (alpha at least 128) mark what to fill, such as a mask layer painted on a canvas. */
export type InpaintMask = ArrayLike<number> | RgbaImage;

const KNOWN = 0;
const BAND = 1;
const INSIDE = 2;
const FAR = 1e6;

function toMask(mask: InpaintMask, n: number): Uint8Array {
  const out = new Uint8Array(n);
  if ('data' in mask && 'width' in mask) {
    if (mask.data.length !== n * 4) throw new RangeError('Mask image size differs from the image');
    for (let i = 0; i < n; i++) out[i] = (mask.data[i * 4 + 3] ?? 0) >= 128 ? 1 : 0;
  } else {
    if (mask.length !== n) throw new RangeError(`Mask has ${mask.length} values, expected ${n}`);
    for (let i = 0; i < n; i++) out[i] = mask[i] ? 1 : 0;
  }
  return out;
}

/**
 * One step of the eikonal equation |grad T| = 1 from two neighbours (Sethian's upwind scheme as
 * used by Telea): the arrival time at a pixel given the times of a horizontal and a vertical neighbour.
 */
function solve(flags: Uint8Array, T: Float32Array, a: number, b: number): number {
  const aKnown = a >= 0 && flags[a] !== INSIDE;
  const bKnown = b >= 0 && flags[b] !== INSIDE;
  const ta = aKnown ? (T[a] ?? FAR) : FAR;
  const tb = bKnown ? (T[b] ?? FAR) : FAR;
  if (aKnown && bKnown) {
    const d = ta - tb;
    if (Math.abs(d) >= 1) return 1 + Math.min(ta, tb);
    return (ta + tb + Math.sqrt(2 - d * d)) / 2;
  }
  if (aKnown) return 1 + ta;
  if (bKnown) return 1 + tb;
  return FAR;
}

/**
 * Inpainting by Telea's fast marching method (2004): masked pixels are filled in order of their
 * distance from the mask's border, each as a weighted average of the known pixels around it, every
 * one extrapolated along its own image gradient. The weights favour pixels close by, close to the
 * same distance from the border, and lying along the direction the fill front travels. Flat areas
 * come back exactly, linear gradients very nearly so; large textured holes come out smooth.
 */
export function inpaint(image: RgbaImage, mask: InpaintMask, options: InpaintOptions = {}): RgbaImage {
  assertImage(image);
  const { width, height } = image;
  const n = width * height;
  const holes = toMask(mask, n);
  const out = cloneImage(image);
  const I = out.data;
  const radius = Math.max(1, Math.round(options.radius ?? 5));
  const flags = new Uint8Array(n);
  const T = new Float32Array(n);
  const heap = new MinHeap();

  let anyHole = false;
  for (let i = 0; i < n; i++) {
    if (holes[i]) {
      flags[i] = INSIDE;
      T[i] = FAR;
      anyHole = true;
    }
  }
  if (!anyHole) return out;
  // The band starts as the known pixels touching the hole, at distance 0.
  for (let i = 0; i < n; i++) {
    if (flags[i] !== KNOWN) continue;
    const x = i % width;
    const y = (i / width) | 0;
    const touches =
      (x > 0 && flags[i - 1] === INSIDE) ||
      (x < width - 1 && flags[i + 1] === INSIDE) ||
      (y > 0 && flags[i - width] === INSIDE) ||
      (y < height - 1 && flags[i + width] === INSIDE);
    if (touches) {
      flags[i] = BAND;
      heap.push(i, 0);
    }
  }

  const has = (j: number): boolean => j >= 0 && flags[j] !== INSIDE;
  const sums = new Float64Array(4);
  const lo = new Float64Array(4);
  const hi = new Float64Array(4);

  const fillPixel = (p: number): void => {
    const px = p % width;
    const py = (p / width) | 0;
    // Direction the front moves at p: the gradient of T, for the directional weight.
    const left = px > 0 ? p - 1 : -1;
    const right = px < width - 1 ? p + 1 : -1;
    const up = py > 0 ? p - width : -1;
    const down = py < height - 1 ? p + width : -1;
    const tp = T[p] ?? 0;
    let nx = 0;
    let ny = 0;
    if (has(left) && has(right)) nx = ((T[right] ?? 0) - (T[left] ?? 0)) / 2;
    else if (has(right)) nx = (T[right] ?? 0) - tp;
    else if (has(left)) nx = tp - (T[left] ?? 0);
    if (has(up) && has(down)) ny = ((T[down] ?? 0) - (T[up] ?? 0)) / 2;
    else if (has(down)) ny = (T[down] ?? 0) - tp;
    else if (has(up)) ny = tp - (T[up] ?? 0);
    const nlen = Math.hypot(nx, ny);
    if (nlen > 0) {
      nx /= nlen;
      ny /= nlen;
    }

    sums.fill(0);
    lo.fill(255);
    hi.fill(0);
    let wsum = 0;
    const r2 = radius * radius;
    for (let qy = Math.max(0, py - radius); qy <= Math.min(height - 1, py + radius); qy++) {
      for (let qx = Math.max(0, px - radius); qx <= Math.min(width - 1, px + radius); qx++) {
        const q = qy * width + qx;
        if (q === p || flags[q] === INSIDE) continue;
        const rx = px - qx;
        const ry = py - qy;
        const d2 = rx * rx + ry * ry;
        if (d2 > r2) continue;
        const dist = Math.sqrt(d2);
        const dir = Math.max(1e-6, Math.abs((rx * nx + ry * ny) / dist));
        const dst = 1 / (d2 * dist);
        const lev = 1 / (1 + Math.abs((T[q] ?? 0) - tp));
        const w = dir * dst * lev;
        // Neighbours of q for its image gradient (central where possible, else one-sided).
        const ql = qx > 0 && has(q - 1) ? q - 1 : q;
        const qr = qx < width - 1 && has(q + 1) ? q + 1 : q;
        const qu = qy > 0 && has(q - width) ? q - width : q;
        const qd = qy < height - 1 && has(q + width) ? q + width : q;
        const sx = qr - ql || 1;
        const sy = (qd - qu) / width || 1;
        for (let c = 0; c < 4; c++) {
          const v = I[q * 4 + c] ?? 0;
          if (v < (lo[c] ?? 0)) lo[c] = v;
          if (v > (hi[c] ?? 0)) hi[c] = v;
          const gx = ((I[qr * 4 + c] ?? 0) - (I[ql * 4 + c] ?? 0)) / sx;
          const gy = ((I[qd * 4 + c] ?? 0) - (I[qu * 4 + c] ?? 0)) / sy;
          sums[c] = (sums[c] ?? 0) + w * (v + gx * rx + gy * ry);
        }
        wsum += w;
      }
    }
    // Extrapolating along the gradient of a thin dark line overshoots into white specks; the value
    // is kept within the range of the known pixels around it, which a smooth gradient never leaves.
    if (wsum > 0) {
      for (let c = 0; c < 4; c++) {
        const v = (sums[c] ?? 0) / wsum;
        I[p * 4 + c] = Math.min(hi[c] ?? 255, Math.max(lo[c] ?? 0, v));
      }
    }
  };

  for (let p = heap.pop(); p >= 0; p = heap.pop()) {
    if (flags[p] === KNOWN) continue;
    flags[p] = KNOWN;
    const px = p % width;
    const py = (p / width) | 0;
    const neighbours = [
      px > 0 ? p - 1 : -1,
      px < width - 1 ? p + 1 : -1,
      py > 0 ? p - width : -1,
      py < height - 1 ? p + width : -1,
    ];
    for (const q of neighbours) {
      if (q < 0 || flags[q] !== INSIDE) continue;
      const qx = q % width;
      const qy = (q / width) | 0;
      const l = qx > 0 ? q - 1 : -1;
      const r = qx < width - 1 ? q + 1 : -1;
      const u = qy > 0 ? q - width : -1;
      const d = qy < height - 1 ? q + width : -1;
      T[q] = Math.min(
        solve(flags, T, l, u),
        solve(flags, T, r, u),
        solve(flags, T, l, d),
        solve(flags, T, r, d),
      );
      fillPixel(q);
      flags[q] = BAND;
      heap.push(q, T[q] ?? FAR);
    }
  }
  return out;
}
