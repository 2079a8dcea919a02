import { linearRgbToOklab, linearToSrgb, srgbToLinear } from '../colour';
import type { Oklab } from '../colour';
import type { Rect, Rgb } from '../image';

export interface PaintOptions {
  /** Fill opacity 0-1, composited source-over onto the existing pixel. */
  alpha: number;
  /** When set, the fill takes the underlying pixel's lightness relative to this reference
   * (the seed's OKLab lightness), keeping shading and texture under the new colour. */
  blendReferenceL: number | null;
  /** Pixels with 1 here are never painted. */
  protect: Uint8Array | null;
  /** Where colour blending reads the light from, when not from the pixels painted over. */
  shade?: Uint8ClampedArray;
}

function lightnessOf(r: number, g: number, b: number, scratch: Oklab): number {
  return linearRgbToOklab(srgbToLinear(r), srgbToLinear(g), srgbToLinear(b), scratch).L;
}

/** Shifts a colour's OKLab lightness by dL keeping its a/b, back to clamped sRGB in `out`. */
function shiftLightness(c: Rgb, dL: number, scratch: Oklab, out: number[]): void {
  const lab = linearRgbToOklab(srgbToLinear(c.r), srgbToLinear(c.g), srgbToLinear(c.b), scratch);
  const L = Math.min(1, Math.max(0, lab.L + dL));
  const l = (L + 0.3963377774 * lab.a + 0.2158037573 * lab.b) ** 3;
  const m = (L - 0.1055613458 * lab.a - 0.0638541728 * lab.b) ** 3;
  const s = (L - 0.0894841775 * lab.a - 1.291485548 * lab.b) ** 3;
  out[0] = linearToSrgb(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s);
  out[1] = linearToSrgb(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s);
  out[2] = linearToSrgb(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s);
}

/**
 * Paints the region's pixels into `target` with the colour `colourAtRow(y)` gives, and returns the
 * bounding box of the pixels actually changed (null when none changed).
 */
export function paintRegion(
  source: Uint8ClampedArray,
  target: Uint8ClampedArray,
  width: number,
  mask: Uint8Array,
  rect: Rect,
  colourAtRow: (y: number) => Rgb,
  options: PaintOptions,
): Rect | null {
  const sa = options.alpha;
  if (sa <= 0) return null;
  const protect = options.protect;
  const shade = options.shade ?? source;
  const opaqueFlat = sa >= 1 && options.blendReferenceL === null;
  const scratch: Oklab = { L: 0, a: 0, b: 0 };
  const blended = [0, 0, 0];
  // Flat areas repeat the same (underlying, fill) pair, so blended colours are memoised.
  const cache = new Map<number, number>();
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let y = rect.y; y < rect.y + rect.height; y++) {
    const fill = colourAtRow(y);
    const fillKey = ((fill.r & 255) << 16) | ((fill.g & 255) << 8) | (fill.b & 255);
    for (let x = rect.x; x < rect.x + rect.width; x++) {
      const i = y * width + x;
      if (!mask[i] || (protect !== null && protect[i])) continue;
      const p = i * 4;
      if (opaqueFlat) {
        // Full strength without blending: a plain write, the common paint-bucket case.
        target[p] = fill.r;
        target[p + 1] = fill.g;
        target[p + 2] = fill.b;
        target[p + 3] = 255;
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
        continue;
      }
      const dr = source[p] ?? 0;
      const dg = source[p + 1] ?? 0;
      const db = source[p + 2] ?? 0;
      const da = (source[p + 3] ?? 0) / 255;
      let fr = fill.r;
      let fg = fill.g;
      let fb = fill.b;
      if (options.blendReferenceL !== null && (shade !== source || da > 0)) {
        const sr = shade[p] ?? 0;
        const sg = shade[p + 1] ?? 0;
        const sb = shade[p + 2] ?? 0;
        const key = ((sr << 16) | (sg << 8) | sb) * 16777216 + fillKey;
        let packed = cache.get(key);
        if (packed === undefined) {
          const dL = lightnessOf(sr, sg, sb, scratch) - options.blendReferenceL;
          shiftLightness(fill, dL, scratch, blended);
          const c = (v: number | undefined): number => Math.min(255, Math.max(0, Math.round(v ?? 0)));
          packed = (c(blended[0]) << 16) | (c(blended[1]) << 8) | c(blended[2]);
          cache.set(key, packed);
        }
        fr = (packed >> 16) & 255;
        fg = (packed >> 8) & 255;
        fb = packed & 255;
      }
      // Source-over on straight (non-premultiplied) colour.
      const oa = sa + da * (1 - sa);
      const r = oa > 0 ? (fr * sa + dr * da * (1 - sa)) / oa : 0;
      const g = oa > 0 ? (fg * sa + dg * da * (1 - sa)) / oa : 0;
      const b = oa > 0 ? (fb * sa + db * da * (1 - sa)) / oa : 0;
      target[p] = r;
      target[p + 1] = g;
      target[p + 2] = b;
      target[p + 3] = oa * 255;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  if (maxX < minX) return null;
  return { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}
