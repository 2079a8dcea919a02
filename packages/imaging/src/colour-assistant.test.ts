import { describe, expect, it } from 'vitest';
import { DEFAULT_COLOR_ANALYSIS } from './colour-analysis';
import type { ColorAnalysis } from './colour-analysis';
import { compatibilityScore, suggestColors, suggestThemeColors, THEME_PALETTES } from './colour-assistant';

describe('theme palettes', () => {
  it('has the five spec themes with five colours each', () => {
    expect(THEME_PALETTES.map((p) => p.id)).toEqual([
      'maid-cafe',
      'sakura-spring',
      'ocean-breeze',
      'sunset-warm',
      'gothic-dark',
    ]);
    for (const p of THEME_PALETTES) {
      expect(p.colors).toHaveLength(5);
      for (const c of p.colors) expect(c).toMatch(/^#[0-9a-f]{6}$/);
    }
  });
});

describe('suggestColors', () => {
  const analysis: ColorAnalysis = {
    ...DEFAULT_COLOR_ANALYSIS,
    dominantColors: ['#ff6b9d', '#667eea', '#4facfe'],
    recommendations: {
      hairColor: ['#111111', '#222222', '#333333', '#444444'],
      accentColors: ['#aa0000', '#00aa00', '#0000aa'],
      backgroundSuggestions: ['#fafafa'],
    },
  };
  const suggestions = suggestColors(analysis);
  const scores = (category: string) =>
    suggestions.filter((s) => s.category === category).map((s) => s.compatibility);

  it('scores bases 95 minus 5 per index', () => {
    expect(scores('base')).toEqual([95, 90, 85]);
  });

  it('scores accents 90 minus 3 per index', () => {
    expect(scores('accent')).toEqual([90, 87, 84]);
  });

  it('scores hair colours 85 minus 2 per index (offered as highlights)', () => {
    expect(scores('highlight')).toEqual([85, 83, 81, 79]);
    expect(suggestions.filter((s) => s.category === 'highlight').map((s) => s.color)).toEqual(
      analysis.recommendations.hairColor,
    );
  });

  it('offers the main colour 30 darker as the shadow, scored 80', () => {
    const shadow = suggestions.filter((s) => s.category === 'shadow');
    expect(shadow).toEqual([
      {
        color: '#e14d7f',
        reason: { reasonKey: 'colour.reason.shadow', params: { base: '#ff6b9d', amount: 30 } },
        category: 'shadow',
        compatibility: 80,
      },
    ]);
  });

  it('gives translatable reasons', () => {
    for (const s of suggestions) expect(s.reason.reasonKey).toMatch(/^colour\.reason\.[a-z]+$/);
  });

  it('never goes below zero', () => {
    expect(compatibilityScore('base', 30)).toBe(0);
  });

  it('suggests a theme palette in order, with its shadow', () => {
    const s = suggestThemeColors('gothic-dark');
    expect(s.map((x) => x.compatibility)).toEqual([95, 90, 85, 80, 75, 80]);
    expect(s.at(-1)?.category).toBe('shadow');
    expect(suggestThemeColors('nope')).toEqual([]);
  });
});
