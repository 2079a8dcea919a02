import type { PixelBuffer } from './compositor.js';

interface Taps {
  start: Int32Array;
  count: Int32Array;
  weights: Float32Array;
  width: number;
}

/**
 * Tent-filter taps for resizing one axis. When shrinking, the tent widens to the source footprint of a
 * destination pixel, so downscaling averages instead of aliasing (like Pillow's bilinear).
 */
function taps(srcLen: number, dstLen: number): Taps {
  const scale = dstLen / srcLen;
  const support = scale < 1 ? 1 / scale : 1;
  const width = Math.ceil(support) * 2 + 1;
  const start = new Int32Array(dstLen);
  const count = new Int32Array(dstLen);
  const weights = new Float32Array(dstLen * width);
  for (let i = 0; i < dstLen; i++) {
    const centre = (i + 0.5) / scale;
    const lo = Math.max(0, Math.floor(centre - support));
    const hi = Math.min(srcLen - 1, Math.ceil(centre + support));
    let sum = 0;
    let n = 0;
    for (let j = lo; j <= hi && n < width; j++, n++) {
      const w = Math.max(0, 1 - Math.abs(j + 0.5 - centre) / support);
      weights[i * width + n] = w;
      sum += w;
    }
    if (sum === 0) {
      // degenerate footprint: take the nearest source pixel
      const j = Math.min(srcLen - 1, Math.max(0, Math.floor(centre)));
      start[i] = j;
      count[i] = 1;
      weights[i * width] = 1;
      continue;
    }
    for (let k = 0; k < n; k++) weights[i * width + k] = (weights[i * width + k] as number) / sum;
    start[i] = lo;
    count[i] = n;
  }
  return { start, count, weights, width };
}

/** Resizes straight-alpha RGBA; filters in premultiplied space so transparent edges get no dark fringe. */
export function resampleRGBA(src: PixelBuffer, width: number, height: number): PixelBuffer {
  if (width < 1 || height < 1 || !Number.isInteger(width) || !Number.isInteger(height)) {
    throw new RangeError(`Invalid target size ${width}x${height}`);
  }
  const sw = src.width;
  const sh = src.height;
  const s = src.data;
  if (sw === width && sh === height) return { data: s.slice(), width, height };

  const hx = taps(sw, width);
  const mid = new Float32Array(width * sh * 4);
  for (let y = 0; y < sh; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      const j0 = hx.start[x] as number;
      const n = hx.count[x] as number;
      for (let k = 0; k < n; k++) {
        const w = hx.weights[x * hx.width + k] as number;
        const o = (y * sw + j0 + k) * 4;
        const pa = ((s[o + 3] as number) / 255) * w;
        r += (s[o] as number) * pa;
        g += (s[o + 1] as number) * pa;
        b += (s[o + 2] as number) * pa;
        a += pa;
      }
      const m = (y * width + x) * 4;
      mid[m] = r;
      mid[m + 1] = g;
      mid[m + 2] = b;
      mid[m + 3] = a;
    }
  }

  const vy = taps(sh, height);
  const out = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const j0 = vy.start[y] as number;
    const n = vy.count[y] as number;
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let k = 0; k < n; k++) {
        const w = vy.weights[y * vy.width + k] as number;
        const m = ((j0 + k) * width + x) * 4;
        r += (mid[m] as number) * w;
        g += (mid[m + 1] as number) * w;
        b += (mid[m + 2] as number) * w;
        a += (mid[m + 3] as number) * w;
      }
      const o = (y * width + x) * 4;
      if (a <= 0) continue;
      out[o] = r / a;
      out[o + 1] = g / a;
      out[o + 2] = b / a;
      out[o + 3] = a * 255;
    }
  }
  return { data: out, width, height };
}
