import { describe, expect, it } from 'vitest';
import { differenceImage } from './diff';
import { recolorImage } from './recolor';

const img = (pixels: number[][]) => ({ width: pixels.length, height: 1, data: new Uint8ClampedArray(pixels.flat()) });

describe('recolour', () => {
  it('moves each colour area to its new colour, keeps light and dark within it, leaves ink and transparency', () => {
    const src = img([
      [255, 107, 157, 255], // pink
      [200, 60, 110, 255], // darker pink
      [10, 10, 10, 255], // ink
      [0, 0, 0, 0], // transparent
    ]);
    const out = recolorImage(src, [{ from: '#ff6b9d', to: '#4facfe' }]);
    expect([...out.data.subarray(0, 4)]).toEqual([0x4f, 0xac, 0xfe, 255]);
    const dark = [...out.data.subarray(4, 8)];
    expect(dark[2]!).toBeGreaterThan(dark[0]!); // now blue-ish
    expect(dark[0]! + dark[1]! + dark[2]!).toBeLessThan(0x4f + 0xac + 0xfe); // still darker than the base
    expect([...out.data.subarray(8, 16)]).toEqual([10, 10, 10, 255, 0, 0, 0, 0]);
  });
});

describe('difference overlay', () => {
  it('marks changed pixels and counts them', () => {
    const a = img([
      [255, 255, 255, 255],
      [0, 0, 0, 255],
    ]);
    const b = img([
      [255, 255, 255, 255],
      [255, 0, 0, 255],
    ]);
    const d = differenceImage(a, b);
    expect(d.changedPercent).toBe(50);
    expect([...d.image.data.subarray(4, 8)]).toEqual([236, 72, 153, 255]);
    expect(d.image.data[0]).toBe(255);
  });
});
