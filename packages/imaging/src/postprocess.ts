import type { RgbaImage } from './image';

/**
 * The generation options' post-processing on RGBA pixels, for the browser's offline generator. The server
 * runs the same chain with sharp (apps/server/src/modules/images/postprocess.ts); a test holds the two
 * within a few levels of each other. Order as a retoucher would: denoise (3x3 median), line-art clean-up
 * (3x3 sharpening), colour correction (contrast around mid-grey, saturation by colour matrix), bloom
 * (highlights blurred at quarter size and screened back on).
 */
export interface PixelPostProcessing {
  denoise: boolean;
  lineArtCleanup: boolean;
  colorCorrection: { contrast: number; saturation: number; bloom: number };
}

/** Saturation as a colour matrix around Rec. 709 luma (a linear op, much cheaper than an HSV round trip). */
export function saturationMatrix(
  s: number,
): [[number, number, number], [number, number, number], [number, number, number]] {
  const [r, g, b] = [0.2126, 0.7152, 0.0722];
  return [
    [r + (1 - r) * s, g * (1 - s), b * (1 - s)],
    [r * (1 - s), g + (1 - g) * s, b * (1 - s)],
    [r * (1 - s), g * (1 - s), b + (1 - b) * s],
  ];
}

/** A 3x3 sharpening kernel: it firms up strokes and edges without the halo of a wide unsharp mask. */
export const LINE_ART_KERNEL = [0, -0.5, 0, -0.5, 3, -0.5, 0, -0.5, 0] as const;

const clampIndex = (v: number, max: number) => (v < 0 ? 0 : v > max ? max : v);

const med3 = (a: number, b: number, c: number) => Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));

/**
 * 3x3 median of each colour channel (alpha kept), edges extended. Each column's three values are sorted once
 * per row and shared by the three windows that hold them; a window's median is then the median of the
 * largest of the smallest, the median of the middles and the smallest of the largest (exact).
 */
export function median3(img: RgbaImage): RgbaImage {
  const { width: w, height: h, data } = img;
  const out = new Uint8ClampedArray(data.length);
  const lo = new Int32Array(w);
  const mid = new Int32Array(w);
  const hi = new Int32Array(w);
  for (let y = 0; y < h; y++) {
    const r0 = clampIndex(y - 1, h - 1) * w * 4;
    const r1 = y * w * 4;
    const r2 = clampIndex(y + 1, h - 1) * w * 4;
    for (let c = 0; c < 3; c++) {
      for (let x = 0; x < w; x++) {
        const a = data[r0 + x * 4 + c]!;
        const b = data[r1 + x * 4 + c]!;
        const d = data[r2 + x * 4 + c]!;
        lo[x] = Math.min(a, b, d);
        hi[x] = Math.max(a, b, d);
        mid[x] = a + b + d - lo[x]! - hi[x]!;
      }
      for (let x = 0; x < w; x++) {
        const l = x > 0 ? x - 1 : 0;
        const r = x < w - 1 ? x + 1 : w - 1;
        const maxLo = Math.max(lo[l]!, lo[x]!, lo[r]!);
        const minHi = Math.min(hi[l]!, hi[x]!, hi[r]!);
        out[r1 + x * 4 + c] = med3(maxLo, med3(mid[l]!, mid[x]!, mid[r]!), minHi);
      }
    }
    for (let x = 0; x < w; x++) out[r1 + x * 4 + 3] = data[r1 + x * 4 + 3]!;
  }
  return { width: w, height: h, data: out };
}

/** A 3x3 convolution of the colour channels (alpha kept), edges extended. */
export function convolve3(img: RgbaImage, kernel: readonly number[]): RgbaImage {
  const { width: w, height: h, data } = img;
  const out = new Uint8ClampedArray(data.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = (y * w + x) * 4;
      let r = 0;
      let g = 0;
      let b = 0;
      for (let ky = 0; ky < 3; ky++) {
        const row = clampIndex(y + ky - 1, h - 1) * w;
        for (let kx = 0; kx < 3; kx++) {
          const k = kernel[ky * 3 + kx]!;
          if (k === 0) continue;
          const i = (row + clampIndex(x + kx - 1, w - 1)) * 4;
          r += data[i]! * k;
          g += data[i + 1]! * k;
          b += data[i + 2]! * k;
        }
      }
      out[o] = r;
      out[o + 1] = g;
      out[o + 2] = b;
      out[o + 3] = data[o + 3]!;
    }
  }
  return { width: w, height: h, data: out };
}

/** Contrast around mid-grey, then saturation, in one pass over the pixels (in place). */
function colourCorrect(img: RgbaImage, contrast: number, saturation: number): void {
  const m = saturationMatrix(saturation);
  const offset = 128 * (1 - contrast);
  const d = img.data;
  for (let i = 0; i < d.length; i += 4) {
    // Not clamped in between: libvips carries the contrast step's values as floats into the matrix.
    const r = d[i]! * contrast + offset;
    const g = d[i + 1]! * contrast + offset;
    const b = d[i + 2]! * contrast + offset;
    d[i] = m[0][0] * r + m[0][1] * g + m[0][2] * b;
    d[i + 1] = m[1][0] * r + m[1][1] * g + m[1][2] * b;
    d[i + 2] = m[2][0] * r + m[2][1] * g + m[2][2] * b;
  }
}

/** Area-average downscale to w x h (3 channels out of RGBA). */
function shrink(img: RgbaImage, w: number, h: number): Float32Array {
  const out = new Float32Array(w * h * 3);
  const sx = img.width / w;
  const sy = img.height / h;
  for (let y = 0; y < h; y++) {
    const y0 = Math.floor(y * sy);
    const y1 = Math.max(y0 + 1, Math.floor((y + 1) * sy));
    for (let x = 0; x < w; x++) {
      const x0 = Math.floor(x * sx);
      const x1 = Math.max(x0 + 1, Math.floor((x + 1) * sx));
      let r = 0;
      let g = 0;
      let b = 0;
      for (let yy = y0; yy < y1; yy++) {
        for (let xx = x0; xx < x1; xx++) {
          const i = (yy * img.width + xx) * 4;
          r += img.data[i]!;
          g += img.data[i + 1]!;
          b += img.data[i + 2]!;
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      const o = (y * w + x) * 3;
      out[o] = r / n;
      out[o + 1] = g / n;
      out[o + 2] = b / n;
    }
  }
  return out;
}

/** Separable Gaussian blur of a 3-channel float image (edges extended), as sharp's `blur(sigma)`. */
function gaussian(src: Float32Array, w: number, h: number, sigma: number): Float32Array {
  const radius = Math.ceil(sigma * 3);
  const kernel = Array.from({ length: 2 * radius + 1 }, (_, i) =>
    Math.exp(-((i - radius) ** 2) / (2 * sigma * sigma)),
  );
  const sum = kernel.reduce((a, b) => a + b, 0);
  const k = kernel.map((v) => v / sum);
  const pass = (from: Float32Array, horizontal: boolean) => {
    const to = new Float32Array(from.length);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let r = 0;
        let g = 0;
        let b = 0;
        for (let t = -radius; t <= radius; t++) {
          const xx = horizontal ? clampIndex(x + t, w - 1) : x;
          const yy = horizontal ? y : clampIndex(y + t, h - 1);
          const i = (yy * w + xx) * 3;
          const kt = k[t + radius]!;
          r += from[i]! * kt;
          g += from[i + 1]! * kt;
          b += from[i + 2]! * kt;
        }
        const o = (y * w + x) * 3;
        to[o] = r;
        to[o + 1] = g;
        to[o + 2] = b;
      }
    }
    return to;
  };
  return pass(pass(src, true), false);
}

/** Highlights (above mid-grey, scaled by `amount`) blurred at quarter size and screened back on (in place). */
function bloomInPlace(img: RgbaImage, amount: number): void {
  const { width, height } = img;
  const qw = Math.max(1, Math.round(width / 4));
  const qh = Math.max(1, Math.round(height / 4));
  const small = shrink(img, qw, qh);
  for (let i = 0; i < small.length; i++)
    small[i] = Math.min(255, Math.max(0, small[i]! * 2 * amount - 255 * amount));
  const glow = gaussian(small, qw, qh, Math.max(0.5, Math.min(qw, qh) / 80));
  const d = img.data;
  // Bilinear upscale of the glow, screened onto each pixel.
  for (let y = 0; y < height; y++) {
    const fy = Math.min(qh - 1, Math.max(0, ((y + 0.5) * qh) / height - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(qh - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(qw - 1, Math.max(0, ((x + 0.5) * qw) / width - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(qw - 1, x0 + 1);
      const tx = fx - x0;
      const o = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) {
        const a = glow[(y0 * qw + x0) * 3 + c]! * (1 - tx) + glow[(y0 * qw + x1) * 3 + c]! * tx;
        const b = glow[(y1 * qw + x0) * 3 + c]! * (1 - tx) + glow[(y1 * qw + x1) * 3 + c]! * tx;
        const g = a * (1 - ty) + b * ty;
        const v = d[o + c]!;
        d[o + c] = 255 - ((255 - v) * (255 - g)) / 255;
      }
    }
  }
}

/** The whole chain; answers a new image (the input is left as it was). */
export function postProcessPixels(img: RgbaImage, options: PixelPostProcessing): RgbaImage {
  let out: RgbaImage = { width: img.width, height: img.height, data: new Uint8ClampedArray(img.data) };
  if (options.denoise) out = median3(out);
  if (options.lineArtCleanup) out = convolve3(out, LINE_ART_KERNEL);
  const { contrast, saturation, bloom } = options.colorCorrection;
  if (contrast !== 1 || saturation !== 1) colourCorrect(out, contrast, saturation);
  if (bloom > 0) bloomInPlace(out, bloom);
  return out;
}
