import type { RgbaImage } from '../image';

export const SMART_BRUSH_MODES = ['auto_fill', 'pattern_detect', 'gradient_smart'] as const;
export type SmartBrushMode = (typeof SMART_BRUSH_MODES)[number];

/** The spec's smart brush settings (section 3). Sliders are 0-100. */
export interface SmartBrushSettings {
  mode: SmartBrushMode;
  /** How sensitive the fill is to colour differences: 100 fills only the exact seed colour, 0 fills
   * every colour (walls still stop it). */
  sensitivity: number;
  /** Opacity of the fill painted over the existing pixels, 0-100. */
  blendStrength: number;
  /** Keep line-art pixels (dark, opaque) unpainted even when they fall inside the region. */
  preserveDetails: boolean;
  /** pattern_detect: the larger, the wider the gaps in the line art that are bridged (0 = none). */
  detailLevel: number;
  /** Also stop where the image has a strong edge, not only where the colour differs from the seed. */
  edgeDetection: boolean;
  /** Keep the shading of what is under the fill: the fill's hue and chroma, the underlying light. */
  colorBlending: boolean;
}

export type FillOptions = Partial<Omit<SmartBrushSettings, 'mode'>> & {
  /** Write into the given buffer instead of a copy (saves a copy per click on large canvases). */
  inPlace?: boolean;
  /**
   * Paint into this image (for example the active layer) while the region is found on the image
   * passed to the fill (for example the merged visible canvas with the line art). Same size.
   */
  target?: RgbaImage | null;
};

export type ResolvedFillOptions = Required<Omit<FillOptions, 'target'>> & { target: RgbaImage | null };

export const DEFAULT_FILL_OPTIONS: ResolvedFillOptions = Object.freeze({
  sensitivity: 75,
  blendStrength: 100,
  preserveDetails: false,
  detailLevel: 50,
  edgeDetection: false,
  colorBlending: false,
  inPlace: false,
  target: null,
});

function clamp100(v: number | undefined, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? Math.min(100, Math.max(0, v)) : fallback;
}

export function resolveFillOptions(options: FillOptions = {}): ResolvedFillOptions {
  const d = DEFAULT_FILL_OPTIONS;
  return {
    sensitivity: clamp100(options.sensitivity, d.sensitivity),
    blendStrength: clamp100(options.blendStrength, d.blendStrength),
    preserveDetails: options.preserveDetails ?? d.preserveDetails,
    detailLevel: clamp100(options.detailLevel, d.detailLevel),
    edgeDetection: options.edgeDetection ?? d.edgeDetection,
    colorBlending: options.colorBlending ?? d.colorBlending,
    inPlace: options.inPlace ?? d.inPlace,
    target: options.target ?? null,
  };
}

/**
 * Sensitivity 0-100 to the largest per-channel difference (0-255) from the seed colour that still
 * fills. Sensitivity 75 (the default preset) allows 64, enough for anti-aliasing and light texture.
 */
export function sensitivityToTolerance(sensitivity: number): number {
  return Math.round(((100 - clamp100(sensitivity, 75)) / 100) * 255);
}

/** Widest line-art gap, in pixels, that pattern_detect bridges at detail level 100. */
export const MAX_GAP_PIXELS = 8;

/** Detail level 0-100 to the widest gap in the line art that is treated as closed. */
export function detailLevelToGap(detailLevel: number): number {
  return Math.round((clamp100(detailLevel, 50) / 100) * MAX_GAP_PIXELS);
}

/** Sobel step (per-pixel luma change, 0-255) that counts as a strong edge for edgeDetection. */
export function sensitivityToEdgeThreshold(sensitivity: number): number {
  return 8 + (100 - clamp100(sensitivity, 75)) * 0.6;
}
