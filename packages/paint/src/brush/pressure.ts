export type PointerKind = 'mouse' | 'pen' | 'touch';

/** One pointer sample in document coordinates (the wrapper converts from screen through the viewport). */
export interface InputPoint {
  x: number;
  y: number;
  /** 0-1 as PointerEvent.pressure. */
  pressure: number;
  tiltX?: number;
  tiltY?: number;
  /** Milliseconds (PointerEvent.timeStamp). */
  time: number;
  pointerType: PointerKind;
}

/**
 * Pressure the brush should use. Mice report a constant 0.5 while a button is down and most touch
 * screens report no real pressure, so only pens are pressure sensitive; others count as full pressure.
 */
export function effectivePressure(point: InputPoint): number {
  if (point.pointerType !== 'pen') return 1;
  const p = point.pressure;
  return Number.isFinite(p) ? Math.min(1, Math.max(0, p)) : 1;
}

/**
 * A brush's pressure curve: a cubic Bezier from (0, 0) to (1, 1) with control points (x1, y1) and
 * (x2, y2), as in CSS easing: pen pressure in on x, effect out on y. Above the diagonal is soft (a light
 * touch already gives a strong line), below it is firm.
 */
export interface PressureCurve {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export const LINEAR_CURVE: PressureCurve = { x1: 0.33, y1: 0.33, x2: 0.67, y2: 0.67 };
export const PRESSURE_CURVE_PRESETS = {
  soft: { x1: 0.1, y1: 0.55, x2: 0.45, y2: 0.95 },
  linear: LINEAR_CURVE,
  firm: { x1: 0.55, y1: 0.05, x2: 0.9, y2: 0.45 },
} as const satisfies Record<string, PressureCurve>;

const unit = (v: number, fallback: number) => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : fallback);

export function normalizePressureCurve(c: Partial<PressureCurve>): PressureCurve {
  return { x1: unit(c.x1 ?? NaN, 0.33), y1: unit(c.y1 ?? NaN, 0.33), x2: unit(c.x2 ?? NaN, 0.67), y2: unit(c.y2 ?? NaN, 0.67) };
}

/** y of the curve at x = pressure (x(t) is monotone since x1, x2 lie in 0-1: bisection is exact enough). */
export function applyPressureCurve(pressure: number, c: PressureCurve): number {
  const p = Math.min(1, Math.max(0, pressure));
  const bez = (t: number, p1: number, p2: number) => 3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t;
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 24; i++) {
    const mid = (lo + hi) / 2;
    if (bez(mid, c.x1, c.x2) < p) lo = mid;
    else hi = mid;
  }
  return Math.min(1, Math.max(0, bez((lo + hi) / 2, c.y1, c.y2)));
}

/**
 * Pressure curve: scale factor for size and opacity. Sensitivity 0 ignores pressure (always 1);
 * 100 follows pressure fully. Without a brush curve, a gamma above 1 needs a firmer press.
 */
export function pressureFactor(pressure: number, sensitivity: number, curve?: PressureCurve, gamma = 1.2): number {
  const s = Math.min(1, Math.max(0, sensitivity / 100));
  const p = Math.min(1, Math.max(0, pressure));
  return 1 - s + s * (curve ? applyPressureCurve(p, curve) : Math.pow(p, gamma));
}
