import { describe, expect, it } from 'vitest';
import { createImage, fillRect, getPixel } from './image';
import type { Rgba, RgbaImage } from './image';
import { detectEdges, extractOutline } from './outline';

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 255 };

function squareImage(fill: Rgba): RgbaImage {
  const img = createImage(100, 80, WHITE);
  fillRect(img, { x: 30, y: 20, width: 40, height: 40 }, fill);
  return img;
}

/** Chebyshev distance from (x, y) to the square's outline (the boundary between x 29|30, 69|70, ...). */
function distanceToBorder(x: number, y: number): number {
  const insideX = x >= 30 && x < 70;
  const insideY = y >= 20 && y < 60;
  const dx = Math.min(Math.abs(x - 29.5), Math.abs(x - 69.5));
  const dy = Math.min(Math.abs(y - 19.5), Math.abs(y - 59.5));
  if (insideX && insideY) return Math.min(dx, dy);
  const ox = insideX ? 0 : dx;
  const oy = insideY ? 0 : dy;
  return Math.max(ox, oy);
}

describe('extractOutline', () => {
  it('draws the border of a filled square and nothing inside or outside it', () => {
    const img = squareImage({ r: 40, g: 60, b: 160, a: 255 });
    const out = extractOutline(img, { strength: 0.5, detailLevel: 0.5 });
    let lines = 0;
    for (let y = 0; y < 80; y++) {
      for (let x = 0; x < 100; x++) {
        const p = getPixel(out, x, y);
        const isLine = p.r === 0 && p.a === 255;
        if (!isLine) {
          expect(p, `${x},${y}`).toEqual(WHITE);
          continue;
        }
        lines++;
        expect(distanceToBorder(x, y), `line at ${x},${y}`).toBeLessThanOrEqual(1.5);
      }
    }
    // Every border position along each side is on the outline (corners may be rounded by the blur).
    for (let t = 24; t < 56; t++) {
      const hasLine = (xs: number[], ys: number[]) =>
        xs.some((x) => ys.some((y) => getPixel(out, x, y).r === 0));
      expect(hasLine([28, 29, 30, 31], [t]), `left ${t}`).toBe(true);
      expect(hasLine([68, 69, 70, 71], [t]), `right ${t}`).toBe(true);
      expect(hasLine([t + 10], [18, 19, 20, 21]), `top ${t}`).toBe(true);
      expect(hasLine([t + 10], [58, 59, 60, 61]), `bottom ${t}`).toBe(true);
    }
    // Thin: about one pixel per border position.
    expect(lines).toBeLessThan(4 * 40 * 1.5);
  });

  it('finds nothing in a flat image', () => {
    const edges = detectEdges(createImage(50, 50, { r: 90, g: 30, b: 120, a: 255 }), {
      strength: 1,
      detailLevel: 1,
    });
    expect(edges.some((v) => v === 1)).toBe(false);
  });

  it('keeps faint edges only at high strength', () => {
    const faint = squareImage({ r: 235, g: 235, b: 235, a: 255 });
    const count = (strength: number) =>
      detectEdges(faint, { strength, detailLevel: 0.5 }).reduce((s, v) => s + v, 0);
    expect(count(1)).toBeGreaterThan(100);
    expect(count(0.1)).toBe(0);
  });

  it('keeps fine detail only at a high detail level', () => {
    // Hatching: 1 px strands 3 px apart, texture that a heavy blur smooths away.
    const img = createImage(60, 60, WHITE);
    for (let x = 10; x < 50; x += 3)
      fillRect(img, { x, y: 10, width: 1, height: 40 }, { r: 150, g: 150, b: 150, a: 255 });
    const inner = (detailLevel: number) => {
      const e = detectEdges(img, { strength: 0.5, detailLevel });
      let n = 0;
      for (let y = 16; y < 44; y++) for (let x = 16; x < 44; x++) n += e[y * 60 + x] ?? 0;
      return n;
    };
    expect(inner(1)).toBeGreaterThan(100);
    expect(inner(0.1)).toBeLessThan(inner(1) / 4);
  });

  it('can draw on transparency', () => {
    const out = extractOutline(squareImage({ r: 0, g: 0, b: 0, a: 255 }), { background: 'transparent' });
    expect(getPixel(out, 5, 5)).toEqual({ r: 0, g: 0, b: 0, a: 0 });
    expect(getPixel(out, 29, 40).a + getPixel(out, 30, 40).a).toBe(255);
  });
});

describe('outline: one clean line of the chosen thickness', () => {
  /** A drawn ring: a 6 px wide dark stroke around a circle, the kind of line a sketch has. */
  function ring(): RgbaImage {
    const img = createImage(120, 120, WHITE);
    for (let y = 0; y < 120; y++)
      for (let x = 0; x < 120; x++) {
        const d = Math.hypot(x + 0.5 - 60, y + 0.5 - 60);
        if (d > 37 && d < 43) img.data.set([30, 30, 40, 255], (y * 120 + x) * 4);
      }
    return img;
  }
  /** Runs of line pixels (alpha >= 128) along row y from x0 to x1. */
  const runs = (img: RgbaImage, y: number, x0: number, x1: number) => {
    const out: number[] = [];
    let len = 0;
    for (let x = x0; x <= x1; x++) {
      const on = img.data[(y * img.width + x) * 4 + 3]! >= 128;
      if (on) len++;
      else if (len) {
        out.push(len);
        len = 0;
      }
    }
    if (len) out.push(len);
    return out;
  };

  it('a drawn stroke gives one line down its middle, not its two edges', () => {
    const edges = detectEdges(ring(), { strength: 0.5, detailLevel: 0.5 });
    let edgeRuns = 0;
    for (let x = 5; x < 30; x++) if (edges[60 * 120 + x] && !edges[60 * 120 + x - 1]) edgeRuns++;
    expect(edgeRuns).toBe(2); // what Canny alone gives: both sides of the stroke
    for (const thickness of [1, 3, 6]) {
      const out = extractOutline(ring(), { strength: 0.5, detailLevel: 0.5, background: 'transparent', thickness });
      for (const y of [55, 60, 65]) {
        const r = runs(out, y, 5, 30); // across the ring's left side
        expect(r, `thickness ${thickness}, row ${y}`).toHaveLength(1);
        expect(Math.abs(r[0]! - thickness), `thickness ${thickness}, row ${y}`).toBeLessThanOrEqual(1);
      }
      // the line sits on the stroke's centre (radius 40), not on an edge
      const centreX = 60 - 40;
      const on = (x: number) => out.data[(60 * 120 + x) * 4 + 3]! >= 128;
      expect(on(centreX) || on(centreX - 1) || on(centreX + 1)).toBe(true);
    }
  });
});
