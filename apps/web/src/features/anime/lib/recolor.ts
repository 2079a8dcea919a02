import { hexToRgb, oklabToRgb, rgbToOklab, type Oklab } from '@yumi/imaging';
import type { PixelBuffer } from '@yumi/paint';

/** A source colour and the colour it becomes. */
export interface ColorMapping {
  from: string;
  to: string;
}

/**
 * Recolours an image: each visible pixel moves by the OKLab shift of its nearest source colour, so
 * shading and line work inside a colour area survive (a light and a dark pink both become blue, still
 * light and dark). Near-black and near-grey line art (low chroma, dark) is left alone.
 */
export function recolorImage(image: PixelBuffer, mappings: readonly ColorMapping[]): PixelBuffer {
  const sources: Oklab[] = mappings.map((m) => rgbToOklab(hexToRgb(m.from)));
  const shifts = mappings.map((m, i) => {
    const to = rgbToOklab(hexToRgb(m.to));
    const from = sources[i]!;
    return { L: to.L - from.L, a: to.a - from.a, b: to.b - from.b };
  });
  const out = new Uint8ClampedArray(image.data);
  const cache = new Map<number, number>();
  for (let i = 0; i < out.length; i += 4) {
    if (out[i + 3]! === 0) continue;
    const key = (out[i]! << 16) | (out[i + 1]! << 8) | out[i + 2]!;
    let packed = cache.get(key);
    if (packed === undefined) {
      packed = recolorPixel(out[i]!, out[i + 1]!, out[i + 2]!, sources, shifts);
      if (cache.size < 65_536) cache.set(key, packed);
    }
    out[i] = packed >>> 16;
    out[i + 1] = (packed >>> 8) & 255;
    out[i + 2] = packed & 255;
  }
  return { data: out, width: image.width, height: image.height };
}

function recolorPixel(r: number, g: number, b: number, sources: Oklab[], shifts: Oklab[]): number {
  const lab = rgbToOklab({ r, g, b });
  const chroma = Math.hypot(lab.a, lab.b);
  // Line art and ink stay as drawn.
  if (lab.L < 0.3 && chroma < 0.05) return (r << 16) | (g << 8) | b;
  let best = -1;
  let bestD = Infinity;
  for (let k = 0; k < sources.length; k++) {
    const s = sources[k]!;
    const d = (s.L - lab.L) ** 2 + (s.a - lab.a) ** 2 + (s.b - lab.b) ** 2;
    if (d < bestD) {
      bestD = d;
      best = k;
    }
  }
  if (best < 0) return (r << 16) | (g << 8) | b;
  const sh = shifts[best]!;
  const c = oklabToRgb({ L: lab.L + sh.L, a: lab.a + sh.a, b: lab.b + sh.b });
  return (Math.round(c.r) << 16) | (Math.round(c.g) << 8) | Math.round(c.b);
}
