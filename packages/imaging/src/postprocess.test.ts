import { describe, expect, it } from 'vitest';
import { median3 } from './postprocess';

describe('median3', () => {
  it('is the exact median of each 3x3 window (edges extended), alpha kept', () => {
    const w = 23;
    const h = 17;
    let seed = 7;
    const data = new Uint8ClampedArray(w * h * 4).map(() => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 24) & 255);
    const out = median3({ width: w, height: h, data }).data;
    const at = (x: number, y: number, c: number) => data[(Math.min(h - 1, Math.max(0, y)) * w + Math.min(w - 1, Math.max(0, x))) * 4 + c]!;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        for (let c = 0; c < 3; c++) {
          const win = [-1, 0, 1].flatMap((dy) => [-1, 0, 1].map((dx) => at(x + dx, y + dy, c))).sort((a, b) => a - b);
          expect(out[(y * w + x) * 4 + c]).toBe(win[4]);
        }
        expect(out[(y * w + x) * 4 + 3]).toBe(data[(y * w + x) * 4 + 3]);
      }
    }
  });
});
