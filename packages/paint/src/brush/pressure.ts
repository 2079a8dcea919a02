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
 * Pressure curve: scale factor for size and opacity. Sensitivity 0 ignores pressure (always 1);
 * 100 follows pressure fully. A gamma above 1 needs a firmer press for the same effect.
 */
export function pressureFactor(pressure: number, sensitivity: number, gamma = 1.2): number {
  const s = Math.min(1, Math.max(0, sensitivity / 100));
  const p = Math.min(1, Math.max(0, pressure));
  return 1 - s + s * Math.pow(p, gamma);
}
