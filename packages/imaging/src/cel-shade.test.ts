import { describe, expect, it } from 'vitest';
import { celShade } from './cel-shade';
import { createImage } from './image';
import { createRandom } from '@yumi/core/random';

/** A noisy two-colour picture: a reddish disc on a bluish ground, every pixel jittered. */
function noisy() {
  const img = createImage(80, 80);
  const rnd = createRandom(7);
  for (let y = 0; y < 80; y++)
    for (let x = 0; x < 80; x++) {
      const inDisc = (x - 40) ** 2 + (y - 40) ** 2 < 22 ** 2;
      const base = inDisc ? [210, 90, 80] : [70, 110, 200];
      img.data.set([...base.map((v) => v + (rnd() - 0.5) * 60), 255], (y * 80 + x) * 4);
    }
  return img;
}

/** Mean absolute difference between horizontal neighbours inside the rect: how rough it looks. */
function roughness(img: ReturnType<typeof createImage>, x0: number, y0: number, x1: number, y1: number) {
  let s = 0;
  let n = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1 - 1; x++)
      for (let c = 0; c < 3; c++) {
        s += Math.abs(img.data[(y * 80 + x) * 4 + c]! - img.data[(y * 80 + x + 1) * 4 + c]!);
        n++;
      }
  return s / n;
}

describe('AI brush (offline cel shading)', () => {
  it('visibly redraws what it touches: flat colours, inked edge, nothing outside the region', () => {
    const src = noisy();
    const out = celShade(src, { x: 10, y: 10, width: 60, height: 60 }, { strength: 0.5 });
    let changed = 0;
    for (let y = 10; y < 70; y++)
      for (let x = 10; x < 70; x++) for (let c = 0; c < 3; c++) changed += Math.abs(out.data[(y * 80 + x) * 4 + c]! - src.data[(y * 80 + x) * 4 + c]!);
    expect(changed / (60 * 60 * 3)).toBeGreaterThan(8); // a clear change, not a faint filter
    expect(roughness(out, 32, 32, 48, 48)).toBeLessThan(roughness(src, 32, 32, 48, 48) / 3); // flat colour inside the disc
    // the disc's rim got darker ink than the flat inside next to it
    const lum = (x: number, y: number) => out.data[(y * 80 + x) * 4]! + out.data[(y * 80 + x) * 4 + 1]! + out.data[(y * 80 + x) * 4 + 2]!;
    const rim = Math.min(...[16, 17, 18, 19].map((x) => lum(x, 40)));
    expect(rim).toBeLessThan(lum(30, 40) * 0.8);
    for (let y = 0; y < 80; y++)
      for (let x = 0; x < 80; x++)
        if (x < 10 || y < 10 || x >= 70 || y >= 70) expect(out.data[(y * 80 + x) * 4]).toBe(src.data[(y * 80 + x) * 4]);
  });

  it('stronger strength moves further from the original', () => {
    const src = noisy();
    const diff = (s: number) => {
      const out = celShade(src, { x: 0, y: 0, width: 80, height: 80 }, { strength: s });
      let d = 0;
      for (let i = 0; i < src.data.length; i++) d += Math.abs(out.data[i]! - src.data[i]!);
      return d;
    };
    expect(diff(1)).toBeGreaterThan(diff(0.1));
  });
});
