import { describe, expect, it } from 'vitest';
import { createImage } from './image';
import type { RgbaImage } from './image';
import { inpaint } from './inpaint';
import { patchFill } from './patch-fill';

/** Vertical stripes, 5 px dark and 5 px light, with a square hole in the middle. */
function stripes(size: number): RgbaImage {
  const img = createImage(size, size);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) img.data.set(x % 10 < 5 ? [30, 40, 90, 255] : [240, 220, 200, 255], (y * size + x) * 4);
  return img;
}

const holeMask = (size: number, x0: number, y0: number, w: number) => {
  const m = new Uint8Array(size * size);
  for (let y = y0; y < y0 + w; y++) m.fill(1, y * size + x0, y * size + x0 + w);
  return m;
};

/** Mean absolute error per channel inside the hole against the undamaged picture. */
function errorIn(a: RgbaImage, b: RgbaImage, mask: Uint8Array): number {
  let e = 0;
  let n = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    for (let c = 0; c < 3; c++) e += Math.abs(a.data[i * 4 + c]! - b.data[i * 4 + c]!);
    n += 3;
  }
  return e / n;
}

describe('patch-based fill', () => {
  it('carries a texture through the hole instead of smearing it', () => {
    const truth = stripes(120);
    const mask = holeMask(120, 40, 40, 40);
    const damaged = stripes(120);
    for (let i = 0; i < mask.length; i++) if (mask[i]) damaged.data.set([255, 0, 255, 255], i * 4);
    const filled = patchFill(damaged, mask);
    const smeared = inpaint(damaged, mask, { radius: 8 });
    const patchError = errorIn(filled, truth, mask);
    expect(patchError).toBeLessThan(12);
    expect(errorIn(smeared, truth, mask)).toBeGreaterThan(patchError * 3);
    // stripes stay two-toned: no in-between greys in the middle of the hole
    let mixed = 0;
    for (let y = 50; y < 70; y++)
      for (let x = 50; x < 70; x++) {
        const v = filled.data[(y * 120 + x) * 4]!;
        if (v > 60 && v < 210) mixed++;
      }
    expect(mixed).toBeLessThan(20);
    // nothing outside the hole changes
    for (let i = 0; i < mask.length; i++) if (!mask[i]) expect(filled.data[i * 4 + 1]).toBe(damaged.data[i * 4 + 1]);
  });

  it('fills a flat area exactly and refuses a mask that covers everything', () => {
    const flat = createImage(40, 40, { r: 10, g: 120, b: 200, a: 255 });
    const mask = holeMask(40, 10, 10, 20);
    const out = patchFill(flat, mask);
    for (let i = 0; i < mask.length; i++) expect(Array.from(out.data.subarray(i * 4, i * 4 + 4))).toEqual([10, 120, 200, 255]);
    expect(() => patchFill(flat, new Uint8Array(1600).fill(1))).toThrow(RangeError);
  });
});
