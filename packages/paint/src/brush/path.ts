import type { PathPoint } from './stabilizer.js';

/**
 * Turns stabilised points into a smooth polyline: quadratic Béziers between the midpoints of
 * successive points, using each point as control. Corners of sparse input (fast strokes) become
 * round, at the cost of half a segment of latency, which `finish` flushes with a straight piece.
 */
export class CurveBuilder {
  private prev: PathPoint | null = null;
  private prevMid: PathPoint | null = null;

  /** Adds a point; returns the polyline vertices that became final (may be empty). */
  push(p: PathPoint): PathPoint[] {
    if (!this.prev) {
      this.prev = p;
      this.prevMid = p;
      return [p];
    }
    const mid = midpoint(this.prev, p);
    const from = this.prevMid ?? this.prev;
    const out = flattenQuadratic(from, this.prev, mid);
    this.prev = p;
    this.prevMid = mid;
    return out;
  }

  /** Straight piece from the last midpoint to the last point. */
  finish(): PathPoint[] {
    if (!this.prev || !this.prevMid) return [];
    const last = this.prev;
    const from = this.prevMid;
    this.prevMid = last;
    return from.x === last.x && from.y === last.y ? [] : [last];
  }
}

function midpoint(a: PathPoint, b: PathPoint): PathPoint {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, pressure: (a.pressure + b.pressure) / 2 };
}

/** Vertices after `a` along the quadratic a-c-b, about 2 px apart (the start is already emitted). */
function flattenQuadratic(a: PathPoint, c: PathPoint, b: PathPoint): PathPoint[] {
  const len = Math.hypot(c.x - a.x, c.y - a.y) + Math.hypot(b.x - c.x, b.y - c.y);
  const n = Math.min(64, Math.max(1, Math.ceil(len / 2)));
  const out: PathPoint[] = [];
  for (let i = 1; i <= n; i++) {
    const t = i / n;
    const u = 1 - t;
    out.push({
      x: u * u * a.x + 2 * u * t * c.x + t * t * b.x,
      y: u * u * a.y + 2 * u * t * c.y + t * t * b.y,
      pressure: a.pressure * u + b.pressure * t,
    });
  }
  return out;
}

/** A dab position along the path: `s` is the arc length from the start of the stroke. */
export interface PathSample extends PathPoint {
  s: number;
}

/**
 * Walks a polyline and places samples every `step(sample)` pixels of arc length, the first at the
 * start. The step is asked per dab because it depends on the dab's own (pressure, taper) size.
 */
export class DabSpacer {
  private last: PathPoint | null = null;
  private length = 0;
  private nextAt = 0;

  constructor(private readonly step: (sample: PathSample) => number) {}

  /** Arc length walked so far. */
  get distance(): number {
    return this.length;
  }

  /** Arc length where the next dab will go. */
  get nextDabAt(): number {
    return this.nextAt;
  }

  push(v: PathPoint, emit: (sample: PathSample) => void): void {
    if (!this.last) {
      this.last = { ...v };
      this.place({ ...v, s: 0 }, emit);
      return;
    }
    const a = this.last;
    const seg = Math.hypot(v.x - a.x, v.y - a.y);
    if (seg <= 0) {
      a.pressure = v.pressure;
      return;
    }
    const start = this.length;
    const end = start + seg;
    while (this.nextAt <= end) {
      const t = (this.nextAt - start) / seg;
      this.place(
        {
          x: a.x + (v.x - a.x) * t,
          y: a.y + (v.y - a.y) * t,
          pressure: a.pressure + (v.pressure - a.pressure) * t,
          s: this.nextAt,
        },
        emit,
      );
    }
    this.length = end;
    this.last = { ...v };
  }

  private place(sample: PathSample, emit: (sample: PathSample) => void): void {
    emit(sample);
    this.nextAt = sample.s + this.step(sample);
  }
}
