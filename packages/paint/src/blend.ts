import type { BlendMode } from './layer.js';

/**
 * Blends one premultiplied source pixel (sr, sg, sb, sa; 0-1) over the premultiplied backdrop at
 * acc[i..i+3], in place. W3C Compositing Level 1 separable modes with source-over, rewritten in
 * premultiplied form so no division is needed:
 *   co = s*(1-ab) + cb*(1-sa) + sa*ab*B(Cb, Cs)   and   ao = sa + ab*(1-sa)
 */
export function blendPixel(
  acc: Float32Array,
  i: number,
  sr: number,
  sg: number,
  sb: number,
  sa: number,
  mode: BlendMode,
): void {
  const ab = acc[i + 3] as number;
  const cr = acc[i] as number;
  const cg = acc[i + 1] as number;
  const cb = acc[i + 2] as number;
  const keep = 1 - sa;
  acc[i + 3] = sa + ab * keep;
  if (mode === 'normal' || ab === 0) {
    // With an empty backdrop every mode reduces to normal.
    acc[i] = sr + cr * keep;
    acc[i + 1] = sg + cg * keep;
    acc[i + 2] = sb + cb * keep;
    return;
  }
  const fresh = 1 - ab;
  const code = BLEND_CODE[mode];
  acc[i] = sr * fresh + cr * keep + mixChannel(cr, sr, ab, sa, code);
  acc[i + 1] = sg * fresh + cg * keep + mixChannel(cg, sg, ab, sa, code);
  acc[i + 2] = sb * fresh + cb * keep + mixChannel(cb, sb, ab, sa, code);
}

/** Numeric codes so hot loops switch on small integers rather than strings. */
export const BLEND_CODE: Record<BlendMode, number> = {
  normal: 0,
  multiply: 1,
  screen: 2,
  overlay: 3,
  darken: 4,
  lighten: 5,
};

/**
 * sa*ab*B(Cb, Cs) for one channel, from premultiplied backdrop c (alpha ab) and source s (alpha sa).
 * `code` is BLEND_CODE of the mode.
 */
export function mixChannel(c: number, s: number, ab: number, sa: number, code: number): number {
  switch (code) {
    case 1: // multiply
      return s * c;
    case 2: // screen
      return s * ab + c * sa - s * c;
    case 3: // overlay = hard-light with the layers swapped: the backdrop decides the branch
      return 2 * c <= ab ? 2 * s * c : sa * ab - 2 * (ab - c) * (sa - s);
    case 4: // darken
      return Math.min(s * ab, c * sa);
    case 5: // lighten
      return Math.max(s * ab, c * sa);
    default: // normal
      return s * ab;
  }
}
