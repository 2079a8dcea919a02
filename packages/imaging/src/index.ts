export type { Rect, Rgb, Rgba, RgbaImage } from './image';
export { assertImage, cloneImage, createImage, fillRect, getPixel, setPixel, unpremultiply } from './image';

export type { Oklab, Oklch } from './colour';
export {
  contrastRatio,
  darken,
  hexToRgb,
  hueDistance,
  isHexColor,
  linearToSrgb,
  luma,
  mixRgb,
  normalizeHex,
  oklabDistance,
  oklabToOklch,
  oklabToRgb,
  oklchToHex,
  oklchToOklab,
  oklchToRgb,
  relativeLuminance,
  rgbToHex,
  rgbToOklab,
  rgbToOklch,
  SHADOW_DARKEN_AMOUNT,
  srgbToLinear,
} from './colour';

export type { ColorSwatch, DominantColorOptions } from './dominant-colours';
export { extractDominantColors } from './dominant-colours';
export type { ColorHarmony, HueSample } from './harmony';
export { ACHROMATIC_CHROMA, classifyHues, COLOR_HARMONIES, detectHarmony, hueSpread } from './harmony';
export type { ColorStats, StyleCategory } from './style-category';
export { classifyStyle, colorStats, STYLE_CATEGORIES } from './style-category';
export type { ColorAnalysis, ColorRecommendations, SuggestedPalette } from './colour-analysis';
export {
  analyzeColors,
  buildColorAnalysis,
  DEFAULT_COLOR_ANALYSIS,
  defaultColorAnalysis,
  swatchesFromHex,
} from './colour-analysis';

export type {
  ColorSuggestion,
  SuggestionCategory,
  SuggestionReason,
  ThemePalette,
  ThemePaletteId,
} from './colour-assistant';
export {
  COMPATIBILITY_SCORES,
  compatibilityScore,
  getThemePalette,
  SUGGESTION_CATEGORIES,
  suggestColors,
  suggestThemeColors,
  THEME_PALETTES,
} from './colour-assistant';

export type { FillOptions, SmartBrushMode, SmartBrushSettings } from './fill/settings';
export {
  DEFAULT_FILL_OPTIONS,
  detailLevelToGap,
  MAX_GAP_PIXELS,
  resolveFillOptions,
  sensitivityToTolerance,
  SMART_BRUSH_MODES,
} from './fill/settings';
export type { SmartBrushPreset } from './fill/presets';
export { getSmartBrushPreset, SMART_BRUSH_PRESETS } from './fill/presets';
export type { FillColor, FillResult } from './fill/fill-common';
export { floodFill } from './fill/flood-fill';
export { lineArtFill } from './fill/line-art-fill';
export { gradientFill } from './fill/gradient-fill';
export { smartFill } from './fill/smart-fill';
export { BUCKET_MAX_EXPAND, BUCKET_MAX_GAP, bucketRegion, type BucketOptions } from './fill/bucket-fill';
export type { Region } from './fill/region';
export { dilateSquare, lineMask } from './fill/masks';
export type { PixelPostProcessing } from './postprocess';
export { convolve3, LINE_ART_KERNEL, median3, postProcessPixels, saturationMatrix } from './postprocess';

export type { OutlineOptions } from './outline';
export { detailLevelToSigma, detectEdges, extractOutline, strengthToThresholds } from './outline';

export type { InpaintMask, InpaintOptions } from './inpaint';
export { inpaint } from './inpaint';
export type { PatchFillOptions } from './patch-fill';
export { patchFill } from './patch-fill';
export type { CelShadeOptions } from './cel-shade';
export { celShade } from './cel-shade';

export { createSyntheticDrawing, drawEllipse } from './synthetic';
