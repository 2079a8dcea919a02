import { describe, expect, it } from 'vitest';
import { createImage, fillRect, type RgbaImage } from '../image';
import { bucketRegion } from './bucket-fill';

const BLACK = { r: 0, g: 0, b: 0, a: 255 };
const WHITE = { r: 255, g: 255, b: 255, a: 255 };

/** A 200x200 white image with a black 3 px square outline from 40 to 160 and a gap of `gap` px in its top edge. */
function box(gap: number): RgbaImage {
  const img = createImage(200, 200, WHITE);
  fillRect(img, { x: 40, y: 40, width: 120, height: 3 }, BLACK);
  fillRect(img, { x: 40, y: 157, width: 120, height: 3 }, BLACK);
  fillRect(img, { x: 40, y: 40, width: 3, height: 120 }, BLACK);
  fillRect(img, { x: 157, y: 40, width: 3, height: 120 }, BLACK);
  if (gap > 0) fillRect(img, { x: 100 - Math.floor(gap / 2), y: 40, width: gap, height: 3 }, WHITE);
  return img;
}
const has = (r: ReturnType<typeof bucketRegion>, x: number, y: number) => r.mask[y * 200 + x] === 1;

describe('fill bucket region', () => {
  it('fills the closed area up to the line, and a little under its edge', () => {
    const r = bucketRegion(box(0), 100, 100, { expand: 1 });
    expect(has(r, 100, 100)).toBe(true);
    expect(has(r, 43, 100)).toBe(true);
    expect(has(r, 42, 100)).toBe(true); // grown 1 px under the line
    expect(has(r, 41, 100)).toBe(false);
    expect(has(r, 10, 10)).toBe(false);
    expect(r.rect).toEqual({ x: 42, y: 42, width: 116, height: 116 });
  });

  it('leaks through a 20 px gap without gap closing and not with it, still reaching the line beside the gap', () => {
    expect(has(bucketRegion(box(20), 100, 100, { expand: 0 }), 10, 10)).toBe(true);
    const closed = bucketRegion(box(20), 100, 100, { gapClose: 24, expand: 0 });
    expect(has(closed, 10, 10)).toBe(false);
    expect(has(closed, 43, 43)).toBe(true); // the corner comes back after the widened walls
    expect(has(closed, 156, 156)).toBe(true);
    // The largest gap closed is 32 px.
    expect(has(bucketRegion(box(30), 100, 100, { gapClose: 32, expand: 0 }), 10, 10)).toBe(false);
  });

  it('tolerance decides which colours count as the same area', () => {
    const img = createImage(50, 10, WHITE);
    fillRect(img, { x: 25, y: 0, width: 25, height: 10 }, { r: 230, g: 230, b: 230, a: 255 });
    expect(has2(bucketRegion(img, 5, 5, { tolerance: 10, expand: 0 }), 40, 5)).toBe(false);
    expect(has2(bucketRegion(img, 5, 5, { tolerance: 40, expand: 0 }), 40, 5)).toBe(true);
    expect(bucketRegion(img, -1, 5).rect).toBeNull();
  });
});
const has2 = (r: ReturnType<typeof bucketRegion>, x: number, y: number) => r.mask[y * 50 + x] === 1;
