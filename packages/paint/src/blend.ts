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
  acc[i] = sr * fresh + cr * keep + mixed(cr, sr, ab, sa, mode);
  acc[i + 1] = sg * fresh + cg * keep + mixed(cg, sg, ab, sa, mode);
  acc[i + 2] = sb * fresh + cb * keep + mixed(cb, sb, ab, sa, mode);
}

/** sa*ab*B(Cb, Cs) for one channel, from premultiplied backdrop c and source s. */
function mixed(c: number, s: number, ab: number, sa: number, mode: BlendMode): number {
  switch (mode) {
    case 'multiply':
      return s * c;
    case 'screen':
      return s * ab + c * sa - s * c;
    case 'overlay':
      // Overlay is hard-light with the layers swapped: the backdrop decides the branch.
      return 2 * c <= ab ? 2 * s * c : sa * ab - 2 * (ab - c) * (sa - s);
    case 'darken':
      return Math.min(s * ab, c * sa);
    case 'lighten':
      return Math.max(s * ab, c * sa);
    default:
      return s * ab;
  }
}
