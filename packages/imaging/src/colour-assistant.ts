import { darken, normalizeHex, SHADOW_DARKEN_AMOUNT } from './colour';
import type { ColorAnalysis } from './colour-analysis';

/** One of the AI colour assistant's five theme palettes (spec section 9). */
export interface ThemePalette {
  id: string;
  /** i18n key of the theme's display name. */
  nameKey: string;
  colors: readonly string[];
}

export const THEME_PALETTES: readonly ThemePalette[] = Object.freeze([
  {
    id: 'maid-cafe',
    nameKey: 'colour.theme.maidCafe',
    // Black dress, white apron, pink ribbon, cream lace, cherry bow.
    colors: Object.freeze(['#1f1a24', '#ffffff', '#ffb6c8', '#f6e7d8', '#c2185b']),
  },
  {
    id: 'sakura-spring',
    nameKey: 'colour.theme.sakuraSpring',
    // Blossom pinks, petal white, young leaves, bark.
    colors: Object.freeze(['#ffb7c5', '#ffd9e1', '#fff4f6', '#a8d5a2', '#6d4c5b']),
  },
  {
    id: 'ocean-breeze',
    nameKey: 'colour.theme.oceanBreeze',
    // Deep water to foam, and sand.
    colors: Object.freeze(['#03588c', '#0096c7', '#48cae4', '#caf0f8', '#f1e3c3']),
  },
  {
    id: 'sunset-warm',
    nameKey: 'colour.theme.sunsetWarm',
    // Orange sun, gold, coral, rose and the dusk above.
    colors: Object.freeze(['#ff6b35', '#f7931e', '#ffd166', '#ef476f', '#6a2c70']),
  },
  {
    id: 'gothic-dark',
    nameKey: 'colour.theme.gothicDark',
    // Near black, deep violet, wine, slate and silver trims.
    colors: Object.freeze(['#121015', '#2e1a47', '#6b0f1a', '#4a4e69', '#c9c9d6']),
  },
]);

export type ThemePaletteId = 'maid-cafe' | 'sakura-spring' | 'ocean-breeze' | 'sunset-warm' | 'gothic-dark';

export function getThemePalette(id: string): ThemePalette | undefined {
  return THEME_PALETTES.find((p) => p.id === id);
}

export const SUGGESTION_CATEGORIES = ['base', 'accent', 'highlight', 'shadow'] as const;
export type SuggestionCategory = (typeof SUGGESTION_CATEGORIES)[number];

/** The reason is an i18n key with parameters: the UI shows it in en, ja, zh and ko. */
export interface SuggestionReason {
  reasonKey: string;
  params: Record<string, string | number>;
}

export interface ColorSuggestion {
  color: string;
  reason: SuggestionReason;
  category: SuggestionCategory;
  /** 0-100. */
  compatibility: number;
}

/**
 * The spec's compatibility scores: a start value minus a step for each later position in its list.
 * Hair colours are offered as highlights (the category list has no hair category).
 */
export const COMPATIBILITY_SCORES = Object.freeze({
  base: Object.freeze({ start: 95, step: 5 }),
  accent: Object.freeze({ start: 90, step: 3 }),
  hair: Object.freeze({ start: 85, step: 2 }),
  shadow: Object.freeze({ start: 80, step: 0 }),
});

export function compatibilityScore(kind: keyof typeof COMPATIBILITY_SCORES, index: number): number {
  const s = COMPATIBILITY_SCORES[kind];
  return Math.max(0, s.start - s.step * index);
}

/**
 * Colour suggestions for the AI colour assistant from a colour analysis: every dominant colour as a
 * base, the recommended accents, the recommended hair colours as highlights, and a shadow of the main
 * colour (30 darker). Ordered by that grouping, each list in its own order.
 */
export function suggestColors(analysis: ColorAnalysis): ColorSuggestion[] {
  const out: ColorSuggestion[] = [];
  analysis.dominantColors.forEach((color, index) => {
    out.push({
      color: normalizeHex(color),
      reason: { reasonKey: 'colour.reason.dominant', params: { rank: index + 1 } },
      category: 'base',
      compatibility: compatibilityScore('base', index),
    });
  });
  analysis.recommendations.accentColors.forEach((color, index) => {
    out.push({
      color: normalizeHex(color),
      reason: { reasonKey: 'colour.reason.accent', params: { harmony: analysis.colorHarmony } },
      category: 'accent',
      compatibility: compatibilityScore('accent', index),
    });
  });
  analysis.recommendations.hairColor.forEach((color, index) => {
    out.push({
      color: normalizeHex(color),
      reason: { reasonKey: 'colour.reason.hair', params: { style: analysis.styleCategory } },
      category: 'highlight',
      compatibility: compatibilityScore('hair', index),
    });
  });
  const main = analysis.dominantColors[0];
  if (main !== undefined) {
    out.push({
      color: darken(normalizeHex(main), SHADOW_DARKEN_AMOUNT),
      reason: {
        reasonKey: 'colour.reason.shadow',
        params: { base: normalizeHex(main), amount: SHADOW_DARKEN_AMOUNT },
      },
      category: 'shadow',
      compatibility: compatibilityScore('shadow', 0),
    });
  }
  return out;
}

/**
 * Suggestions from one theme palette: its colours as bases in palette order with the base scores,
 * plus the shadow of its first colour.
 */
export function suggestThemeColors(themeId: string): ColorSuggestion[] {
  const theme = getThemePalette(themeId);
  if (!theme) return [];
  const out: ColorSuggestion[] = theme.colors.map((color, index) => ({
    color,
    reason: { reasonKey: 'colour.reason.theme', params: { theme: theme.id, themeKey: theme.nameKey } },
    category: 'base',
    compatibility: compatibilityScore('base', index),
  }));
  const first = theme.colors[0];
  if (first !== undefined) {
    out.push({
      color: darken(first, SHADOW_DARKEN_AMOUNT),
      reason: { reasonKey: 'colour.reason.shadow', params: { base: first, amount: SHADOW_DARKEN_AMOUNT } },
      category: 'shadow',
      compatibility: compatibilityScore('shadow', 0),
    });
  }
  return out;
}
