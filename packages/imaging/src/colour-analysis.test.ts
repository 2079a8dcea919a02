import { describe, expect, it } from 'vitest';
import { hexToRgb, oklabDistance, rgbToOklab } from './colour';
import { analyzeColors, DEFAULT_COLOR_ANALYSIS } from './colour-analysis';
import { extractDominantColors } from './dominant-colours';
import { createImage, fillRect } from './image';
import type { RgbaImage } from './image';
import { createRandom } from '@yumi/core/random';

const HEX = /^#[0-9a-f]{6}$/;

function opaque(hex: string): { r: number; g: number; b: number; a: number } {
  return { ...hexToRgb(hex), a: 255 };
}

/** Vertical stripes of the given colours with the given widths. */
function stripes(height: number, parts: [string, number][]): RgbaImage {
  const width = parts.reduce((s, [, w]) => s + w, 0);
  const img = createImage(width, height);
  let x = 0;
  for (const [hex, w] of parts) {
    fillRect(img, { x, y: 0, width: w, height }, opaque(hex));
    x += w;
  }
  return img;
}

describe('extractDominantColors', () => {
  it('finds exactly the three colours of a three-colour image, most common first', () => {
    const img = stripes(50, [
      ['#4facfe', 20],
      ['#ff6b9d', 50],
      ['#2d1b3d', 30],
    ]);
    const swatches = extractDominantColors(img);
    expect(swatches.map((s) => s.hex)).toEqual(['#ff6b9d', '#2d1b3d', '#4facfe']);
    expect(swatches.map((s) => Math.round(s.share * 100))).toEqual([50, 30, 20]);
  });

  it('finds the three colours in a noisy 800x600 image within a just-noticeable difference', () => {
    const img = stripes(600, [
      ['#ff6b9d', 400],
      ['#667eea', 250],
      ['#f5e6c8', 150],
    ]);
    const random = createRandom(7);
    for (let i = 0; i < img.data.length; i += 4) {
      for (let c = 0; c < 3; c++)
        img.data[i + c] = (img.data[i + c] ?? 0) + Math.round((random() - 0.5) * 12);
    }
    const found = analyzeColors(img).dominantColors;
    expect(found).toHaveLength(3);
    ['#ff6b9d', '#667eea', '#f5e6c8'].forEach((hex, i) => {
      const got = found[i];
      expect(got).toBeDefined();
      expect(oklabDistance(rgbToOklab(hexToRgb(got ?? '#000000')), rgbToOklab(hexToRgb(hex)))).toBeLessThan(
        0.02,
      );
    });
  });

  it('ignores fully transparent pixels whatever colour they hide', () => {
    const img = stripes(10, [
      ['#ff0000', 10],
      ['#00ff00', 30],
    ]);
    fillRect(img, { x: 10, y: 0, width: 30, height: 10 }, { r: 0, g: 255, b: 0, a: 0 });
    expect(extractDominantColors(img).map((s) => s.hex)).toEqual(['#ff0000']);
    expect(extractDominantColors(createImage(8, 8))).toEqual([]);
  });

  it('is deterministic', () => {
    const img = createImage(64, 64);
    const random = createRandom(3);
    for (let i = 0; i < img.data.length; i++) img.data[i] = i % 4 === 3 ? 255 : Math.floor(random() * 256);
    expect(extractDominantColors(img)).toEqual(extractDominantColors(img));
    expect(extractDominantColors(img).length).toBe(5);
  });
});

describe('analyzeColors', () => {
  it('returns the spec shape with valid colours', () => {
    const a = analyzeColors(
      stripes(20, [
        ['#ff6b9d', 30],
        ['#4facfe', 10],
      ]),
    );
    expect(a.dominantColors).toEqual(['#ff6b9d', '#4facfe']);
    for (const list of [
      a.recommendations.hairColor,
      a.recommendations.accentColors,
      a.recommendations.backgroundSuggestions,
      ...a.suggestedPalettes.map((p) => p.colors),
    ]) {
      expect(list.length).toBeGreaterThan(0);
      for (const c of list) expect(c).toMatch(HEX);
    }
    expect(a.suggestedPalettes.map((p) => p.id)).toEqual(['tonal', 'analogous', 'complementary', 'triadic']);
  });

  it.each([
    ['pastel', ['#ffd1dc', '#d4f0f0', '#fff5ba']],
    ['vivid', ['#ff0044', '#00c853', '#2962ff']],
    ['dark', ['#1a1423', '#3d1e3f', '#121212']],
    ['muted', ['#8d7b6f', '#7a8c7e', '#a07a6a']],
    ['monochrome', ['#000000', '#808080', '#f0f0f0']],
  ] as const)('classifies a %s image', (style, colors) => {
    const img = stripes(
      10,
      colors.map((c) => [c, 10] as [string, number]),
    );
    expect(analyzeColors(img).styleCategory).toBe(style);
  });

  it('detects a complementary picture', () => {
    const a = analyzeColors(
      stripes(10, [
        ['#e0457b', 20],
        ['#2fa37a', 20],
      ]),
    );
    expect(a.colorHarmony).toBe('complementary');
  });
});

describe('DEFAULT_COLOR_ANALYSIS', () => {
  it('is the spec fallback', () => {
    expect(DEFAULT_COLOR_ANALYSIS.dominantColors).toEqual(['#ff6b9d', '#667eea', '#4facfe']);
    expect(DEFAULT_COLOR_ANALYSIS.colorHarmony).toBe('complementary');
    expect(DEFAULT_COLOR_ANALYSIS.recommendations.hairColor.length).toBeGreaterThan(0);
    expect(Object.isFrozen(DEFAULT_COLOR_ANALYSIS.dominantColors)).toBe(true);
  });
});
