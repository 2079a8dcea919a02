import { resampleRGBA, type PixelBuffer } from '@yumi/paint';

/** Channel difference above which a pixel counts as changed (ignores 8-bit rounding noise). */
const THRESHOLD = 8;

/**
 * Difference overlay of two composites: unchanged pixels are the first image faded to 25 %, changed
 * ones magenta. Images of different sizes are compared at the first one's size.
 */
export function differenceImage(a: PixelBuffer, b: PixelBuffer): { image: PixelBuffer; changedPercent: number } {
  const bb = b.width === a.width && b.height === a.height ? b : resampleRGBA(b, a.width, a.height);
  const out = new Uint8ClampedArray(a.data.length);
  let changed = 0;
  for (let i = 0; i < out.length; i += 4) {
    const d = Math.max(
      Math.abs(a.data[i]! - bb.data[i]!),
      Math.abs(a.data[i + 1]! - bb.data[i + 1]!),
      Math.abs(a.data[i + 2]! - bb.data[i + 2]!),
      Math.abs(a.data[i + 3]! - bb.data[i + 3]!),
    );
    if (d > THRESHOLD) {
      changed++;
      out[i] = 236;
      out[i + 1] = 72;
      out[i + 2] = 153;
      out[i + 3] = 255;
    } else {
      const grey = (a.data[i]! * 0.3 + a.data[i + 1]! * 0.59 + a.data[i + 2]! * 0.11) * 0.25 + 255 * 0.75;
      out[i] = out[i + 1] = out[i + 2] = grey;
      out[i + 3] = 255;
    }
  }
  return { image: { data: out, width: a.width, height: a.height }, changedPercent: (changed / (out.length / 4)) * 100 };
}
