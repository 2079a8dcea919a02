import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  darken,
  hexToRgb,
  hueDistance,
  isHexColor,
  oklchToRgb,
  relativeLuminance,
  rgbToHex,
  rgbToOklab,
  oklabToRgb,
  rgbToOklch,
} from './colour';

describe('hex', () => {
  it('parses long, short and alpha forms', () => {
    expect(hexToRgb('#ff6b9d')).toEqual({ r: 255, g: 107, b: 157 });
    expect(hexToRgb('ABC')).toEqual({ r: 0xaa, g: 0xbb, b: 0xcc });
    expect(hexToRgb('#667eeaff')).toEqual({ r: 0x66, g: 0x7e, b: 0xea });
  });

  it('rejects what is not a colour', () => {
    expect(() => hexToRgb('#12345')).toThrow(RangeError);
    expect(() => hexToRgb('pink')).toThrow(RangeError);
    expect(isHexColor('#4facfe')).toBe(true);
    expect(isHexColor('#4facf')).toBe(false);
  });

  it('formats lower-case #rrggbb, rounding and clamping', () => {
    expect(rgbToHex({ r: 255, g: 107, b: 157 })).toBe('#ff6b9d');
    expect(rgbToHex({ r: 300, g: -4, b: 9.6 })).toBe('#ff000a');
  });
});

describe('OKLab', () => {
  it('matches reference values', () => {
    const white = rgbToOklab({ r: 255, g: 255, b: 255 });
    expect(white.L).toBeCloseTo(1, 3);
    expect(white.a).toBeCloseTo(0, 3);
    expect(white.b).toBeCloseTo(0, 3);
    // Reference value for sRGB red from the OKLab paper's implementation.
    const red = rgbToOklab({ r: 255, g: 0, b: 0 });
    expect(red.L).toBeCloseTo(0.62796, 3);
    expect(red.a).toBeCloseTo(0.22486, 3);
    expect(red.b).toBeCloseTo(0.12585, 3);
  });

  it('round-trips every channel value exactly', () => {
    for (let v = 0; v < 256; v += 5) {
      const c = { r: v, g: 255 - v, b: (v * 7) % 256 };
      expect(oklabToRgb(rgbToOklab(c))).toEqual(c);
    }
  });

  it('maps out-of-gamut OKLCH into sRGB keeping the hue', () => {
    const rgb = oklchToRgb({ L: 0.7, C: 0.4, h: 140 });
    for (const v of [rgb.r, rgb.g, rgb.b]) expect(v).toBeGreaterThanOrEqual(0);
    expect(hueDistance(rgbToOklch(rgb).h, 140)).toBeLessThan(3);
  });
});

describe('darken and luminance', () => {
  it('subtracts 30 from each channel by default, clamped', () => {
    expect(darken('#ff6b9d')).toBe('#e14d7f');
    expect(darken('#101010')).toBe('#000000');
    expect(darken({ r: 100, g: 50, b: 20 }, 10)).toEqual({ r: 90, g: 40, b: 10 });
  });

  it('computes WCAG relative luminance and contrast', () => {
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 6);
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2159, 3);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 6);
  });
});
