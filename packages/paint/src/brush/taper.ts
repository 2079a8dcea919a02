import type { Tapering } from './settings.js';

/** Size a taper starts from / ends at, as a fraction of the full size (a point, yet still visible). */
export const TAPER_MIN = 0.08;

/**
 * Size factor at arc length `s` of a stroke of total length `length` (Infinity while still drawing:
 * only the start taper is known then). Strokes shorter than a pixel (taps) are not tapered.
 */
export function taperFactor(tapering: Tapering, s: number, length: number): number {
  if (!tapering.enabled || length < 1) return 1;
  let t = 1;
  if (tapering.startTaper > 0) t = Math.min(t, s / tapering.startTaper);
  if (tapering.endTaper > 0 && Number.isFinite(length)) t = Math.min(t, (length - s) / tapering.endTaper);
  t = Math.min(1, Math.max(0, t));
  return TAPER_MIN + (1 - TAPER_MIN) * t;
}
