import { describe, expect, it } from 'vitest';
import { createImage, fillRect, getPixel } from '../image';
import type { Rgba, RgbaImage } from '../image';
import { createRandom } from '@yumi/core/random';
import { floodFill } from './flood-fill';
import { gradientFill } from './gradient-fill';
import { lineArtFill } from './line-art-fill';
import { smartFill } from './smart-fill';
import { SMART_BRUSH_PRESETS } from './presets';
import { sensitivityToTolerance } from './settings';

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 255 };
const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 255 };
const RED = '#ff0000';

function grey(v: number): Rgba {
  return { r: v, g: v, b: v, a: 255 };
}

function isColour(img: RgbaImage, x: number, y: number, c: Rgba): boolean {
  const p = getPixel(img, x, y);
  return p.r === c.r && p.g === c.g && p.b === c.b && p.a === c.a;
}

function count(mask: Uint8Array): number {
  return mask.reduce((s, v) => s + v, 0);
}

/** A square outline of 2 px lines with a gap in its right side. */
function boxWithGap(gap: number): RgbaImage {
  const img = createImage(60, 60, WHITE);
  fillRect(img, { x: 10, y: 10, width: 40, height: 2 }, BLACK);
  fillRect(img, { x: 10, y: 48, width: 40, height: 2 }, BLACK);
  fillRect(img, { x: 10, y: 10, width: 2, height: 40 }, BLACK);
  fillRect(img, { x: 48, y: 10, width: 2, height: 40 }, BLACK);
  if (gap > 0) fillRect(img, { x: 48, y: 28, width: 2, height: gap }, WHITE);
  return img;
}

describe('floodFill', () => {
  it('stops at a boundary and reports the changed rectangle', () => {
    const img = createImage(20, 10, WHITE);
    fillRect(img, { x: 10, y: 0, width: 1, height: 10 }, BLACK);
    const { image, changed } = floodFill(img, 2, 3, RED);
    expect(changed).toEqual({ x: 0, y: 0, width: 10, height: 10 });
    expect(isColour(image, 0, 0, { r: 255, g: 0, b: 0, a: 255 })).toBe(true);
    expect(isColour(image, 9, 9, { r: 255, g: 0, b: 0, a: 255 })).toBe(true);
    expect(isColour(image, 10, 5, BLACK)).toBe(true);
    expect(isColour(image, 15, 5, WHITE)).toBe(true);
    // The input is not touched unless asked.
    expect(isColour(img, 0, 0, WHITE)).toBe(true);
  });

  it('respects the tolerance given by sensitivity', () => {
    const img = createImage(20, 10, grey(200));
    fillRect(img, { x: 10, y: 0, width: 10, height: 10 }, grey(170));
    expect(sensitivityToTolerance(90)).toBeLessThan(30);
    expect(sensitivityToTolerance(80)).toBeGreaterThan(30);
    expect(floodFill(img, 0, 0, RED, { sensitivity: 90 }).changed?.width).toBe(10);
    expect(floodFill(img, 0, 0, RED, { sensitivity: 80 }).changed?.width).toBe(20);
  });

  it('fills exactly the 4-connected component a reference fill finds', () => {
    const random = createRandom(11);
    const w = 97;
    const h = 61;
    const img = createImage(w, h, WHITE);
    for (let i = 0; i < w * h; i++)
      if (random() < 0.38) fillRect(img, { x: i % w, y: (i / w) | 0, width: 1, height: 1 }, BLACK);
    fillRect(img, { x: 40, y: 30, width: 1, height: 1 }, WHITE);
    // Plain breadth-first reference.
    const expected = new Uint8Array(w * h);
    const queue = [30 * w + 40];
    expected[30 * w + 40] = 1;
    while (queue.length) {
      const p = queue.shift() ?? 0;
      const x = p % w;
      const y = (p / w) | 0;
      for (const [nx, ny] of [
        [x - 1, y],
        [x + 1, y],
        [x, y - 1],
        [x, y + 1],
      ] as const) {
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const q = ny * w + nx;
        if (!expected[q] && isColour(img, nx, ny, WHITE)) {
          expected[q] = 1;
          queue.push(q);
        }
      }
    }
    const { region } = floodFill(img, 40, 30, RED, { sensitivity: 100 });
    expect(Array.from(region)).toEqual(Array.from(expected));
  });

  it('mixes by blendStrength, and paints transparency with that alpha', () => {
    const transparent = createImage(4, 4);
    expect(getPixel(floodFill(transparent, 0, 0, RED, { blendStrength: 50 }).image, 1, 1)).toEqual({
      r: 255,
      g: 0,
      b: 0,
      a: 128,
    });
    expect(getPixel(floodFill(transparent, 0, 0, RED, { blendStrength: 100 }).image, 1, 1).a).toBe(255);
    const white = createImage(4, 4, WHITE);
    expect(getPixel(floodFill(white, 0, 0, RED, { blendStrength: 25 }).image, 1, 1)).toEqual({
      r: 255,
      g: 191,
      b: 191,
      a: 255,
    });
    expect(floodFill(white, 0, 0, RED, { blendStrength: 0 }).changed).toBeNull();
  });

  it('leaves line pixels untouched with preserveDetails', () => {
    const img = createImage(20, 20, WHITE);
    fillRect(img, { x: 5, y: 2, width: 1, height: 10 }, BLACK);
    // Sensitivity 0 fills every colour, so only preserveDetails can keep the line.
    const plain = floodFill(img, 0, 0, RED, { sensitivity: 0 }).image;
    expect(isColour(plain, 5, 5, BLACK)).toBe(false);
    const kept = floodFill(img, 0, 0, RED, { sensitivity: 0, preserveDetails: true }).image;
    for (let y = 2; y < 12; y++) expect(isColour(kept, 5, y, BLACK)).toBe(true);
    expect(isColour(kept, 6, 5, { r: 255, g: 0, b: 0, a: 255 })).toBe(true);
  });

  it('stops at strong edges with edgeDetection, even when colours are within tolerance', () => {
    const img = createImage(20, 10, grey(100));
    fillRect(img, { x: 10, y: 0, width: 10, height: 10 }, grey(140));
    expect(floodFill(img, 0, 0, RED, { sensitivity: 75 }).changed?.width).toBe(20);
    const edged = floodFill(img, 0, 0, RED, { sensitivity: 75, edgeDetection: true });
    expect(edged.changed).toEqual({ x: 0, y: 0, width: 10, height: 10 });
  });

  it('edgeDetection still crosses soft shading', () => {
    const img = createImage(40, 4);
    for (let x = 0; x < 40; x++) fillRect(img, { x, y: 0, width: 1, height: 4 }, grey(100 + x));
    expect(floodFill(img, 0, 0, RED, { sensitivity: 75, edgeDetection: true }).changed?.width).toBe(40);
  });

  it('keeps the underlying shading with colorBlending', () => {
    const img = createImage(20, 4, grey(200));
    fillRect(img, { x: 10, y: 0, width: 10, height: 4 }, grey(160));
    const flat = floodFill(img, 0, 0, RED, { sensitivity: 70 }).image;
    expect(getPixel(flat, 15, 1)).toEqual(getPixel(flat, 2, 1));
    const blended = floodFill(img, 0, 0, RED, { sensitivity: 70, colorBlending: true }).image;
    const lit = getPixel(blended, 2, 1);
    const shaded = getPixel(blended, 15, 1);
    expect(lit).toEqual({ r: 255, g: 0, b: 0, a: 255 });
    expect(shaded.r).toBeLessThan(lit.r - 20);
    expect(shaded.r).toBeGreaterThan(shaded.g + 80);
  });

  it('does nothing for a seed outside the image, and writes in place when asked', () => {
    const img = createImage(4, 4, WHITE);
    expect(floodFill(img, 9, 0, RED).changed).toBeNull();
    const r = floodFill(img, 0, 0, RED, { inPlace: true });
    expect(r.image).toBe(img);
    expect(isColour(img, 3, 3, { r: 255, g: 0, b: 0, a: 255 })).toBe(true);
  });
});

describe('lineArtFill', () => {
  it('closes a 3 px gap in the line art at a high detail level, leaks without', () => {
    const img = boxWithGap(3);
    const closed = lineArtFill(img, 30, 30, RED, { detailLevel: 100 });
    expect(isColour(closed.image, 5, 5, WHITE)).toBe(true);
    expect(isColour(closed.image, 55, 30, WHITE)).toBe(true);
    expect(isColour(closed.image, 30, 30, { r: 255, g: 0, b: 0, a: 255 })).toBe(true);
    expect(closed.changed).not.toBeNull();
    const leaked = lineArtFill(img, 30, 30, RED, { detailLevel: 0 });
    expect(isColour(leaked.image, 5, 5, { r: 255, g: 0, b: 0, a: 255 })).toBe(true);
  });

  it('grows back to the lines: the whole inside is painted, no line pixel is', () => {
    const img = boxWithGap(3);
    const { image, region } = lineArtFill(img, 30, 30, RED, { detailLevel: 100 });
    // Inside the box: x, y in 12..47, except the gap opening on the right is allowed to stay.
    for (let y = 12; y < 48; y++) {
      for (let x = 12; x < 47; x++) expect(region[y * 60 + x], `${x},${y}`).toBe(1);
    }
    for (let y = 10; y < 50; y++) {
      expect(isColour(image, 10, y, BLACK)).toBe(true);
      expect(isColour(image, 11, y, BLACK)).toBe(true);
    }
    expect(count(region)).toBeLessThan(36 * 36 + 10);
  });

  it('starts from a click right beside a line', () => {
    const img = boxWithGap(3);
    const { region } = lineArtFill(img, 12, 30, RED, { detailLevel: 100 });
    expect(region[30 * 60 + 30]).toBe(1);
    expect(region[5 * 60 + 5]).toBe(0);
  });
});

describe('fill onto a layer', () => {
  it('finds the region on the reference image and paints into the target layer', () => {
    const lineArt = boxWithGap(3);
    const layer = createImage(60, 60);
    const { image, changed } = lineArtFill(lineArt, 30, 30, RED, { detailLevel: 100, target: layer });
    expect(changed).not.toBeNull();
    expect(getPixel(image, 30, 30)).toEqual({ r: 255, g: 0, b: 0, a: 255 });
    expect(getPixel(image, 5, 5)).toEqual({ r: 0, g: 0, b: 0, a: 0 });
    expect(getPixel(image, 10, 30)).toEqual({ r: 0, g: 0, b: 0, a: 0 });
    expect(getPixel(layer, 30, 30).a).toBe(0);
    expect(() => floodFill(lineArt, 1, 1, RED, { target: createImage(2, 2) })).toThrow(RangeError);
  });
});

describe('gradientFill', () => {
  it('runs from the colour at the top to 30 darker at the bottom of the region', () => {
    const img = createImage(10, 31, WHITE);
    const { image } = gradientFill(img, 5, 5, '#c8a078');
    expect(getPixel(image, 3, 0)).toEqual({ r: 200, g: 160, b: 120, a: 255 });
    expect(getPixel(image, 3, 30)).toEqual({ r: 170, g: 130, b: 90, a: 255 });
    expect(getPixel(image, 3, 15)).toEqual({ r: 185, g: 145, b: 105, a: 255 });
  });
});

describe('smart brush', () => {
  it('has the spec presets', () => {
    const summary = SMART_BRUSH_PRESETS.map((p) => [
      p.id,
      p.settings.mode,
      p.settings.sensitivity,
      p.settings.blendStrength,
    ]);
    expect(summary).toEqual([
      ['clothing', 'auto_fill', 75, 85],
      ['hair', 'pattern_detect', 60, 70],
      ['skin', 'gradient_smart', 85, 90],
      ['accessories', 'auto_fill', 90, 95],
      ['default', 'auto_fill', 75, 85],
    ]);
    const preserve = Object.fromEntries(SMART_BRUSH_PRESETS.map((p) => [p.id, p.settings.preserveDetails]));
    expect(preserve).toMatchObject({ clothing: true, accessories: false, default: true });
  });

  it('dispatches on the mode', () => {
    const img = boxWithGap(3);
    const hair = SMART_BRUSH_PRESETS.find((p) => p.id === 'hair');
    if (!hair) throw new Error('missing preset');
    const viaSmart = smartFill(img, 30, 30, RED, { ...hair.settings, blendStrength: 100 });
    const direct = lineArtFill(img, 30, 30, RED, { ...hair.settings, blendStrength: 100 });
    expect(viaSmart.region).toEqual(direct.region);
    expect(viaSmart.image.data).toEqual(direct.image.data);
  });
});
