import type { Rgba, RgbaImage } from '../image';

/** A pixel darker than this luma (0-255) and at least half opaque counts as line art. */
const LINE_LUMA_MAX = 100;
const LINE_ALPHA_MIN = 128;

export function isLinePixel(data: Uint8ClampedArray, i4: number): boolean {
  const a = data[i4 + 3] ?? 0;
  if (a < LINE_ALPHA_MIN) return false;
  const y = 0.299 * (data[i4] ?? 0) + 0.587 * (data[i4 + 1] ?? 0) + 0.114 * (data[i4 + 2] ?? 0);
  return y <= LINE_LUMA_MAX;
}

/** 1 where the pixel is line art (dark and opaque), 0 elsewhere. */
export function lineMask(image: RgbaImage): Uint8Array {
  const n = image.width * image.height;
  const mask = new Uint8Array(n);
  for (let i = 0; i < n; i++) mask[i] = isLinePixel(image.data, i * 4) ? 1 : 0;
  return mask;
}

/**
 * Per-pixel difference from the seed colour, 0-255: the largest channel difference after
 * premultiplying by alpha, so all fully transparent pixels are equal whatever their hidden RGB.
 */
export function seedDistance(image: RgbaImage, seed: Rgba): Uint8Array {
  const { data } = image;
  const n = image.width * image.height;
  const out = new Uint8Array(n);
  const sa = seed.a;
  const sr = seed.r * sa;
  const sg = seed.g * sa;
  const sb = seed.b * sa;
  for (let i = 0, p = 0; i < n; i++, p += 4) {
    const a = data[p + 3] ?? 0;
    if (a === 255 && sa === 255) {
      // Both opaque (the common case): plain largest channel difference.
      const dr = Math.abs((data[p] ?? 0) - seed.r);
      const dg = Math.abs((data[p + 1] ?? 0) - seed.g);
      const db = Math.abs((data[p + 2] ?? 0) - seed.b);
      out[i] = dr > dg ? (dr > db ? dr : db) : dg > db ? dg : db;
      continue;
    }
    const dr = Math.abs((data[p] ?? 0) * a - sr);
    const dg = Math.abs((data[p + 1] ?? 0) * a - sg);
    const db = Math.abs((data[p + 2] ?? 0) * a - sb);
    const dc = Math.max(dr, dg, db) / 255;
    out[i] = Math.min(255, Math.round(Math.max(dc, Math.abs(a - sa))));
  }
  return out;
}

/**
 * Square (Chebyshev) dilation by radius r in O(n) per pass regardless of r: for every pixel the
 * distance to the nearest set pixel along the row, then along the column. A gap of up to 2r pixels
 * between two line ends is covered.
 */
export function dilateSquare(mask: Uint8Array, width: number, height: number, r: number): Uint8Array {
  if (r <= 0) return mask.slice();
  const horizontal = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let last = -Infinity;
    for (let x = 0; x < width; x++) {
      if (mask[row + x]) last = x;
      if (x - last <= r) horizontal[row + x] = 1;
    }
    last = Infinity;
    for (let x = width - 1; x >= 0; x--) {
      if (mask[row + x]) last = x;
      if (last - x <= r) horizontal[row + x] = 1;
    }
  }
  const out = new Uint8Array(mask.length);
  for (let x = 0; x < width; x++) {
    let last = -Infinity;
    for (let y = 0; y < height; y++) {
      if (horizontal[y * width + x]) last = y;
      if (y - last <= r) out[y * width + x] = 1;
    }
    last = Infinity;
    for (let y = height - 1; y >= 0; y--) {
      if (horizontal[y * width + x]) last = y;
      if (last - y <= r) out[y * width + x] = 1;
    }
  }
  return out;
}

/**
 * Sobel gradient magnitude of luma divided by 4, so a sharp step of size d between two flat areas
 * reads about d. Border pixels repeat their neighbours.
 */
export function lumaEdgeStrength(image: RgbaImage): Uint8Array {
  const { width, height, data } = image;
  const n = width * height;
  const lum = new Float32Array(n);
  for (let i = 0, p = 0; i < n; i++, p += 4) {
    const a = (data[p + 3] ?? 0) / 255;
    // Composite over white, so transparency edges count like colour edges.
    const y = 0.299 * (data[p] ?? 0) + 0.587 * (data[p + 1] ?? 0) + 0.114 * (data[p + 2] ?? 0);
    lum[i] = y * a + 255 * (1 - a);
  }
  const out = new Uint8Array(n);
  for (let y = 0; y < height; y++) {
    const ym = (y > 0 ? y - 1 : y) * width;
    const y0 = y * width;
    const yp = (y < height - 1 ? y + 1 : y) * width;
    for (let x = 0; x < width; x++) {
      const xm = x > 0 ? x - 1 : x;
      const xp = x < width - 1 ? x + 1 : x;
      const a = lum[ym + xm] ?? 0;
      const b = lum[ym + x] ?? 0;
      const c = lum[ym + xp] ?? 0;
      const d = lum[y0 + xm] ?? 0;
      const f = lum[y0 + xp] ?? 0;
      const g = lum[yp + xm] ?? 0;
      const h = lum[yp + x] ?? 0;
      const k = lum[yp + xp] ?? 0;
      const gx = c + 2 * f + k - a - 2 * d - g;
      const gy = g + 2 * h + k - a - 2 * b - c;
      out[y0 + x] = Math.min(255, Math.round(Math.hypot(gx, gy) / 4));
    }
  }
  return out;
}
