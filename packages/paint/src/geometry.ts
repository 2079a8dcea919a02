/** Integer pixel rectangle in document coordinates (x, y inclusive; width/height in pixels). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export function rect(x: number, y: number, width: number, height: number): Rect {
  return { x, y, width, height };
}

export function isEmptyRect(r: Rect): boolean {
  return r.width <= 0 || r.height <= 0;
}

/** Overlap of two rects; an empty rect (width or height 0) when they do not overlap. */
export function intersectRect(a: Rect, b: Rect): Rect {
  const x0 = Math.max(a.x, b.x);
  const y0 = Math.max(a.y, b.y);
  const x1 = Math.min(a.x + a.width, b.x + b.width);
  const y1 = Math.min(a.y + a.height, b.y + b.height);
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

/** Smallest rect containing both; empty inputs are ignored. */
export function unionRect(a: Rect | null, b: Rect | null): Rect | null {
  if (!a || isEmptyRect(a)) return b && !isEmptyRect(b) ? { ...b } : null;
  if (!b || isEmptyRect(b)) return { ...a };
  const x0 = Math.min(a.x, b.x);
  const y0 = Math.min(a.y, b.y);
  const x1 = Math.max(a.x + a.width, b.x + b.width);
  const y1 = Math.max(a.y + a.height, b.y + b.height);
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** Pixel rect covering a floating-point box (outward rounding), so antialiased edges are included. */
export function rectFromBounds(minX: number, minY: number, maxX: number, maxY: number): Rect {
  const x0 = Math.floor(minX);
  const y0 = Math.floor(minY);
  return { x: x0, y: y0, width: Math.ceil(maxX) - x0, height: Math.ceil(maxY) - y0 };
}
