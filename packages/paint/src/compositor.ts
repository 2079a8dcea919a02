import { BLEND_CODE, mixChannel } from './blend.js';
import type { RGBA } from './color.js';
import type { PaintDocument } from './document.js';
import { intersectRect, type Rect } from './geometry.js';
import { isInside, siblingClippingBase, type Layer } from './layer.js';
import type { MaskSurface } from './mask.js';
import { modificationClock, nextClock, TILE_BYTES, TiledSurface, type Tile } from './surface.js';
import { forEachTileIn, TILE_SHIFT, TILE_SIZE, tileRect } from './tiles.js';

/** An RGBA (straight alpha) pixel buffer, shaped like ImageData so it can be wrapped without copying. */
export interface PixelBuffer {
  readonly data: Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
}

export function createPixelBuffer(width: number, height: number): PixelBuffer {
  return { data: new Uint8ClampedArray(width * height * 4), width, height };
}

/** How a stroke's coverage mask changes its layer: paint the colour over, or erase (destination-out). */
export type StrokeMode = 'paint' | 'erase';

/** A stroke in progress, shown on its layer by the compositor exactly as committing would apply it. */
export interface StrokePreview {
  readonly layerId: string;
  readonly mask: MaskSurface;
  readonly mode: StrokeMode;
  readonly color: RGBA;
}

export interface CompositeOptions {
  /** Colour under all layers; null/omitted leaves transparency (default). */
  background?: RGBA | null;
  /** The stroke in progress, drawn on its layer. */
  preview?: StrokePreview | null;
  /**
   * The layer being edited (the active layer; defaults to the preview's layer). With caching on, the
   * layers below and above it are composited once per 32 px cell and reused, so repainting around it
   * costs about three layers however many the document has.
   */
  focusLayerId?: string | null;
}

const INV255 = 1 / 255;
/** Blend modes whose effect on the backdrop is affine (see CacheTile.affine). */
const AFFINE_MODES: ReadonlySet<string> = new Set(['normal', 'multiply', 'screen']);
const U16 = 65535;
const INV_U16 = 1 / 65535;
/** Cache validity granularity (the dirty-region cell size too), so a repaint rarely builds far outside itself. */
export const CELL = 32;
const CELLS_PER_ROW = TILE_SIZE / CELL;
/** Bytes of cached tiles kept at most (192 tiles with both halves); least recently used go first. */
const MAX_CACHE_BYTES = 48 << 20;
/** Largest repaint (in pixels) that fills the cache. */
const MAX_BUILD_PIXELS = 1 << 20;
/** Stack codes of a fading pass-through group's start and end (after the blend mode codes). */
const PASS_BEGIN = 100;
const PASS_END = 101;
/** Backdrops saved at each open fading pass-through group, per pixel (any real nesting depth). */
const passSaved = new Float64Array(4 * 1024);
let passDepth = 0;
/** Stands in for an unallocated tile under a live stroke, so the loops only ever see typed arrays. */
const EMPTY_TILE = new Uint8ClampedArray(TILE_SIZE * TILE_SIZE * 4);

/** The layers of one part of the stack that have pixels in the current tile. */
interface Stack {
  tiles: Uint8ClampedArray[];
  opacity: number[];
  modes: number[];
  /** For a clipped layer, its base's tile (the coverage that masks it); null otherwise. */
  clips: (Uint8ClampedArray | null)[];
  n: number;
}

interface CacheTile {
  /** Premultiplied composite of the background and the visible layers below the focus layer (16 bit). */
  below: Uint16Array;
  /**
   * Premultiplied group of the visible layers above it composited over nothing, when they all blend
   * normal, multiply or screen (else null).
   */
  above: Uint16Array | null;
  /**
   * With multiply or screen above: the rest of the group's effect, which depends on the backdrop.
   * Those modes (and normal) are affine in the premultiplied backdrop (c, a), so the whole group is
   *   c' = above.c + P*c - N*a,   a' = above.a + (1 - above.a)*a
   * per channel; stored as P r,g,b then N r,g,b per pixel (both within 0-1), 16 bit.
   */
  affine: Uint16Array | null;
  /** Clock value each cell was built at; -1 when never built. */
  builtAt: Float64Array;
}

function newStack(): Stack {
  return { tiles: [], opacity: [], modes: [], clips: [], n: 0 };
}

/**
 * The backdrop-dependent coefficients of a stack of normal/multiply/screen layers at byte offset t
 * (see CacheTile.affine): out = P r,g,b, N r,g,b. Composes each layer's map onto the ones below:
 * normal P*=(1-sa); multiply P*=(1-sa+s), N=N*(1-sa+s)+s*K; screen P*=(1-s); K (alpha kept)*=(1-sa).
 */
function affineStack(out: Float64Array, s: Stack, t: number): void {
  let pr = 1;
  let pg = 1;
  let pb = 1;
  let nr = 0;
  let ng = 0;
  let nb = 0;
  let k = 1;
  for (let i = 0; i < s.n; i++) {
    const tile = s.tiles[i] as Uint8ClampedArray;
    const a8 = tile[t + 3] as number;
    if (a8 === 0) continue;
    const clip = s.clips[i];
    const op = clip ? (s.opacity[i] as number) * (clip[t + 3] as number) * INV255 : (s.opacity[i] as number);
    const sa = a8 * INV255 * op;
    const f = INV255 * sa;
    const sr = (tile[t] as number) * f;
    const sg = (tile[t + 1] as number) * f;
    const sb = (tile[t + 2] as number) * f;
    const mode = s.modes[i] as number;
    if (mode === 1) {
      const mr = 1 - sa + sr;
      const mg = 1 - sa + sg;
      const mb = 1 - sa + sb;
      nr = nr * mr + sr * k;
      ng = ng * mg + sg * k;
      nb = nb * mb + sb * k;
      pr *= mr;
      pg *= mg;
      pb *= mb;
    } else if (mode === 2) {
      nr *= 1 - sr;
      ng *= 1 - sg;
      nb *= 1 - sb;
      pr *= 1 - sr;
      pg *= 1 - sg;
      pb *= 1 - sb;
    } else {
      nr *= 1 - sa;
      ng *= 1 - sa;
      nb *= 1 - sa;
      pr *= 1 - sa;
      pg *= 1 - sa;
      pb *= 1 - sa;
    }
    k *= 1 - sa;
  }
  out[0] = pr;
  out[1] = pg;
  out[2] = pb;
  out[3] = nr;
  out[4] = ng;
  out[5] = nb;
}

/** Blends a stack's layers at byte offset t over the premultiplied colour in px (r, g, b, a). */
function blendStack(px: Float64Array, s: Stack, t: number): void {
  let cr = px[0] as number;
  let cg = px[1] as number;
  let cb = px[2] as number;
  let ca = px[3] as number;
  for (let k = 0; k < s.n; k++) {
    const code = s.modes[k] as number;
    if (code >= PASS_BEGIN) {
      // a fading pass-through group: keep the backdrop at its start, mix back towards it at its end
      if (code === PASS_BEGIN) {
        const q = passDepth++ * 4;
        passSaved[q] = cr;
        passSaved[q + 1] = cg;
        passSaved[q + 2] = cb;
        passSaved[q + 3] = ca;
      } else if (passDepth > 0) {
        const q = --passDepth * 4;
        const o = s.opacity[k] as number;
        cr = (passSaved[q] as number) + o * (cr - (passSaved[q] as number));
        cg = (passSaved[q + 1] as number) + o * (cg - (passSaved[q + 1] as number));
        cb = (passSaved[q + 2] as number) + o * (cb - (passSaved[q + 2] as number));
        ca = (passSaved[q + 3] as number) + o * (ca - (passSaved[q + 3] as number));
      }
      continue;
    }
    const tile = s.tiles[k] as Uint8ClampedArray;
    const a8 = tile[t + 3] as number;
    if (a8 === 0) continue;
    const clip = s.clips[k];
    const op = clip ? (s.opacity[k] as number) * (clip[t + 3] as number) * INV255 : (s.opacity[k] as number);
    const sa = a8 * INV255 * op;
    const f = INV255 * sa;
    const sr = (tile[t] as number) * f;
    const sg = (tile[t + 1] as number) * f;
    const sb = (tile[t + 2] as number) * f;
    const keep = 1 - sa;
    const mode = ca <= 0 ? 0 : code;
    const fresh = 1 - ca;
    // one switch per layer pixel with the three channels inlined (see mixChannel for the formulas)
    switch (mode) {
      case 1: // multiply
        cr = sr * fresh + cr * keep + sr * cr;
        cg = sg * fresh + cg * keep + sg * cg;
        cb = sb * fresh + cb * keep + sb * cb;
        break;
      case 2: // screen
        cr = sr + cr - sr * cr;
        cg = sg + cg - sg * cg;
        cb = sb + cb - sb * cb;
        break;
      case 4: // darken
        cr = sr * fresh + cr * keep + Math.min(sr * ca, cr * sa);
        cg = sg * fresh + cg * keep + Math.min(sg * ca, cg * sa);
        cb = sb * fresh + cb * keep + Math.min(sb * ca, cb * sa);
        break;
      case 5: // lighten
        cr = sr * fresh + cr * keep + Math.max(sr * ca, cr * sa);
        cg = sg * fresh + cg * keep + Math.max(sg * ca, cg * sa);
        cb = sb * fresh + cb * keep + Math.max(sb * ca, cb * sa);
        break;
      case 3: // overlay
        cr = sr * fresh + cr * keep + mixChannel(cr, sr, ca, sa, 3);
        cg = sg * fresh + cg * keep + mixChannel(cg, sg, ca, sa, 3);
        cb = sb * fresh + cb * keep + mixChannel(cb, sb, ca, sa, 3);
        break;
      default:
        cr = sr + cr * keep;
        cg = sg + cg * keep;
        cb = sb + cb * keep;
    }
    ca = sa + ca * keep;
  }
  px[0] = cr;
  px[1] = cg;
  px[2] = cb;
  px[3] = ca;
}

/**
 * Composites the visible layers one rectangle at a time, so a frame only pays for what changed.
 * Layers are straight alpha; blending happens premultiplied in floating point (W3C separable modes);
 * the output is straight 8-bit, ready for ImageData.
 */
export class Compositor {
  private readonly below = newStack();
  private readonly above = newStack();
  private readonly px = new Float64Array(4);
  private readonly coef = new Float64Array(6);
  private cache: { doc: PaintDocument; key: string; tiles: Map<number, CacheTile> } | null = null;
  /** Cache cells (32x32) composited from the layers so far: lets tests and benchmarks see the cache work. */
  cellsBuilt = 0;

  /** @param useCache keep below/above composites of the focus layer between calls (the live view). */
  constructor(private readonly useCache = false) {}

  /** Drops the cached composites (they are also dropped automatically when the stack changes). */
  clearCache(): void {
    this.cache = null;
  }

  /**
   * Writes the composite of `area` into `target` at (targetX, targetY), default the same position
   * (target is then a document-sized buffer, as the engine's output is).
   */
  compositeInto(
    doc: PaintDocument,
    area: Rect,
    target: PixelBuffer,
    options: CompositeOptions = {},
    targetX: number = area.x,
    targetY: number = area.y,
  ): void {
    this.compositeAreas(doc, [area], target, options, targetX - area.x, targetY - area.y);
  }

  /**
   * Composites several document rects into `target` (offset by offX/offY) with one setup, which is
   * what a frame's list of dirty cells needs: the per-call work is paid once, not per cell.
   */
  compositeAreas(
    doc: PaintDocument,
    areas: readonly Rect[],
    target: PixelBuffer,
    options: CompositeOptions = {},
    offX = 0,
    offY = 0,
  ): void {
    this.compositeLevel(doc, null, areas, target, options, offX, offY);
  }

  /**
   * Composites the children of one group (null: the top level). Each group among them stands in as
   * one layer whose pixels are its own children's composite (see GroupSurface).
   */
  compositeLevel(
    doc: PaintDocument,
    parentId: string | null,
    areas: readonly Rect[],
    target: PixelBuffer,
    options: CompositeOptions = {},
    offX = 0,
    offY = 0,
  ): void {
    const grid = doc.layers[0]?.surface;
    if (!grid || areas.length === 0) return;

    const bg = options.background;
    const bgA = bg && bg.a > 0 ? bg.a * INV255 : 0;
    const bgR = bg ? bg.r * INV255 * bgA : 0;
    const bgG = bg ? bg.g * INV255 * bgA : 0;
    const bgB = bg ? bg.b * INV255 * bgA : 0;
    const bgPx = [bgR, bgG, bgB, bgA];

    const preview = options.preview ?? null;
    const level = levelView(doc, parentId, preview, options.focusLayerId ?? preview?.layerId ?? null);
    const focusId = level.focusId;
    // A clipped layer whose base is hidden is hidden too (as in PSD); the bottom layer never clips.
    const bases = level.bases;
    const shown = (l: Layer) => l.visible && l.opacity > 0 && (bases.get(l)?.visible ?? true);
    const visible = level.layers.filter((l) => shown(l) || l.id === focusId);
    let split = focusId === null ? -1 : visible.findIndex((l) => l.id === focusId);
    if (split < 0) split = visible.length; // no focus: everything is "below"
    const belowLayers = visible.slice(0, split);
    const focus = visible[split] ?? null;
    const aboveLayers = visible.slice(split + 1);
    const focusShown = focus !== null && shown(focus);
    const focusBase = focus ? (bases.get(focus) ?? null) : null;
    const focusOpacity = focus ? focus.opacity / 100 : 0;
    const focusMode = focus ? BLEND_CODE[focus.blendMode] : 0;
    // The cached group above would go stale when the focus layer changes under layers clipped to it;
    // overlay, darken and lighten are not affine in the backdrop, so they cannot be cached apart.
    const aboveGroup = aboveLayers.every((l) => AFFINE_MODES.has(l.blendMode) && !isMarker(l) && bases.get(l) !== focus);
    const aboveAffine = aboveGroup && aboveLayers.some((l) => l.blendMode !== 'normal');
    const live = preview && focus && preview.layerId === focus.id ? preview : null;
    const erase = live?.mode === 'erase';
    const inkR = live ? live.color.r * INV255 : 0;
    const inkG = live ? live.color.g * INV255 : 0;
    const inkB = live ? live.color.b * INV255 : 0;

    // A fading pass-through group around the focus layer needs the backdrop from below it at every
    // pixel, which the cached composite does not keep: composite such a view uncached.
    const straddles = passDepthOf(belowLayers) > 0;
    const cacheTiles = this.useCache && focus && !straddles ? this.cacheFor(doc, options, belowLayers, aboveLayers) : null;
    // Big repaints (a whole page after a visibility toggle) would only churn the bounded cache:
    // they use valid cells but build none.
    let pixels = 0;
    for (const a of areas) pixels += a.width * a.height;
    const mayBuild = pixels <= MAX_BUILD_PIXELS;
    const out = target.data;
    const stride = target.width * 4;
    const px = this.px;
    const below = this.below;
    const above = this.above;
    const docRect = { x: 0, y: 0, width: doc.width, height: doc.height };
    const alphaLock = live !== null && focus !== null && focus.alphaLock;
    const params: RowParams = {
      bgR,
      bgG,
      bgB,
      bgA,
      focusOpacity,
      focusMode,
      erase,
      alphaLock,
      inkR,
      inkG,
      inkB,
    };

    // Per-tile work (gathering the layers' tiles, the cache's staleness) is done once for all the
    // areas that fall in one tile: an undo brings a few hundred thin bands in a few dozen tiles.
    let tileIndex = -1;
    let stale = 0;
    let fClip: Uint8ClampedArray | null = null;
    let mask: Float32Array | null = null;
    let fTile: Uint8ClampedArray | null = null;
    const visit = (index: number, o: Rect, ox: number, oy: number): void => {
      if (index !== tileIndex) {
        tileIndex = index;
        gather(below, belowLayers, index, bases);
        gather(above, aboveLayers, index, bases);
        fClip = focusBase ? focusBase.surface.tile(index) : null;
        // A clipped focus layer shows nothing where its base has no pixels.
        const clippedAway = focusBase !== null && fClip === null;
        const focusTile = focusShown && !clippedAway ? focus.surface.tile(index) : null;
        const maskTile = live && !clippedAway ? live.mask.tile(index) : null;
        mask = maskTile ? maskTile.data : null;
        fTile = focusTile ?? (mask ? EMPTY_TILE : null);
        stale = 0;
        if (cacheTiles) {
          for (const l of belowLayers) stale = Math.max(stale, l.surface.version(index));
          for (const l of aboveLayers) stale = Math.max(stale, l.surface.version(index));
        }
      }

      let cached: CacheTile | null = null;
      if (cacheTiles) {
        cached = this.validTile(
          cacheTiles,
          index,
          aboveLayers,
          aboveGroup,
          aboveAffine,
          o,
          ox,
          oy,
          doc,
          bgPx,
          mayBuild,
          stale,
        );
      }

      compositeRows(
        out,
        stride,
        (o.y + offY) * stride + (o.x + offX) * 4,
        (o.y - oy) * TILE_SIZE + (o.x - ox),
        o.width,
        o.height,
        cached ? cached.below : null,
        cached ? cached.above : null,
        cached ? cached.affine : null,
        fTile,
        fClip,
        mask,
        params,
        below,
        above,
        px,
      );
    };
    // in tile order, so the areas of one tile come together
    const cols = Math.ceil(doc.width / TILE_SIZE);
    const tileOf = (r: Rect): number => (r.y >> TILE_SHIFT) * cols + (r.x >> TILE_SHIFT);
    const ordered = areas.length > 1 ? [...areas].sort((a, b) => tileOf(a) - tileOf(b)) : areas;
    for (const area of ordered) {
      const clip = intersectRect(area, docRect);
      if (clip.width > 0 && clip.height > 0) forEachTileIn(grid, clip, visit);
    }
  }

  /** Composite of `area` as its own packed buffer (e.g. for export or a thumbnail). */
  compositeRect(doc: PaintDocument, area: Rect, options: CompositeOptions = {}): PixelBuffer {
    const buf = createPixelBuffer(area.width, area.height);
    this.compositeInto(doc, area, buf, options, 0, 0);
    return buf;
  }

  /** The cache for this stack arrangement, reset when layers, order, modes or the background changed. */
  private cacheFor(
    doc: PaintDocument,
    options: CompositeOptions,
    below: Layer[],
    above: Layer[],
  ): Map<number, CacheTile> {
    const sig = (ls: Layer[]): string =>
      ls
        .map((l) => `${l.id}:${l.opacity}:${l.blendMode}:${l.visible ? 1 : 0}:${l.clipping ? 1 : 0}`)
        .join(',');
    const bg = options.background;
    const key = `${bg ? `${bg.r},${bg.g},${bg.b},${bg.a}` : '-'}|${sig(below)}|${sig(above)}`;
    if (!this.cache || this.cache.doc !== doc || this.cache.key !== key) {
      this.cache = { doc, key, tiles: new Map() };
    }
    return this.cache.tiles;
  }

  /** Makes the cells of tile `index` that overlap `o` current (rebuilding stale ones) and returns the tile. */
  private validTile(
    tiles: Map<number, CacheTile>,
    index: number,
    aboveLayers: Layer[],
    aboveGroup: boolean,
    aboveAffine: boolean,
    o: Rect,
    ox: number,
    oy: number,
    doc: PaintDocument,
    bg: number[],
    mayBuild: boolean,
    /** Newest modification clock among the tile's below/above layers. */
    stale: number,
  ): CacheTile | null {
    let ct = tiles.get(index);
    if (ct) {
      // keep recently used tiles at the end of the map, so eviction takes the least recently used
      tiles.delete(index);
      tiles.set(index, ct);
    } else {
      if (!mayBuild) return null;
      const hasAbove = aboveGroup && aboveLayers.length > 0;
      const tileBytes = TILE_SIZE * TILE_SIZE * 2 * (hasAbove ? (aboveAffine ? 14 : 8) : 4);
      if (tiles.size >= Math.max(16, Math.floor(MAX_CACHE_BYTES / tileBytes))) {
        const oldest = tiles.keys().next().value;
        if (oldest !== undefined) tiles.delete(oldest);
      }
      ct = {
        below: new Uint16Array(TILE_SIZE * TILE_SIZE * 4),
        above: hasAbove ? new Uint16Array(TILE_SIZE * TILE_SIZE * 4) : null,
        affine: hasAbove && aboveAffine ? new Uint16Array(TILE_SIZE * TILE_SIZE * 6) : null,
        builtAt: new Float64Array(CELLS_PER_ROW * CELLS_PER_ROW).fill(-1),
      };
      tiles.set(index, ct);
    }
    const now = modificationClock();
    const cx0 = Math.floor((o.x - ox) / CELL);
    const cy0 = Math.floor((o.y - oy) / CELL);
    const cx1 = Math.floor((o.x - ox + o.width - 1) / CELL);
    const cy1 = Math.floor((o.y - oy + o.height - 1) / CELL);
    const px = this.px;
    const [bgR, bgG, bgB, bgA] = bg as [number, number, number, number];
    for (let cy = cy0; cy <= cy1; cy++) {
      for (let cx = cx0; cx <= cx1; cx++) {
        const cell = cy * CELLS_PER_ROW + cx;
        if ((ct.builtAt[cell] as number) >= stale) continue;
        if (!mayBuild) return null; // composite this tile directly instead
        const x1 = Math.min(CELL * (cx + 1), doc.width - ox);
        const y1 = Math.min(CELL * (cy + 1), doc.height - oy);
        for (let ly = cy * CELL; ly < y1; ly++) {
          for (let lx = cx * CELL; lx < x1; lx++) {
            const t = (ly * TILE_SIZE + lx) * 4;
            px[0] = bgR;
            px[1] = bgG;
            px[2] = bgB;
            px[3] = bgA;
            passDepth = 0;
            if (this.below.n > 0) blendStack(px, this.below, t);
            ct.below[t] = toU16(px[0] as number);
            ct.below[t + 1] = toU16(px[1] as number);
            ct.below[t + 2] = toU16(px[2] as number);
            ct.below[t + 3] = toU16(px[3] as number);
            if (ct.above) {
              px[0] = px[1] = px[2] = px[3] = 0;
              passDepth = 0;
              if (this.above.n > 0) blendStack(px, this.above, t);
              ct.above[t] = toU16(px[0] as number);
              ct.above[t + 1] = toU16(px[1] as number);
              ct.above[t + 2] = toU16(px[2] as number);
              ct.above[t + 3] = toU16(px[3] as number);
              if (ct.affine) {
                const coef = this.coef;
                affineStack(coef, this.above, t);
                const q = (t >> 2) * 6;
                for (let c = 0; c < 6; c++) ct.affine[q + c] = toU16(coef[c] as number);
              }
            }
          }
        }
        ct.builtAt[cell] = now;
        this.cellsBuilt++;
      }
    }
    return ct;
  }
}

/** Per-call constants of compositeRows, unpacked into locals there so the loop keeps them in registers. */
interface RowParams {
  bgR: number;
  bgG: number;
  bgB: number;
  bgA: number;
  focusOpacity: number;
  focusMode: number;
  erase: boolean;
  /** The focus layer's alpha is locked: the live stroke tints its pixels and never changes coverage. */
  alphaLock: boolean;
  inkR: number;
  inkG: number;
  inkB: number;
}

/**
 * The per-pixel loop for one tile span: below (cached or blended), the focus layer with the live
 * stroke, then above (cached group or blended). A top-level function with plain parameters because
 * V8 optimises that far better than a closure reading dozens of captured variables.
 */
function compositeRows(
  out: Uint8ClampedArray,
  stride: number,
  w0: number,
  p0: number,
  width: number,
  height: number,
  cBelow: Uint16Array | null,
  cAbove: Uint16Array | null,
  cAffine: Uint16Array | null,
  fTile: Uint8ClampedArray | null,
  fClip: Uint8ClampedArray | null,
  mask: Float32Array | null,
  params: RowParams,
  below: Stack,
  above: Stack,
  px: Float64Array,
): void {
  if (cBelow && !mask && (cAbove || above.n === 0)) {
    compositeCachedRows(out, stride, w0, p0, width, height, cBelow, cAbove, cAffine, fTile, fClip, params.focusOpacity, params.focusMode);
    return;
  }
  const { bgR, bgG, bgB, bgA, focusOpacity, focusMode, erase, alphaLock, inkR, inkG, inkB } = params;
  for (let y = 0; y < height; y++) {
    let p = p0 + y * TILE_SIZE;
    let w = w0 + y * stride;
    for (let x = 0; x < width; x++, p++, w += 4) {
      const t = p * 4;
      passDepth = 0;
      let cr: number;
      let cg: number;
      let cb: number;
      let ca: number;
      if (cBelow) {
        cr = (cBelow[t] as number) * INV_U16;
        cg = (cBelow[t + 1] as number) * INV_U16;
        cb = (cBelow[t + 2] as number) * INV_U16;
        ca = (cBelow[t + 3] as number) * INV_U16;
      } else {
        px[0] = bgR;
        px[1] = bgG;
        px[2] = bgB;
        px[3] = bgA;
        if (below.n > 0) blendStack(px, below, t);
        cr = px[0] as number;
        cg = px[1] as number;
        cb = px[2] as number;
        ca = px[3] as number;
      }

      if (fTile) {
        // the focus layer, with the stroke in progress applied exactly as commit will
        let a = (fTile[t + 3] as number) * INV255;
        let r = (fTile[t] as number) * INV255 * a;
        let g = (fTile[t + 1] as number) * INV255 * a;
        let b = (fTile[t + 2] as number) * INV255 * a;
        if (mask) {
          const m = mask[p] as number;
          if (m > 0 && alphaLock) {
            // colour only, coverage kept (erasing a locked layer changes nothing)
            if (!erase && a > 0) {
              const keep = 1 - m;
              r = (inkR * m + (r / a) * keep) * a;
              g = (inkG * m + (g / a) * keep) * a;
              b = (inkB * m + (b / a) * keep) * a;
            }
          } else if (m > 0) {
            const keep = 1 - m;
            if (erase) {
              r *= keep;
              g *= keep;
              b *= keep;
              a *= keep;
            } else {
              r = inkR * m + r * keep;
              g = inkG * m + g * keep;
              b = inkB * m + b * keep;
              a = m + a * keep;
            }
          }
        }
        if (a > 0) {
          const op = fClip ? focusOpacity * (fClip[t + 3] as number) * INV255 : focusOpacity;
          const sa = a * op;
          const sr = r * op;
          const sg = g * op;
          const sb = b * op;
          const keep = 1 - sa;
          if (focusMode === 0 || ca <= 0) {
            cr = sr + cr * keep;
            cg = sg + cg * keep;
            cb = sb + cb * keep;
          } else {
            const fresh = 1 - ca;
            cr = sr * fresh + cr * keep + mixChannel(cr, sr, ca, sa, focusMode);
            cg = sg * fresh + cg * keep + mixChannel(cg, sg, ca, sa, focusMode);
            cb = sb * fresh + cb * keep + mixChannel(cb, sb, ca, sa, focusMode);
          }
          ca = sa + ca * keep;
        }
      }

      if (cAffine && cAbove) {
        const q = p * 6;
        const aa = (cAbove[t + 3] as number) * INV_U16;
        cr = ((cAbove[t] as number) + (cAffine[q] as number) * cr - (cAffine[q + 3] as number) * ca) * INV_U16;
        cg = ((cAbove[t + 1] as number) + (cAffine[q + 1] as number) * cg - (cAffine[q + 4] as number) * ca) * INV_U16;
        cb = ((cAbove[t + 2] as number) + (cAffine[q + 2] as number) * cb - (cAffine[q + 5] as number) * ca) * INV_U16;
        ca = aa + ca * (1 - aa);
      } else if (cAbove) {
        const aa = (cAbove[t + 3] as number) * INV_U16;
        if (aa > 0) {
          const keep = 1 - aa;
          cr = (cAbove[t] as number) * INV_U16 + cr * keep;
          cg = (cAbove[t + 1] as number) * INV_U16 + cg * keep;
          cb = (cAbove[t + 2] as number) * INV_U16 + cb * keep;
          ca = aa + ca * keep;
        }
      } else if (above.n > 0) {
        px[0] = cr;
        px[1] = cg;
        px[2] = cb;
        px[3] = ca;
        blendStack(px, above, t);
        cr = px[0] as number;
        cg = px[1] as number;
        cb = px[2] as number;
        ca = px[3] as number;
      }

      if (ca <= 0) {
        out[w] = 0;
        out[w + 1] = 0;
        out[w + 2] = 0;
        out[w + 3] = 0;
      } else {
        const s = 255 / ca;
        out[w] = cr * s;
        out[w + 1] = cg * s;
        out[w + 2] = cb * s;
        out[w + 3] = ca * 255;
      }
    }
  }
}

/**
 * compositeRows for committed pixels with both neighbours cached (undo, redo, repaints off the
 * stroke): cached below, the focus layer, cached group above. Kept apart from the general loop,
 * which V8 optimises less well for carrying every case: about a quarter less time per pixel. Its
 * pixel maths repeats the general loop's on purpose: shared through small helpers (a Float64Array
 * pixel) both loops measured about 35 % slower.
 */
function compositeCachedRows(
  out: Uint8ClampedArray,
  stride: number,
  w0: number,
  p0: number,
  width: number,
  height: number,
  cBelow: Uint16Array,
  cAbove: Uint16Array | null,
  cAffine: Uint16Array | null,
  fTile: Uint8ClampedArray | null,
  fClip: Uint8ClampedArray | null,
  focusOpacity: number,
  focusMode: number,
): void {
  const focus = fTile ?? EMPTY_TILE;
  for (let y = 0; y < height; y++) {
    let p = p0 + y * TILE_SIZE;
    let w = w0 + y * stride;
    for (let x = 0; x < width; x++, p++, w += 4) {
      const t = p * 4;
      let cr = (cBelow[t] as number) * INV_U16;
      let cg = (cBelow[t + 1] as number) * INV_U16;
      let cb = (cBelow[t + 2] as number) * INV_U16;
      let ca = (cBelow[t + 3] as number) * INV_U16;
      const a8 = focus[t + 3] as number;
      if (a8 > 0) {
        const sa = a8 * INV255 * (fClip ? focusOpacity * (fClip[t + 3] as number) * INV255 : focusOpacity);
        const f = INV255 * sa;
        const sr = (focus[t] as number) * f;
        const sg = (focus[t + 1] as number) * f;
        const sb = (focus[t + 2] as number) * f;
        const keep = 1 - sa;
        if (focusMode === 0 || ca <= 0) {
          cr = sr + cr * keep;
          cg = sg + cg * keep;
          cb = sb + cb * keep;
        } else {
          const fresh = 1 - ca;
          cr = sr * fresh + cr * keep + mixChannel(cr, sr, ca, sa, focusMode);
          cg = sg * fresh + cg * keep + mixChannel(cg, sg, ca, sa, focusMode);
          cb = sb * fresh + cb * keep + mixChannel(cb, sb, ca, sa, focusMode);
        }
        ca = sa + ca * keep;
      }
      if (cAbove) {
        const aa = (cAbove[t + 3] as number) * INV_U16;
        if (cAffine) {
          const q = p * 6;
          cr = ((cAbove[t] as number) + (cAffine[q] as number) * cr - (cAffine[q + 3] as number) * ca) * INV_U16;
          cg = ((cAbove[t + 1] as number) + (cAffine[q + 1] as number) * cg - (cAffine[q + 4] as number) * ca) * INV_U16;
          cb = ((cAbove[t + 2] as number) + (cAffine[q + 2] as number) * cb - (cAffine[q + 5] as number) * ca) * INV_U16;
          ca = aa + ca * (1 - aa);
        } else if (aa > 0) {
          const keep = 1 - aa;
          cr = (cAbove[t] as number) * INV_U16 + cr * keep;
          cg = (cAbove[t + 1] as number) * INV_U16 + cg * keep;
          cb = (cAbove[t + 2] as number) * INV_U16 + cb * keep;
          ca = aa + ca * keep;
        }
      }
      if (ca <= 0) {
        out[w] = 0;
        out[w + 1] = 0;
        out[w + 2] = 0;
        out[w + 3] = 0;
      } else {
        const s = 255 / ca;
        out[w] = cr * s;
        out[w + 1] = cg * s;
        out[w + 2] = cb * s;
        out[w + 3] = ca * 255;
      }
    }
  }
}

/** 0-1 to 16 bit, rounded; clamped because Uint16Array wraps instead of saturating. */
function toU16(v: number): number {
  return Math.min(U16, Math.max(0, v * U16 + 0.5));
}

/**
 * Collects the layers with pixels in tile `index` (empty tiles change nothing in any blend mode),
 * with the base tile of each clipped layer.
 */
function gather(stack: Stack, layers: Layer[], index: number, bases: Map<Layer, Layer>): void {
  let n = 0;
  for (const l of layers) {
    const marker = markerOf(l);
    if (marker) {
      stack.tiles[n] = EMPTY_TILE;
      stack.opacity[n] = l.opacity / 100;
      stack.modes[n] = marker === 'begin' ? PASS_BEGIN : PASS_END;
      stack.clips[n] = null;
      n++;
      continue;
    }
    const tile = l.surface.tile(index);
    if (!tile) continue;
    const base = bases.get(l);
    const clip = base ? base.surface.tile(index) : null;
    if (base && !clip) continue; // clipped to nothing here
    stack.tiles[n] = tile;
    stack.opacity[n] = l.opacity / 100;
    stack.modes[n] = BLEND_CODE[l.blendMode];
    stack.clips[n] = clip;
    n++;
  }
  stack.n = n;
}

/** Group composites, kept per group layer while it exists. */
const groupSurfaces = new WeakMap<Layer, GroupSurface>();

/** The start and end of a fading pass-through group in a flattened level (see blendStack). */
type Marker = 'begin' | 'end';
const markers = new WeakMap<Layer, Marker>();
const markerOf = (l: Layer): Marker | undefined => markers.get(l);
const isMarker = (l: Layer): boolean => markers.has(l);
/** Pass-through groups opened and not yet closed in a run of layers. */
const passDepthOf = (layers: readonly Layer[]): number => layers.reduce((n, l) => n + (markerOf(l) === 'begin' ? 1 : markerOf(l) === 'end' ? -1 : 0), 0);

function marker(group: Layer, kind: Marker): Layer {
  const m: Layer = { ...group, id: `${group.id}:${kind}`, group: false, clipping: false };
  markers.set(m, kind);
  return m;
}

/**
 * The layers of one level of the stack as the compositor blends them: each normal group stands in as
 * one layer of its own composite (GroupSurface); a pass-through group's layers join the level itself
 * (between begin/end markers when its opacity fades them). Also the clipping base of each clipped layer
 * (its nearest unclipped sibling below) and the entry that is or holds the focus layer.
 */
function levelView(
  doc: PaintDocument,
  parentId: string | null,
  preview: StrokePreview | null,
  focusId: string | null,
): { layers: Layer[]; focusId: string | null; bases: Map<Layer, Layer> } {
  const bases = new Map<Layer, Layer>();
  const clipBases = (siblings: readonly Layer[]) =>
    siblings.forEach((l, i) => {
      const base = l.clipping ? siblingClippingBase(siblings, i) : null;
      if (base) bases.set(l, base);
    });
  if (!doc.layers.some((l) => l.group)) {
    clipBases(doc.layers);
    return { layers: doc.layers, focusId, bases };
  }
  const byId = new Map(doc.layers.map((l) => [l.id, l]));
  const focus = focusId === null ? undefined : byId.get(focusId);
  const asGroup = (l: Layer, live: boolean): Layer => {
    let gs = groupSurfaces.get(l);
    if (!gs || gs.doc !== doc) {
      gs = new GroupSurface(doc, l);
      groupSurfaces.set(l, gs);
    }
    gs.prepare(byId, live ? preview : null, focusId);
    return { ...l, surface: gs };
  };
  let levelFocus: string | null = null;
  const out: Layer[] = [];
  const expand = (pid: string | null) => {
    const siblings: Layer[] = [];
    for (const l of doc.layers) {
      if (l.parentId !== pid) continue;
      const holdsFocus = focus !== undefined && (focus.id === l.id || isInside(focus, l.id, byId));
      if (l.group && l.passThrough) {
        siblings.push(asGroup(l, false)); // stands for the group only as a clipping base
        if (!l.visible || l.opacity <= 0) continue;
        const fade = l.opacity < 100;
        if (fade) out.push(marker(l, 'begin'));
        expand(l.id);
        if (fade) out.push(marker(l, 'end'));
        continue;
      }
      const item = l.group ? asGroup(l, holdsFocus) : l;
      if (holdsFocus) levelFocus = l.id;
      siblings.push(item);
      out.push(item);
    }
    clipBases(siblings);
  };
  expand(parentId);
  return { layers: out, focusId: levelFocus, bases };
}

/** At most this many composited tiles are kept per group (least recently built go first). */
const MAX_GROUP_TILES = 256;

/**
 * A group's pixels: its children composited on their own (straight RGBA tiles), built on demand and
 * kept until a child's pixels or properties change. While the stroke in progress is inside the group,
 * tiles are composited fresh with it and not kept.
 */
export class GroupSurface extends TiledSurface {
  private members: Layer[] = [];
  private memo = new Map<number, { tile: Tile | null; builtAt: number }>();
  private sig = '';
  private sigClock = 0;
  private live: { preview: StrokePreview; focusId: string | null } | null = null;

  constructor(
    readonly doc: PaintDocument,
    readonly group: Layer,
  ) {
    super(doc.width, doc.height);
  }

  prepare(byId: ReadonlyMap<string, Layer>, preview: StrokePreview | null, focusId: string | null): void {
    const id = this.group.id;
    this.members = this.doc.layers.filter((l) => l.id !== id && isInside(l, id, byId));
    const sig = this.members
      .map((l) => `${l.id}:${l.parentId}:${l.visible ? 1 : 0}:${l.opacity}:${l.blendMode}:${l.clipping ? 1 : 0}:${l.passThrough ? 1 : 0}`)
      .join(',');
    if (sig !== this.sig) {
      this.sig = sig;
      this.memo.clear();
      this.sigClock = nextClock();
    }
    this.live = preview && this.members.some((m) => m.id === preview.layerId) ? { preview, focusId } : null;
  }

  override version(index: number): number {
    if (this.live) return modificationClock();
    let v = this.sigClock;
    for (const m of this.members) if (!m.group) v = Math.max(v, m.surface.version(index));
    return v;
  }

  override tile(index: number): Tile | null {
    const live = this.live;
    if (!live) {
      const kept = this.memo.get(index);
      if (kept && kept.builtAt >= this.version(index)) return kept.tile;
    }
    const builtAt = modificationClock();
    let tile: Tile | null = null;
    if (this.members.some((m) => !m.group && m.surface.tile(index)) || live?.preview.mask.tile(index)) {
      tile = new Uint8ClampedArray(TILE_BYTES);
      const r = tileRect(this, index);
      const target = { data: tile, width: TILE_SIZE, height: TILE_SIZE };
      const options = { preview: live?.preview ?? null, focusLayerId: live?.focusId ?? null };
      new Compositor().compositeLevel(this.doc, this.group.id, [r], target, options, -(r.x - (r.x % TILE_SIZE)), -(r.y - (r.y % TILE_SIZE)));
    }
    if (!live) {
      if (this.memo.size >= MAX_GROUP_TILES) this.memo.delete(this.memo.keys().next().value as number);
      this.memo.set(index, { tile, builtAt });
    }
    return tile;
  }
}
