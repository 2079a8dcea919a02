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
  /** Alpha lock ("lock transparent pixels"): painting changes colour only, never coverage. */
  alphaLock: boolean;
  /**
   * Clipping mask: shown only where the nearest unclipped layer below (its base) has pixels; its
   * alpha is multiplied by the base's, then it blends with its own mode (as PSD clipping does).
   */
  clipping: boolean;
  /**
   * A folder of layers, without pixels of its own: its children are composited on their own, then the
   * result blends onto what is below with the group's mode and opacity (Photoshop's "Normal" group).
   */
  group: boolean;
  /**
   * A pass-through group (PSD's "Pass Through"): its layers blend straight onto what is below, as if
   * not grouped, and the group's opacity fades that result against the backdrop; its own mode is unused.
   */
  passThrough: boolean;
  /** The group this layer belongs to (null at the top level); see groups.ts for the stack order. */
  parentId: string | null;
  readonly surface: TiledSurface;
}

/** The editable properties (everything but identity and pixels). */
export type LayerProps = Pick<
  Layer,
  'name' | 'visible' | 'opacity' | 'blendMode' | 'locked' | 'alphaLock' | 'clipping' | 'passThrough'
>;

/** Plain-data view of a layer for UI lists (no pixel access). */
export interface LayerInfo extends LayerProps {
  id: string;
  isEmpty: boolean;
  group: boolean;
  parentId: string | null;
  /** Nesting level (0 at the top). */
  depth: number;
  /** Changes whenever the layer's pixels do (for thumbnails). */
  pixelsVersion: number;
}

export function layerInfo(layer: Layer, depth = 0): LayerInfo {
  return {
    group: layer.group,
    parentId: layer.parentId,
    depth,
    pixelsVersion: layer.surface.latestVersion(),
    id: layer.id,
    name: layer.name,
    visible: layer.visible,
    opacity: layer.opacity,
    blendMode: layer.blendMode,
    locked: layer.locked,
    alphaLock: layer.alphaLock,
    clipping: layer.clipping,
    passThrough: layer.passThrough,
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
    alphaLock: false,
    clipping: false,
    group: false,
    passThrough: false,
    parentId: null,
    surface: new TiledSurface(width, height),
  };
}

/**
 * The layer a clipped layer clips to: the nearest unclipped sibling below it (null for the bottom
 * layer of its group). `layers` is the whole stack (groups' contents are skipped).
 */
export function clippingBase(layers: readonly Layer[], index: number): Layer | null {
  const parent = (layers[index] as Layer).parentId;
  const byId = new Map(layers.map((l) => [l.id, l]));
  for (let i = index - 1; i >= 0; i--) {
    const l = layers[i] as Layer;
    if (l.parentId === parent) {
      if (!l.clipping) return l;
      continue;
    }
    if (!isInside(l, parent, byId)) return null; // below our group's first child
  }
  return null;
}

/** Whether `layer` is (at any depth) inside the group `parentId` (null: the whole stack). */
export function isInside(layer: Layer, parentId: string | null, byId: ReadonlyMap<string, Layer>): boolean {
  if (parentId === null) return true;
  let p = layer.parentId;
  for (let guard = 0; p !== null && guard < 1000; guard++) {
    if (p === parentId) return true;
    p = byId.get(p)?.parentId ?? null;
  }
  return false;
}

/** The nearest unclipped layer below `index` in a list of siblings (the compositor's view). */
export function siblingClippingBase(siblings: readonly Layer[], index: number): Layer | null {
  for (let i = index - 1; i >= 0; i--) {
    const l = siblings[i] as Layer;
    if (!l.clipping) return l;
  }
  return null;
}
