/** A point on the brush path (document coordinates) with the pressure to paint it with (0-1). */
export interface PathPoint {
  x: number;
  y: number;
  pressure: number;
}

/** Largest pulled-string radius, in screen pixels, at smoothing 100. */
export const MAX_STABILIZER_RADIUS = 40;

/** Smoothing 0-100 to a string length in document pixels; quadratic so low values stay subtle. */
export function stabilizerRadius(smoothing: number, zoom = 1): number {
  const s = Math.min(1, Math.max(0, smoothing / 100));
  return (MAX_STABILIZER_RADIUS * s * s) / Math.max(zoom, 1e-3);
}

/**
 * Pulled-string ("lazy") stabiliser: the brush hangs on a string of length `radius` behind the
 * pointer and only moves when the string is taut. Hand tremor smaller than the string never reaches
 * the brush, independent of the pointer's sampling rate. `finish` catches up to the last pointer
 * position so the stroke ends where the user let go.
 */
export class PulledStringStabilizer {
  private brush: PathPoint | null = null;
  private last: PathPoint | null = null;

  constructor(private readonly radius: number) {}

  /** Feeds a pointer sample; returns the new brush position, or null if the brush did not move. */
  push(p: PathPoint): PathPoint | null {
    this.last = p;
    if (!this.brush) {
      this.brush = { ...p };
      return { ...p };
    }
    if (this.radius <= 0) {
      this.brush = { ...p };
      return { ...p };
    }
    const dx = p.x - this.brush.x;
    const dy = p.y - this.brush.y;
    const dist = Math.hypot(dx, dy);
    if (dist <= this.radius) {
      this.brush.pressure = p.pressure; // pressure is not spatial: follow it even while the brush rests
      return null;
    }
    const k = (dist - this.radius) / dist;
    this.brush = { x: this.brush.x + dx * k, y: this.brush.y + dy * k, pressure: p.pressure };
    return { ...this.brush };
  }

  /** Final catch-up point (the pointer's last position), or null if the brush is already there. */
  finish(): PathPoint | null {
    if (!this.last || !this.brush) return null;
    if (this.last.x === this.brush.x && this.last.y === this.brush.y) return null;
    this.brush = { ...this.last };
    return { ...this.last };
  }
}
