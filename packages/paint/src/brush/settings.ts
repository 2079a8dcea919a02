import { normalizePressureCurve, type PressureCurve } from './pressure.js';

/** Tip outlines: round (circle), square, flat (ellipse 1:0.35) and chisel (rectangle 1:0.2, calligraphy). */
export const TIP_SHAPES = ['round', 'square', 'flat', 'chisel'] as const;
export type TipShape = (typeof TIP_SHAPES)[number];

/** Minor/major axis ratio of each tip. */
export const TIP_ASPECT: Record<TipShape, number> = { round: 1, square: 1, flat: 0.35, chisel: 0.2 };

export interface Tapering {
  enabled: boolean;
  /** Length in document pixels over which the size ramps up from the start of the stroke. */
  startTaper: number;
  /** Length in document pixels over which the size ramps down to the end of the stroke. */
  endTaper: number;
}

/** Spec §3 brush settings, plus two optional extras (texture strength, aliasing for the pixel brush). */
export interface BrushSettings {
  /** Dab diameter in document pixels (0.1-200; sub-pixel sizes paint by coverage). */
  size: number;
  /** 1-100: the most a single stroke may cover; overlapping dabs of one stroke never exceed it. */
  opacity: number;
  /** 0-100: 100 is a crisp antialiased edge, 0 a soft bell-shaped falloff. */
  hardness: number;
  tipShape: TipShape;
  /** 0-100: how much pen pressure scales size and opacity (mouse and touch count as full pressure). */
  pressureSensitivity: number;
  /** 1-200: distance between dabs in percent of the current dab diameter. */
  spacing: number;
  /** 0-100: each dab moves randomly by up to this percent of its diameter. */
  scattering: number;
  /** Tip angle in degrees (visible on square, flat and chisel tips). */
  rotation: number;
  /** 1-100: alpha of each dab; low flow builds up towards the opacity cap. */
  flowRate: number;
  /** 0-100: stabiliser strength (pulled-string radius). */
  smoothing: number;
  tapering: Tapering;
  /** Name of a registered grain texture ('paper' is built in). */
  texturePath?: string;
  /** 0-100: how strongly the grain removes paint (default 60). */
  textureStrength?: number;
  /** Hard, pixel-snapped dabs with no antialiasing (pixel art). */
  aliased?: boolean;
  /** How pen pressure maps to effect (default: a gentle gamma). */
  pressureCurve?: PressureCurve;
}

export const DEFAULT_BRUSH_SETTINGS: BrushSettings = {
  size: 5, // spec canvas state default size
  opacity: 100,
  hardness: 80,
  tipShape: 'round',
  pressureSensitivity: 50,
  spacing: 10,
  scattering: 0,
  rotation: 0,
  flowRate: 100,
  smoothing: 20,
  tapering: { enabled: false, startTaper: 0, endTaper: 0 },
};

const clamp = (v: number, lo: number, hi: number, fallback: number): number =>
  Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : fallback;

/** Merges a partial update over `base` and clamps every value into its documented range. */
export function normalizeBrushSettings(
  patch: Partial<BrushSettings>,
  base: BrushSettings = DEFAULT_BRUSH_SETTINGS,
): BrushSettings {
  const s = { ...base, ...patch, tapering: { ...base.tapering, ...patch.tapering } };
  const d = DEFAULT_BRUSH_SETTINGS;
  const out: BrushSettings = {
    size: clamp(s.size, 0.1, 200, d.size),
    opacity: clamp(s.opacity, 1, 100, d.opacity),
    hardness: clamp(s.hardness, 0, 100, d.hardness),
    tipShape: (TIP_SHAPES as readonly string[]).includes(s.tipShape) ? s.tipShape : d.tipShape,
    pressureSensitivity: clamp(s.pressureSensitivity, 0, 100, d.pressureSensitivity),
    spacing: clamp(s.spacing, 1, 200, d.spacing),
    scattering: clamp(s.scattering, 0, 100, 0),
    rotation: Number.isFinite(s.rotation) ? ((s.rotation % 360) + 360) % 360 : 0,
    flowRate: clamp(s.flowRate, 1, 100, d.flowRate),
    smoothing: clamp(s.smoothing, 0, 100, d.smoothing),
    tapering: {
      enabled: Boolean(s.tapering.enabled),
      startTaper: clamp(s.tapering.startTaper, 0, 1000, 0),
      endTaper: clamp(s.tapering.endTaper, 0, 1000, 0),
    },
  };
  if (s.texturePath) out.texturePath = s.texturePath;
  if (s.textureStrength !== undefined) out.textureStrength = clamp(s.textureStrength, 0, 100, 60);
  if (s.aliased) out.aliased = true;
  if (s.pressureCurve) out.pressureCurve = normalizePressureCurve(s.pressureCurve);
  return out;
}
