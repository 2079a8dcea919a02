import { hexToRgb, normalizeHex, oklchToHex, rgbToOklch } from './colour';
import { extractDominantColors } from './dominant-colours';
import type { ColorSwatch, DominantColorOptions } from './dominant-colours';
import { ACHROMATIC_CHROMA, classifyHues } from './harmony';
import type { ColorHarmony } from './harmony';
import type { RgbaImage } from './image';
import { classifyStyle, colorStats } from './style-category';
import type { StyleCategory } from './style-category';

export interface SuggestedPalette {
  /** Stable id, e.g. 'tonal', 'analogous'. */
  id: string;
  /** i18n key of the palette's name, e.g. 'colour.palette.tonal'. */
  nameKey: string;
  colors: string[];
}

export interface ColorRecommendations {
  hairColor: string[];
  accentColors: string[];
  backgroundSuggestions: string[];
}

/** The spec's colour analysis result (section 3 "Color analysis"). All colours are #rrggbb. */
export interface ColorAnalysis {
  dominantColors: string[];
  colorHarmony: ColorHarmony;
  suggestedPalettes: SuggestedPalette[];
  styleCategory: StyleCategory;
  recommendations: ColorRecommendations;
}

interface Tone {
  L: number;
  C: number;
}

/** Lightness and chroma to generate suggestions at, per style, so they sit in the image's look. */
interface StyleProfile {
  hair: Tone;
  accent: Tone;
  backgroundLight: Tone;
  backgroundDark: Tone;
  /** Palette tones from light to dark. */
  ramp: Tone[];
}

const PROFILES: Record<StyleCategory, StyleProfile> = {
  pastel: {
    hair: { L: 0.82, C: 0.09 },
    accent: { L: 0.78, C: 0.12 },
    backgroundLight: { L: 0.97, C: 0.015 },
    backgroundDark: { L: 0.45, C: 0.05 },
    ramp: [
      { L: 0.96, C: 0.03 },
      { L: 0.89, C: 0.06 },
      { L: 0.82, C: 0.09 },
      { L: 0.74, C: 0.1 },
      { L: 0.6, C: 0.08 },
    ],
  },
  vivid: {
    hair: { L: 0.62, C: 0.17 },
    accent: { L: 0.7, C: 0.2 },
    backgroundLight: { L: 0.96, C: 0.02 },
    backgroundDark: { L: 0.24, C: 0.05 },
    ramp: [
      { L: 0.9, C: 0.07 },
      { L: 0.78, C: 0.15 },
      { L: 0.66, C: 0.2 },
      { L: 0.52, C: 0.18 },
      { L: 0.38, C: 0.12 },
    ],
  },
  dark: {
    hair: { L: 0.32, C: 0.07 },
    accent: { L: 0.58, C: 0.18 },
    backgroundLight: { L: 0.3, C: 0.03 },
    backgroundDark: { L: 0.17, C: 0.02 },
    ramp: [
      { L: 0.7, C: 0.08 },
      { L: 0.55, C: 0.12 },
      { L: 0.42, C: 0.1 },
      { L: 0.3, C: 0.07 },
      { L: 0.2, C: 0.04 },
    ],
  },
  muted: {
    hair: { L: 0.52, C: 0.06 },
    accent: { L: 0.62, C: 0.1 },
    backgroundLight: { L: 0.93, C: 0.012 },
    backgroundDark: { L: 0.33, C: 0.02 },
    ramp: [
      { L: 0.92, C: 0.02 },
      { L: 0.8, C: 0.04 },
      { L: 0.66, C: 0.06 },
      { L: 0.52, C: 0.05 },
      { L: 0.38, C: 0.04 },
    ],
  },
  monochrome: {
    hair: { L: 0.28, C: 0.01 },
    accent: { L: 0.6, C: 0.2 },
    backgroundLight: { L: 0.97, C: 0 },
    backgroundDark: { L: 0.2, C: 0 },
    ramp: [
      { L: 0.97, C: 0 },
      { L: 0.8, C: 0 },
      { L: 0.6, C: 0 },
      { L: 0.4, C: 0 },
      { L: 0.2, C: 0 },
    ],
  },
  balanced: {
    hair: { L: 0.5, C: 0.12 },
    accent: { L: 0.66, C: 0.17 },
    backgroundLight: { L: 0.95, C: 0.02 },
    backgroundDark: { L: 0.23, C: 0.03 },
    ramp: [
      { L: 0.93, C: 0.04 },
      { L: 0.8, C: 0.1 },
      { L: 0.66, C: 0.14 },
      { L: 0.5, C: 0.12 },
      { L: 0.35, C: 0.08 },
    ],
  },
};

/** Hue offsets (degrees from the key hue) that continue each harmony with accent colours. */
const ACCENT_OFFSETS: Record<ColorHarmony, number[]> = {
  monochromatic: [180, 150, 210],
  analogous: [180, 150, 210],
  complementary: [180, 150, 30],
  'split-complementary': [150, 210, 180],
  triadic: [120, 240, 180],
  tetradic: [90, 180, 270],
};

/** Natural anime hair hues (degrees): warm brown and blond families. */
const BROWN_HUE = 55;
/** Hue used for a palette without any colour (an ink drawing): a warm pink, the product's accent. */
const NEUTRAL_KEY_HUE = 0;

function tone(t: Tone, hue: number): string {
  return oklchToHex({ L: t.L, C: t.C, h: hue });
}

function unique(colors: string[]): string[] {
  return [...new Set(colors)];
}

/** The hue the suggestions are built around: the most common colour that is not grey. */
function keyHue(swatches: readonly ColorSwatch[]): number | null {
  const chromatic = swatches.filter((s) => s.oklch.C >= ACHROMATIC_CHROMA);
  if (chromatic.length === 0) return null;
  return [...chromatic].sort((a, b) => b.share - a.share)[0]?.oklch.h ?? null;
}

function recommendations(
  key: number | null,
  harmony: ColorHarmony,
  style: StyleCategory,
): ColorRecommendations {
  const p = PROFILES[style];
  if (key === null) {
    // An ink or greyscale drawing: classic black, silver and brown hair, one accent to pop.
    return {
      hairColor: unique([
        tone({ L: 0.25, C: 0.01 }, 270),
        tone({ L: 0.85, C: 0.01 }, 250),
        tone({ L: 0.45, C: 0.07 }, BROWN_HUE),
      ]),
      accentColors: unique([
        tone(p.accent, NEUTRAL_KEY_HUE),
        tone(p.accent, 250),
        tone({ L: 0.82, C: 0.15 }, 95),
      ]),
      backgroundSuggestions: unique([tone(p.backgroundLight, 250), tone(p.backgroundDark, 250), '#f5f0e8']),
    };
  }
  const hairTone = p.hair;
  const natural = style === 'pastel' ? { L: 0.85, C: 0.07 } : { L: Math.min(hairTone.L, 0.45), C: 0.07 };
  return {
    hairColor: unique([
      tone(hairTone, key),
      tone(hairTone, key + 30),
      tone(hairTone, key - 30),
      tone(natural, BROWN_HUE),
    ]),
    accentColors: unique(ACCENT_OFFSETS[harmony].map((o) => tone(p.accent, key + o))),
    backgroundSuggestions: unique([
      tone(p.backgroundLight, key),
      tone(p.backgroundDark, key),
      tone(p.backgroundLight, key + 180),
    ]),
  };
}

function palettes(key: number | null, style: StyleCategory): SuggestedPalette[] {
  const p = PROFILES[style];
  const hue = key ?? NEUTRAL_KEY_HUE;
  const ramp = key === null ? PROFILES.monochrome.ramp : p.ramp;
  const mid = p.ramp[2] ?? { L: 0.65, C: 0.12 };
  const light = p.ramp[0] ?? { L: 0.93, C: 0.04 };
  const dark = p.ramp[4] ?? { L: 0.35, C: 0.08 };
  const make = (id: string, colors: string[]): SuggestedPalette => ({
    id,
    nameKey: `colour.palette.${id}`,
    colors: unique(colors),
  });
  return [
    make(
      'tonal',
      ramp.map((t) => tone(t, hue)),
    ),
    make(
      'analogous',
      [-40, -20, 0, 20, 40].map((o) => tone(mid, hue + o)),
    ),
    make('complementary', [
      tone(light, hue),
      tone(mid, hue),
      tone(dark, hue),
      tone(mid, hue + 180),
      tone(light, hue + 180),
    ]),
    make('triadic', [
      tone(mid, hue),
      tone(mid, hue + 120),
      tone(mid, hue + 240),
      tone({ L: 0.96, C: 0.01 }, hue),
      tone({ L: 0.25, C: 0.02 }, hue),
    ]),
  ];
}

/** Builds the full analysis from already extracted swatches (heaviest first). */
export function buildColorAnalysis(swatches: readonly ColorSwatch[]): ColorAnalysis {
  const chromatic = swatches.filter((s) => s.oklch.C >= ACHROMATIC_CHROMA);
  const colorHarmony = classifyHues(
    // Specks under 2 % do not shape how the palette reads.
    chromatic.filter((s) => s.share >= 0.02).map((s) => ({ hue: s.oklch.h, weight: s.share })),
  );
  const styleCategory = classifyStyle(colorStats(swatches));
  const key = keyHue(swatches);
  return {
    dominantColors: swatches.map((s) => s.hex),
    colorHarmony,
    suggestedPalettes: palettes(key, styleCategory),
    styleCategory,
    recommendations: recommendations(key, colorHarmony, styleCategory),
  };
}

/** Swatches for colours given as hex with equal shares, for analysing a palette instead of an image. */
export function swatchesFromHex(colors: readonly string[]): ColorSwatch[] {
  return colors.map((hex) => {
    const rgb = hexToRgb(hex);
    return { hex: normalizeHex(hex), rgb, oklch: rgbToOklch(rgb), share: 1 / colors.length };
  });
}

/**
 * Colour analysis of an image (spec: POST /api/anime-helper/analyze-colors). Fully transparent
 * pixels are ignored; an image with no visible pixel gives no dominant colours and neutral,
 * general-purpose recommendations.
 */
export function analyzeColors(image: RgbaImage, options: DominantColorOptions = {}): ColorAnalysis {
  return buildColorAnalysis(extractDominantColors(image, options));
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

/**
 * The spec's fallback when colour analysis fails: dominant #ff6b9d, #667eea, #4facfe, complementary
 * harmony. The rest is derived from those colours the same way a real analysis would be. Frozen;
 * use {@link defaultColorAnalysis} for a copy that may be changed.
 */
export const DEFAULT_COLOR_ANALYSIS: ColorAnalysis = deepFreeze(defaultColorAnalysis());

export function defaultColorAnalysis(): ColorAnalysis {
  const base = buildColorAnalysis(swatchesFromHex(['#ff6b9d', '#667eea', '#4facfe']));
  const colorHarmony: ColorHarmony = 'complementary';
  const key = keyHue(swatchesFromHex(['#ff6b9d']));
  return { ...base, colorHarmony, recommendations: recommendations(key, colorHarmony, base.styleCategory) };
}
