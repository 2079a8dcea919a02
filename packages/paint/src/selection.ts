import type { PixelBuffer } from './compositor.js';
import type { Point, Rect } from './geometry.js';

/**
 * A selection: per-pixel coverage 0-255 over the whole document (255 selected, 0 not, in between
 * partly, from feathering). Pure functions on plain arrays, so tools and tests share them.
 */
export type SelectionMask = Uint8Array;
export type SelectionOp = 'replace' | 'add' | 'subtract';

/** Largest feather radius, in pixels. */
export const MAX_FEATHER = 100;

export function rectSelection(width: number, height: number, r: Rect): SelectionMask {
  const m = new Uint8Array(width * height);
  const x0 = Math.max(0, Math.round(Math.min(r.x, r.x + r.width)));
  const x1 = Math.min(width, Math.round(Math.max(r.x, r.x + r.width)));
  const y0 = Math.max(0, Math.round(Math.min(r.y, r.y + r.height)));
  const y1 = Math.min(height, Math.round(Math.max(r.y, r.y + r.height)));
  for (let y = y0; y < y1; y++) m.fill(255, y * width + x0, y * width + x1);
  return m;
}

/** The ellipse inscribed in `r` (pixel centres inside it are selected). */
export function ellipseSelection(width: number, height: number, r: Rect): SelectionMask {
  const m = new Uint8Array(width * height);
  const cx = r.x + r.width / 2;
  const cy = r.y + r.height / 2;
  const rx = Math.abs(r.width / 2);
  const ry = Math.abs(r.height / 2);
  if (rx < 0.5 || ry < 0.5) return m;
  const y0 = Math.max(0, Math.floor(cy - ry));
  const y1 = Math.min(height, Math.ceil(cy + ry));
  for (let y = y0; y < y1; y++) {
    const dy = (y + 0.5 - cy) / ry;
    if (dy * dy > 1) continue;
    const half = rx * Math.sqrt(1 - dy * dy);
    const x0 = Math.max(0, Math.round(cx - half));
    const x1 = Math.min(width, Math.round(cx + half));
    if (x1 > x0) m.fill(255, y * width + x0, y * width + x1);
  }
  return m;
}

/** Lasso: the polygon through `points` (closed), even-odd rule, sampled at pixel centres. */
export function polygonSelection(width: number, height: number, points: readonly Point[]): SelectionMask {
  const m = new Uint8Array(width * height);
  if (points.length < 3) return m;
  const xs: number[] = [];
  for (let y = 0; y < height; y++) {
    const sy = y + 0.5;
    xs.length = 0;
    for (let i = 0; i < points.length; i++) {
      const a = points[i] as Point;
      const b = points[(i + 1) % points.length] as Point;
      if (a.y <= sy === b.y <= sy) continue;
      xs.push(a.x + ((sy - a.y) / (b.y - a.y)) * (b.x - a.x));
    }
    xs.sort((p, q) => p - q);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const x0 = Math.max(0, Math.round(xs[k] as number));
      const x1 = Math.min(width, Math.round(xs[k + 1] as number));
      if (x1 > x0) m.fill(255, y * width + x0, y * width + x1);
    }
  }
  return m;
}

/** Combines a new shape with the current selection (null: nothing selected). */
export function combineSelection(current: SelectionMask | null, shape: SelectionMask, op: SelectionOp): SelectionMask {
  if (op === 'replace' || !current) return op === 'subtract' ? new Uint8Array(shape.length) : shape;
  const out = new Uint8Array(shape.length);
  for (let i = 0; i < out.length; i++) {
    const a = current[i] as number;
    const b = shape[i] as number;
    out[i] = op === 'add' ? Math.max(a, b) : Math.round((a * (255 - b)) / 255);
  }
  return out;
}

export function invertSelection(m: SelectionMask): SelectionMask {
  const out = new Uint8Array(m.length);
  for (let i = 0; i < m.length; i++) out[i] = 255 - (m[i] as number);
  return out;
}

/** Softens the edge: three box blurs of `radius` (close to a Gaussian), separable, O(n) per pass. */
export function featherSelection(m: SelectionMask, width: number, height: number, radius: number): SelectionMask {
  const r = Math.round(Math.min(MAX_FEATHER, Math.max(0, radius)) / 2);
  if (r < 1) return m.slice();
  const a = Float32Array.from(m);
  const b = new Float32Array(m.length);
  for (let pass = 0; pass < 3; pass++) {
    boxBlur(a, b, height, width, r, width, 1); // rows
    boxBlur(b, a, width, height, r, 1, width); // columns
  }
  const out = new Uint8Array(m.length);
  for (let i = 0; i < out.length; i++) out[i] = Math.round(a[i] as number);
  return out;
}

/** Running-sum box blur along lines: `count` lines of `len` samples, `step` apart, lines `stride` apart. */
function boxBlur(src: Float32Array, dst: Float32Array, count: number, len: number, r: number, stride: number, step: number): void {
  const win = 2 * r + 1;
  for (let line = 0; line < count; line++) {
    const base = line * stride;
    let sum = 0;
    for (let k = -r; k <= r; k++) sum += src[base + Math.min(len - 1, Math.max(0, k)) * step] as number;
    for (let i = 0; i < len; i++) {
      dst[base + i * step] = sum / win;
      const add = Math.min(len - 1, i + r + 1);
      const drop = Math.max(0, i - r);
      sum += (src[base + add * step] as number) - (src[base + drop * step] as number);
    }
  }
}

/** Bounding box of the selected pixels, null when nothing is selected. */
export function selectionBounds(m: SelectionMask, width: number, height: number): Rect | null {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (!m[row + x]) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  return x1 < 0 ? null : { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/** A 2D affine transform [a, b, c, d, e, f]: x' = a x + c y + e, y' = b x + d y + f (canvas order). */
export type Affine = readonly [number, number, number, number, number, number];

export function invertAffine([a, b, c, d, e, f]: Affine): Affine {
  const det = a * d - b * c;
  if (Math.abs(det) < 1e-12) throw new RangeError('Transform is not invertible');
  return [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det];
}

export function applyAffine(m: Affine, p: Point): Point {
  return { x: m[0] * p.x + m[2] * p.y + m[4], y: m[1] * p.x + m[3] * p.y + m[5] };
}

/**
 * Draws `src` (placed with its top-left at `origin` in the document) through `m` into a new buffer
 * covering `area`: bilinear sampling in premultiplied alpha, so edges do not darken.
 */
export function transformPixels(src: PixelBuffer, origin: Point, m: Affine, area: Rect): PixelBuffer {
  const inv = invertAffine(m);
  const out = new Uint8ClampedArray(area.width * area.height * 4);
  const { width: sw, height: sh, data } = src;
  const at = (x: number, y: number, ch: number) => (x < 0 || y < 0 || x >= sw || y >= sh ? 0 : (data[(y * sw + x) * 4 + ch] as number));
  for (let y = 0; y < area.height; y++) {
    for (let x = 0; x < area.width; x++) {
      const p = applyAffine(inv, { x: area.x + x + 0.5, y: area.y + y + 0.5 });
      const sx = p.x - origin.x - 0.5;
      const sy = p.y - origin.y - 0.5;
      if (sx < -1 || sy < -1 || sx > sw || sy > sh) continue;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const w = [(1 - fx) * (1 - fy), fx * (1 - fy), (1 - fx) * fy, fx * fy];
      const pts: [number, number][] = [[x0, y0], [x0 + 1, y0], [x0, y0 + 1], [x0 + 1, y0 + 1]];
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let k = 0; k < 4; k++) {
        const [qx, qy] = pts[k] as [number, number];
        const al = at(qx, qy, 3) * (w[k] as number);
        a += al;
        r += at(qx, qy, 0) * al;
        g += at(qx, qy, 1) * al;
        b += at(qx, qy, 2) * al;
      }
      if (a <= 0) continue;
      const o = (y * area.width + x) * 4;
      out[o] = r / a;
      out[o + 1] = g / a;
      out[o + 2] = b / a;
      out[o + 3] = a;
    }
  }
  return { data: out, width: area.width, height: area.height };
}

/** Bounding box of `r` after `m`, in whole pixels. */
export function transformedBounds(r: Rect, m: Affine): Rect {
  const corners = [
    applyAffine(m, { x: r.x, y: r.y }),
    applyAffine(m, { x: r.x + r.width, y: r.y }),
    applyAffine(m, { x: r.x, y: r.y + r.height }),
    applyAffine(m, { x: r.x + r.width, y: r.y + r.height }),
  ];
  const x0 = Math.floor(Math.min(...corners.map((c) => c.x)));
  const y0 = Math.floor(Math.min(...corners.map((c) => c.y)));
  const x1 = Math.ceil(Math.max(...corners.map((c) => c.x)));
  const y1 = Math.ceil(Math.max(...corners.map((c) => c.y)));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}
