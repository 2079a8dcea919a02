import { describe, expect, it } from 'vitest';
import { oklchToHex } from './colour';
import { detectHarmony, hueSpread } from './harmony';

const at = (...hues: number[]): string[] => hues.map((h) => oklchToHex({ L: 0.65, C: 0.12, h }));

describe('detectHarmony', () => {
  it.each([
    [
      'monochromatic',
      [
        oklchToHex({ L: 0.3, C: 0.08, h: 20 }),
        oklchToHex({ L: 0.6, C: 0.12, h: 25 }),
        oklchToHex({ L: 0.85, C: 0.06, h: 18 }),
      ],
    ],
    ['analogous', at(10, 40, 70)],
    ['complementary', at(30, 210)],
    ['complementary', [...at(30, 210), oklchToHex({ L: 0.85, C: 0.06, h: 35 })]],
    ['split-complementary', at(30, 180, 240)],
    ['triadic', at(30, 150, 270)],
    ['tetradic', at(30, 90, 210, 270)],
    ['tetradic', at(0, 90, 180, 270)],
  ] as const)('recognises %s', (expected, colors) => {
    expect(detectHarmony(colors)).toBe(expected);
  });

  it('ignores greys: a palette of greys is monochromatic, greys beside a pair do not matter', () => {
    expect(detectHarmony(['#000000', '#777777', '#ffffff'])).toBe('monochromatic');
    expect(detectHarmony([...at(30, 210), '#ffffff', '#222222'])).toBe('complementary');
  });
});

describe('hueSpread', () => {
  it('measures the smallest arc across 0 degrees', () => {
    expect(hueSpread([350, 10, 20])).toBe(30);
    expect(hueSpread([0, 120, 240])).toBe(240);
  });
});
