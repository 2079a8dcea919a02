import { assertImage } from './image';
import type { RgbaImage } from './image';

export interface OutlineOptions {
  /** 0.1-1 (spec slider). Higher keeps fainter edges, so more lines. */
  strength?: number;
  /** 0.1-1 (spec slider). Higher blurs less before edge detection, so finer detail survives. */
  detailLevel?: number;
  /** Paper behind the lines: opaque white (default) or transparent, for use as a layer. */
  background?: 'white' | 'transparent';
  /** Line width in pixels, 1-12 (default 1). */
  thickness?: number;
}

/** Edges closer than about twice this (both sides of one drawn stroke) merge into one line. */
const MERGE_RADIUS = 3;
const MAX_OUTLINE_THICKNESS = 12;

function clamp(v: number | undefined, lo: number, hi: number, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : fallback;
}

/** Luma with transparency composited over white, since transparent canvas areas read as paper. */
function greyscale(image: RgbaImage): Float32Array {
  const { data } = image;
  const n = image.width * image.height;
  const out = new Float32Array(n);
  for (let i = 0, p = 0; i < n; i++, p += 4) {
    const a = (data[p + 3] ?? 0) / 255;
    const y = 0.299 * (data[p] ?? 0) + 0.587 * (data[p + 1] ?? 0) + 0.114 * (data[p + 2] ?? 0);
    out[i] = y * a + 255 * (1 - a);
  }
  return out;
}

/**
 * Half of a normalised Gaussian kernel (centre first), cut at 2.5 sigma: the tail beyond holds about
 * 1 % of the weight, and the shorter kernel keeps an 800x600 outline well inside its time budget.
 */
function gaussianKernel(sigma: number): Float32Array {
  const radius = Math.max(1, Math.ceil(sigma * 2.5));
  const k = new Float32Array(radius + 1);
  let sum = 0;
  for (let i = 0; i <= radius; i++) {
    const v = Math.exp(-(i * i) / (2 * sigma * sigma));
    k[i] = v;
    sum += i === 0 ? v : 2 * v;
  }
  for (let i = 0; i <= radius; i++) k[i] = (k[i] ?? 0) / sum;
  return k;
}

/**
 * Separable Gaussian blur with clamped borders, using the kernel's symmetry (one multiply per pair
 * of taps). The column pass adds whole weighted rows, walking memory in order.
 */
function blur(src: Float32Array, tmp: Float32Array, width: number, height: number, sigma: number): void {
  const k = gaussianKernel(sigma);
  const r = k.length - 1;
  const k0 = k[0] ?? 0;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const c = row + x;
      let s = k0 * (src[c] ?? 0);
      if (x >= r && x < width - r) {
        for (let j = 1; j <= r; j++) s += (k[j] ?? 0) * ((src[c - j] ?? 0) + (src[c + j] ?? 0));
      } else {
        for (let j = 1; j <= r; j++) {
          const a = row + Math.max(0, x - j);
          const b = row + Math.min(width - 1, x + j);
          s += (k[j] ?? 0) * ((src[a] ?? 0) + (src[b] ?? 0));
        }
      }
      tmp[c] = s;
    }
  }
  // The column pass writes back into src, which the row pass no longer needs.
  const out = src;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) out[row + x] = k0 * (tmp[row + x] ?? 0);
    for (let j = 1; j <= r; j++) {
      const above = Math.max(0, y - j) * width;
      const below = Math.min(height - 1, y + j) * width;
      const w = k[j] ?? 0;
      for (let x = 0; x < width; x++) {
        out[row + x] = (out[row + x] ?? 0) + w * ((tmp[above + x] ?? 0) + (tmp[below + x] ?? 0));
      }
    }
  }
}

/**
 * Sobel magnitude and the gradient direction quantised to 4 sectors (0: horizontal gradient,
 * 1: 45 degrees, 2: vertical, 3: 135 degrees), which is what non-maximum suppression needs.
 */
function sobel(src: Float32Array, magnitude: Float32Array, width: number, height: number): Uint8Array {
  magnitude.fill(0);
  const sector = new Uint8Array(src.length);
  const tan22 = Math.tan(Math.PI / 8);
  const tan67 = Math.tan((3 * Math.PI) / 8);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const a = src[i - width - 1] ?? 0;
      const b = src[i - width] ?? 0;
      const c = src[i - width + 1] ?? 0;
      const d = src[i - 1] ?? 0;
      const f = src[i + 1] ?? 0;
      const g = src[i + width - 1] ?? 0;
      const h = src[i + width] ?? 0;
      const k = src[i + width + 1] ?? 0;
      const gx = c + 2 * f + k - a - 2 * d - g;
      const gy = g + 2 * h + k - a - 2 * b - c;
      magnitude[i] = Math.sqrt(gx * gx + gy * gy);
      const ax = Math.abs(gx);
      const ay = Math.abs(gy);
      if (ay <= ax * tan22) sector[i] = 0;
      else if (ay >= ax * tan67) sector[i] = 2;
      else sector[i] = gx * gy > 0 ? 1 : 3;
    }
  }
  return sector;
}

/** Keeps a pixel only where its magnitude peaks across the edge, thinning edges to one pixel. */
function suppressNonMaxima(
  magnitude: Float32Array,
  sector: Uint8Array,
  out: Float32Array,
  width: number,
  height: number,
): void {
  out.fill(0);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const m = magnitude[i] ?? 0;
      if (m === 0) continue;
      let step: number;
      switch (sector[i]) {
        case 0:
          step = 1;
          break;
        case 1:
          step = width + 1;
          break;
        case 2:
          step = width;
          break;
        default:
          step = width - 1;
      }
      // Ties go to the first of two equal pixels so a symmetric edge stays one pixel wide.
      if (m > (magnitude[i - step] ?? 0) && m >= (magnitude[i + step] ?? 0)) out[i] = m;
    }
  }
}

/**
 * Hysteresis: pixels above `high` are edges; pixels above `low` are edges when 8-connected to one.
 * Returns 1 for edge pixels.
 */
function hysteresis(nms: Float32Array, width: number, height: number, low: number, high: number): Uint8Array {
  const edge = new Uint8Array(nms.length);
  const stack: number[] = [];
  for (let i = 0; i < nms.length; i++) {
    if ((nms[i] ?? 0) >= high && !edge[i]) {
      edge[i] = 1;
      stack.push(i);
      while (stack.length > 0) {
        const p = stack.pop() ?? 0;
        const px = p % width;
        const py = (p / width) | 0;
        for (let dy = -1; dy <= 1; dy++) {
          const ny = py + dy;
          if (ny < 0 || ny >= height) continue;
          for (let dx = -1; dx <= 1; dx++) {
            const nx = px + dx;
            if (nx < 0 || nx >= width) continue;
            const q = ny * width + nx;
            if (!edge[q] && (nms[q] ?? 0) >= low) {
              edge[q] = 1;
              stack.push(q);
            }
          }
        }
      }
    }
  }
  return edge;
}

/** Blur sigma for a detail level: 2 px at 0.1 (only bold shapes), 0.6 px at 1 (fine detail). */
export function detailLevelToSigma(detailLevel: number): number {
  const t = (clamp(detailLevel, 0.1, 1, 0.5) - 0.1) / 0.9;
  return 2 - 1.4 * t;
}

/**
 * Canny thresholds for a strength, as the luma step of an edge: at 1 a step of about 6 levels starts
 * a line, at 0.1 only steps of about 50 do. They are scaled by the blurred Sobel response to a unit
 * step, so the detail level changes how fine the lines are, not how many edges pass.
 */
export function strengthToThresholds(strength: number, sigma: number): { low: number; high: number } {
  const s = clamp(strength, 0.1, 1, 0.5);
  const k = gaussianKernel(sigma);
  // A sharp step between two pixels, blurred, then the Sobel [1 2 1] x [-1 0 1] response at its peak.
  const unitResponse = 4 * ((k[0] ?? 0) + (k[1] ?? 0));
  const step = 6 + (1 - s) * 49;
  const high = step * unitResponse;
  return { low: high * 0.4, high };
}

/** 1 for edge pixels of a Canny edge detection tuned by the outline options. */
export function detectEdges(image: RgbaImage, options: OutlineOptions = {}): Uint8Array {
  assertImage(image);
  const { width, height } = image;
  const sigma = detailLevelToSigma(options.detailLevel ?? 0.5);
  // Two float buffers serve all stages (the outline runs per click, so garbage matters).
  const a = greyscale(image);
  const b = new Float32Array(a.length);
  blur(a, b, width, height, sigma);
  const sector = sobel(a, b, width, height);
  suppressNonMaxima(b, sector, a, width, height);
  const thin = a;
  const { low, high } = strengthToThresholds(options.strength ?? 0.5, sigma);
  return hysteresis(thin, width, height, low, high);
}

/** Grows a binary mask by a disc of `radius` (the band that melts a stroke's two edges into one). */
function dilate(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const out = new Uint8Array(mask.length);
  const offsets: number[][] = [];
  for (let dy = -radius; dy <= radius; dy++) for (let dx = -radius; dx <= radius; dx++) if (dx * dx + dy * dy <= radius * radius + radius) offsets.push([dx, dy]);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!mask[y * width + x]) continue;
      for (const [dx, dy] of offsets) {
        const nx = x + (dx as number);
        const ny = y + (dy as number);
        if (nx >= 0 && ny >= 0 && nx < width && ny < height) out[ny * width + nx] = 1;
      }
    }
  }
  return out;
}

/**
 * Zhang-Suen thinning: peels a binary shape from both sides until a one-pixel centre line is left,
 * keeping it connected. Only the shape's pixels are visited.
 */
function thin(mask: Uint8Array, width: number, height: number): Uint8Array {
  const m = mask.slice();
  let live: number[] = [];
  for (let i = 0; i < m.length; i++) if (m[i]) live.push(i);
  const at = (x: number, y: number) => (x >= 0 && y >= 0 && x < width && y < height ? (m[y * width + x] as number) : 0);
  for (let changed = true; changed; ) {
    changed = false;
    for (let pass = 0; pass < 2; pass++) {
      const remove: number[] = [];
      for (const i of live) {
        if (!m[i]) continue;
        const x = i % width;
        const y = (i - x) / width;
        // neighbours clockwise from north: p2..p9
        const p2 = at(x, y - 1);
        const p3 = at(x + 1, y - 1);
        const p4 = at(x + 1, y);
        const p5 = at(x + 1, y + 1);
        const p6 = at(x, y + 1);
        const p7 = at(x - 1, y + 1);
        const p8 = at(x - 1, y);
        const p9 = at(x - 1, y - 1);
        const b = p2 + p3 + p4 + p5 + p6 + p7 + p8 + p9;
        if (b < 2 || b > 6) continue;
        // exactly one 0 -> 1 step around the ring
        const a =
          (p2 < p3 ? 1 : 0) + (p3 < p4 ? 1 : 0) + (p4 < p5 ? 1 : 0) + (p5 < p6 ? 1 : 0) +
          (p6 < p7 ? 1 : 0) + (p7 < p8 ? 1 : 0) + (p8 < p9 ? 1 : 0) + (p9 < p2 ? 1 : 0);
        if (a !== 1) continue;
        if (pass === 0 ? p2 * p4 * p6 !== 0 || p4 * p6 * p8 !== 0 : p2 * p4 * p8 !== 0 || p2 * p6 * p8 !== 0) continue;
        remove.push(i);
      }
      for (const i of remove) m[i] = 0;
      if (remove.length > 0) changed = true;
    }
    live = live.filter((i) => m[i]);
  }
  return m;
}

/**
 * Line art from an image (spec: AI outline generator, image input): one clean line per contour, of
 * the chosen thickness. Canny finds the edges; a drawn stroke has two (one each side), so the edges
 * are grown into a band and thinned back to its centre line, which is drawn with round, antialiased
 * ends at `thickness`. Black on white, or on transparency for use as a layer.
 */
export function extractOutline(image: RgbaImage, options: OutlineOptions = {}): RgbaImage {
  const { width, height } = image;
  const edges = detectEdges(image, options);
  const centre = thin(dilate(edges, width, height, MERGE_RADIUS), width, height);
  const thickness = clamp(options.thickness, 1, MAX_OUTLINE_THICKNESS, 1);
  const alpha = new Uint8ClampedArray(edges.length);
  if (thickness <= 1) {
    for (let i = 0; i < centre.length; i++) if (centre[i]) alpha[i] = 255;
  } else {
    // every centre pixel stamps a disc of the line's width; coverage falls off over the last pixel
    const half = thickness / 2;
    const reach = Math.ceil(half + 0.5);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (!centre[y * width + x]) continue;
        for (let dy = -reach; dy <= reach; dy++) {
          const ny = y + dy;
          if (ny < 0 || ny >= height) continue;
          for (let dx = -reach; dx <= reach; dx++) {
            const nx = x + dx;
            if (nx < 0 || nx >= width) continue;
            const cover = Math.min(1, Math.max(0, half + 0.5 - Math.hypot(dx, dy))) * 255;
            const o = ny * width + nx;
            if (cover > (alpha[o] as number)) alpha[o] = cover;
          }
        }
      }
    }
  }
  const transparent = options.background === 'transparent';
  const data = new Uint8ClampedArray(edges.length * 4);
  for (let i = 0, p = 0; i < edges.length; i++, p += 4) {
    const a = alpha[i] as number;
    if (transparent) {
      data[p + 3] = a; // black ink
    } else {
      const v = 255 - a;
      data[p] = v;
      data[p + 1] = v;
      data[p + 2] = v;
      data[p + 3] = 255;
    }
  }
  return { width, height, data };
}
