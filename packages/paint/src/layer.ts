import { TiledSurface } from './surface.js';

/** Spec §3 layer blend modes. */
export const BLEND_MODES = ['normal', 'multiply', 'screen', 'overlay', 'darken', 'lighten'] as const;
export type BlendMode = (typeof BLEND_MODES)[number];

export function isBlendMode(value: unknown): value is BlendMode {
  return typeof value === 'string' && (BLEND_MODES as readonly string[]).includes(value);
}

/** Spec §3 Layer. `surface` is the spec's "canvas": tiled straight-alpha RGBA. */
export interface Layer {
  readonly id: string;
  name: string;
  visible: boolean;
  /** 0-100 (spec §5 layer opacity bounds). */
  opacity: number;
  blendMode: BlendMode;
  locked: boolean;
  readonly surface: TiledSurface;
}

/** The editable properties (everything but identity and pixels). */
export type LayerProps = Pick<Layer, 'name' | 'visible' | 'opacity' | 'blendMode' | 'locked'>;

/** Plain-data view of a layer for UI lists (no pixel access). */
export interface LayerInfo extends LayerProps {
  id: string;
  isEmpty: boolean;
}

export function layerInfo(layer: Layer): LayerInfo {
  return {
    id: layer.id,
    name: layer.name,
    visible: layer.visible,
    opacity: layer.opacity,
    blendMode: layer.blendMode,
    locked: layer.locked,
    isEmpty: layer.surface.isEmpty(),
  };
}

export function clampOpacity(value: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`Layer opacity must be a number, got ${value}`);
  return Math.min(100, Math.max(0, value));
}

export function createLayer(id: string, name: string, width: number, height: number): Layer {
  return {
    id,
    name,
    visible: true,
    opacity: 100,
    blendMode: 'normal',
    locked: false,
    surface: new TiledSurface(width, height),
  };
}
