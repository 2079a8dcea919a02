import type { InputPoint, PointerKind } from '../brush/pressure.js';
import type { PaintEngine } from '../engine.js';

/** n evenly spaced samples from (x0, y0) to (x1, y1). */
export function line(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  n: number,
  pressure: (t: number) => number = () => 1,
  pointerType: PointerKind = 'mouse',
): InputPoint[] {
  const pts: InputPoint[] = [];
  for (let i = 0; i < n; i++) {
    const t = n === 1 ? 0 : i / (n - 1);
    pts.push({
      x: x0 + (x1 - x0) * t,
      y: y0 + (y1 - y0) * t,
      pressure: pressure(t),
      time: i * 8,
      pointerType,
    });
  }
  return pts;
}

/** Draws a full stroke through the engine; returns the dabs it stamped. */
export function drawStroke(engine: PaintEngine, points: InputPoint[], seed = 1) {
  const [first, ...rest] = points;
  if (!first) throw new Error('empty stroke');
  const started = engine.beginStroke(first, { seed });
  const stroke = engine.currentStroke;
  if (started.ok) {
    engine.extendStroke(rest);
    engine.endStroke();
  }
  return { started, dabs: stroke ? stroke.dabs : [] };
}

export function alphaAt(engine: PaintEngine, layerId: string, x: number, y: number): number {
  return engine.document.layer(layerId).surface.getPixel(x, y).a;
}

/** Fills a whole layer with one colour through the undoable pixel API. */
export function fillLayer(
  engine: PaintEngine,
  layerId: string,
  r: number,
  g: number,
  b: number,
  a = 255,
): void {
  const { width, height } = engine.document;
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < rgba.length; i += 4) {
    rgba[i] = r;
    rgba[i + 1] = g;
    rgba[i + 2] = b;
    rgba[i + 3] = a;
  }
  engine.applyPixels(layerId, { x: 0, y: 0, width, height }, rgba, 'Fill');
}

/** Number of differing bytes (vitest's deep equality is very slow on multi-megabyte typed arrays). */
export function diffCount(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return Math.max(a.length, b.length);
  let n = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) n++;
  return n;
}
