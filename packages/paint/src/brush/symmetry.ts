/**
 * Symmetry rulers: every dab of a stroke is also stamped at its mirror images. `vertical` mirrors
 * across the vertical axis through the centre (left and right halves), `horizontal` across the
 * horizontal axis, `both` gives four copies, `radial` repeats the dab `count` times around the centre.
 */
export const SYMMETRY_MODES = ['off', 'vertical', 'horizontal', 'both', 'radial'] as const;
export type SymmetryMode = (typeof SYMMETRY_MODES)[number];

export interface Symmetry {
  mode: SymmetryMode;
  /** Copies around the centre for radial symmetry (2-16). */
  count: number;
  /** Centre in document pixels. */
  cx: number;
  cy: number;
}

export const MIN_RADIAL = 2;
export const MAX_RADIAL = 16;

/** One copy: a linear map about the centre (a, b, c, d as in x' = a*x + c*y) and its tip angle change. */
export interface SymmetryCopy {
  a: number;
  b: number;
  c: number;
  d: number;
  /** New tip angle from the original one (mirrors reverse it). */
  angle(original: number): number;
}

export function normalizeSymmetry(s: Partial<Symmetry>, width: number, height: number): Symmetry {
  const mode = (SYMMETRY_MODES as readonly string[]).includes(s.mode ?? '') ? (s.mode as SymmetryMode) : 'off';
  const count = Number.isFinite(s.count) ? Math.round(Math.min(MAX_RADIAL, Math.max(MIN_RADIAL, s.count as number))) : 6;
  const cx = Number.isFinite(s.cx) ? Math.min(width, Math.max(0, s.cx as number)) : width / 2;
  const cy = Number.isFinite(s.cy) ? Math.min(height, Math.max(0, s.cy as number)) : height / 2;
  return { mode, count, cx, cy };
}


/** The extra copies (the identity is not included) for a symmetry setting. */
export function symmetryCopies(s: Symmetry): SymmetryCopy[] {
  const mirrorX: SymmetryCopy = { a: -1, b: 0, c: 0, d: 1, angle: (t) => Math.PI - t };
  const mirrorY: SymmetryCopy = { a: 1, b: 0, c: 0, d: -1, angle: (t) => -t };
  switch (s.mode) {
    case 'vertical':
      return [mirrorX];
    case 'horizontal':
      return [mirrorY];
    case 'both':
      return [mirrorX, mirrorY, { a: -1, b: 0, c: 0, d: -1, angle: (t) => t + Math.PI }];
    case 'radial': {
      const out: SymmetryCopy[] = [];
      for (let i = 1; i < s.count; i++) {
        const r = (2 * Math.PI * i) / s.count;
        const cos = Math.cos(r);
        const sin = Math.sin(r);
        out.push({ a: cos, b: sin, c: -sin, d: cos, angle: (t) => t + r });
      }
      return out;
    }
    default:
      return [];
  }
}

/** Where a copy puts document point (x, y). */
export function mirrorPoint(s: Symmetry, copy: SymmetryCopy, x: number, y: number): { x: number; y: number } {
  const dx = x - s.cx;
  const dy = y - s.cy;
  return { x: s.cx + copy.a * dx + copy.c * dy, y: s.cy + copy.b * dx + copy.d * dy };
}

