import type { Oklch } from './colour';
import { ACHROMATIC_CHROMA } from './harmony';

export const STYLE_CATEGORIES = ['monochrome', 'dark', 'vivid', 'pastel', 'muted', 'balanced'] as const;
export type StyleCategory = (typeof STYLE_CATEGORIES)[number];

export interface WeightedOklch {
  oklch: Oklch;
  share: number;
}

export interface ColorStats {
  /** Share-weighted mean OKLCH lightness of everything, 0-1. */
  meanLightness: number;
  /** Part of the picture (0-1) covered by colours that are not grey. */
  chromaticShare: number;
  /** Mean lightness and chroma of the non-grey colours only, so a white or black background does
   * not make a vivid character look washed out. */
  chromaticLightness: number;
  chromaticChroma: number;
}

export function colorStats(colors: readonly WeightedOklch[]): ColorStats {
  const total = colors.reduce((s, c) => s + c.share, 0);
  const stats: ColorStats = {
    meanLightness: 0,
    chromaticShare: 0,
    chromaticLightness: 0,
    chromaticChroma: 0,
  };
  if (total <= 0) return stats;
  let chromaticWeight = 0;
  for (const c of colors) {
    stats.meanLightness += (c.oklch.L * c.share) / total;
    if (c.oklch.C < ACHROMATIC_CHROMA) continue;
    chromaticWeight += c.share;
    stats.chromaticLightness += c.oklch.L * c.share;
    stats.chromaticChroma += c.oklch.C * c.share;
  }
  stats.chromaticShare = chromaticWeight / total;
  if (chromaticWeight > 0) {
    stats.chromaticLightness /= chromaticWeight;
    stats.chromaticChroma /= chromaticWeight;
  }
  return stats;
}

/**
 * Style from lightness and chroma statistics, thresholds on the OKLCH scale:
 * - monochrome: (almost) nothing but greys;
 * - dark: the picture is mostly low lightness, whatever its chroma (gothic, night scenes);
 * - vivid: the colours present are strongly saturated;
 * - pastel: the colours present are light and soft;
 * - muted: the colours present are greyish;
 * - balanced: none of the above dominates.
 */
export function classifyStyle(stats: ColorStats): StyleCategory {
  if (stats.chromaticShare < 0.05) return 'monochrome';
  if (stats.meanLightness < 0.4) return 'dark';
  if (stats.chromaticChroma >= 0.13) return 'vivid';
  if (stats.chromaticLightness >= 0.75) return 'pastel';
  if (stats.chromaticChroma < 0.07) return 'muted';
  return 'balanced';
}
