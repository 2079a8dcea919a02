import type { InputPoint } from './brush/pressure.js';
import { clampPresetSize, getBrushPreset, type BrushTool } from './brush/presets.js';
import { DEFAULT_BRUSH_SETTINGS, normalizeBrushSettings, type BrushSettings } from './brush/settings.js';
import { normalizePressureCurve, type PressureCurve } from './brush/pressure.js';
import { normalizeSymmetry, type Symmetry } from './brush/symmetry.js';
import { parseHexColor, type RGBA } from './color.js';
import {
  anchorOffset,
  documentFromImage,
  resizeCanvas,
  scaleDocument,
  type CanvasAnchor,
} from './canvas-size.js';
import {
  selectionBounds,
  transformedBounds,
  transformPixels,
  type Affine,
  type SelectionMask,
} from './selection.js';
import { Compositor, createPixelBuffer, type PixelBuffer } from './compositor.js';
import { DirtyRegion } from './dirty.js';
import { PaintDocument, PaintError, type DocumentOptions } from './document.js';
import { intersectRect, unionRect, type Rect } from './geometry.js';
import {
  AddLayerEntry,
  affectsPixels,
  captureStack,
  layerRects,
  StackEntry,
  DeleteLayerEntry,
  History,
  LayerPropsEntry,
  MergeDownEntry,
  MoveLayerEntry,
  ReplaceDocumentEntry,
  TileRecorder,
  type HistoryOptions,
  type MemoryUsage,
} from './history.js';
import {
  flattenDocument,
  placeImage,
  serializeDocument,
  documentToJSON,
  type PlaceImageOptions,
  type SerializedDocument,
  cropBuffer,
  checkBuffer,
} from './io.js';
import {
  clampOpacity,
  clippingBase,
  isBlendMode,
  layerInfo,
  type Layer,
  type LayerInfo,
  type LayerProps,
} from './layer.js';
import { mergeLayerInto } from './merge.js';
import { depths, descendants, moveItem, normalizeStack, placeItem, ungroup, withoutBlock, wrapInGroup, type DropPlace } from './groups.js';
import { resampleRGBA } from './resample.js';
import { Stroke } from './stroke.js';
import type { TiledSurface } from './surface.js';
import { forEachTileIn, gridFor, TILE_SIZE, tileRect, type TileGrid } from './tiles.js';
import { Viewport } from './viewport.js';

export interface EngineOptions extends DocumentOptions {
  /** Start from an existing document instead of a new one. */
  document?: PaintDocument;
  history?: HistoryOptions;
  /** Colour composited under all layers (default none: the UI's background panel shows through). */
  background?: RGBA | null;
}

/** Why an edit was not applied; the UI can show a hint (e.g. "layer is locked"). */
export type Refusal =
  'locked' | 'hidden' | 'last-layer' | 'no-layer-below' | 'invalid-name' | 'outside-canvas' | 'group';
export type Outcome = { ok: true } | { ok: false; reason: Refusal };

const OK: Outcome = { ok: true };
const refuse = (reason: Refusal): Outcome => ({ ok: false, reason });

/** Immutable view for UI state (e.g. React `useSyncExternalStore`); a new object after every change. */
export interface EngineSnapshot {
  version: number;
  width: number;
  height: number;
  /** Bottom to top. */
  layers: readonly LayerInfo[];
  activeLayerId: string;
  tool: BrushTool;
  presetId: string | null;
  brush: BrushSettings;
  color: RGBA;
  canUndo: boolean;
  canRedo: boolean;
  undoLabel: string | null;
  redoLabel: string | null;
  hasDrawing: boolean;
  isStroking: boolean;
  /** Bounds of the selection, null when nothing is selected. */
  selection: Rect | null;
  symmetry: Symmetry;
}

/**
 * The canvas engine facade: one document, its history, the stroke in progress, the compositor and a
 * document-sized output buffer. Framework-free; a UI drives it like this:
 *
 *   pointerdown  -> beginStroke(point)  (refused on a locked or hidden layer, with the reason)
 *   pointermove  -> extendStroke(event.getCoalescedEvents() mapped to InputPoints)
 *   pointerup / pointerleave -> endStroke()
 *   each animation frame -> for (const r of render()) ctx.putImageData(image, 0, 0, r.x, r.y, r.width, r.height)
 *
 * where `image = new ImageData(engine.output.data, width, height)` wraps the output without copying.
 * Every edit is undoable; `subscribe`/`getSnapshot` report state changes for the panels.
 */
export class PaintEngine {
  readonly history: History;
  readonly viewport = new Viewport();
  /** Caching compositor for the live view (layers below/above the active one are reused). */
  readonly compositor = new Compositor(true);
  background: RGBA | null;

  private doc: PaintDocument;
  private out: PixelBuffer;
  private dirty: DirtyRegion;
  /** Exact areas to recomposite (undo/redo of pixels), finer than the dirty region's 32 px cells. */
  private fineDirty: Rect[] = [];
  private stroke: Stroke | null = null;
  private toolValue: BrushTool = 'brush';
  private brushValue: BrushSettings = { ...DEFAULT_BRUSH_SETTINGS };
  private colorValue: RGBA = { r: 0, g: 0, b: 0, a: 255 };
  private presetIdValue: string | null = null;
  /** Pressure curve chosen for each brush preset, applied whenever that preset is selected. */
  private presetCurves = new Map<string, PressureCurve>();
  private symmetryValue: Symmetry;
  private selectionMask: SelectionMask | null = null;
  private selectionRect: Rect | null = null;
  /** Values before a run of transient property changes (slider drags), per layer. */
  private pendingProps = new Map<string, Partial<LayerProps>>();
  private listeners = new Set<() => void>();
  private version = 0;
  private snapshot: EngineSnapshot | null = null;

  constructor(options: EngineOptions = {}) {
    this.doc = options.document ?? new PaintDocument(options);
    this.history = new History(options.history);
    this.background = options.background ?? null;
    this.out = createPixelBuffer(this.doc.width, this.doc.height);
    this.dirty = new DirtyRegion(this.doc.width, this.doc.height);
    this.dirty.addEverything();
    this.symmetryValue = normalizeSymmetry(this.doc.symmetry ?? {}, this.doc.width, this.doc.height);
    this.doc.symmetry = { ...this.symmetryValue };
  }

  get document(): PaintDocument {
    return this.doc;
  }

  /** Document-sized straight RGBA composite, updated by `render()`. Replaced when the document size changes. */
  get output(): PixelBuffer {
    return this.out;
  }

  get isStroking(): boolean {
    return this.stroke !== null;
  }

  /** The stroke in progress (its dabs are inspectable), if any. */
  get currentStroke(): Stroke | null {
    return this.stroke;
  }

  // ---- tool state -------------------------------------------------------------------------

  get tool(): BrushTool {
    return this.toolValue;
  }

  get brush(): BrushSettings {
    return this.brushValue;
  }

  get color(): RGBA {
    return this.colorValue;
  }

  /** Selects one of BRUSH_PRESETS: its tool and default settings. */
  selectPreset(id: string): void {
    const p = getBrushPreset(id);
    if (!p) throw new PaintError('INVALID_ARGUMENT', `Unknown brush preset ${id}`);
    this.presetIdValue = id;
    this.toolValue = p.tool;
    const curve = this.presetCurves.get(id);
    this.brushValue = normalizeBrushSettings(curve ? { pressureCurve: curve } : {}, p.defaultSettings);
    this.changed();
  }

  /** The pressure curves set per brush preset (to keep them across sessions). */
  get pressureCurves(): Record<string, PressureCurve> {
    return Object.fromEntries(this.presetCurves);
  }

  /** Restores curves saved from `pressureCurves` (unknown presets are ignored). */
  setPressureCurves(curves: Record<string, Partial<PressureCurve>>): void {
    this.presetCurves = new Map(
      Object.entries(curves)
        .filter(([id]) => getBrushPreset(id))
        .map(([id, c]) => [id, normalizePressureCurve(c)]),
    );
    const mine = this.presetIdValue ? this.presetCurves.get(this.presetIdValue) : undefined;
    if (mine) this.brushValue = { ...this.brushValue, pressureCurve: mine };
    this.changed();
  }

  get symmetry(): Symmetry {
    return this.symmetryValue;
  }

  /**
   * Symmetry rulers for the following strokes (centre defaults to the canvas centre, clamped to the
   * canvas). Kept with the document; not an undo step (a ruler, not a change to the picture).
   */
  setSymmetry(patch: Partial<Symmetry>): void {
    this.symmetryValue = normalizeSymmetry({ ...this.symmetryValue, ...patch }, this.doc.width, this.doc.height);
    this.doc.symmetry = { ...this.symmetryValue };
    this.changed();
  }

  /** Updates brush settings (clamped; size also to the selected preset's range). */
  setBrush(patch: Partial<BrushSettings>): void {
    const next = normalizeBrushSettings(patch, this.brushValue);
    const p = this.presetIdValue ? getBrushPreset(this.presetIdValue) : undefined;
    if (p) next.size = clampPresetSize(p, next.size);
    if ('pressureCurve' in patch && this.presetIdValue) {
      // the curve belongs to the brush: it comes back whenever this preset is picked again
      if (next.pressureCurve) this.presetCurves.set(this.presetIdValue, next.pressureCurve);
      else this.presetCurves.delete(this.presetIdValue);
    }
    this.brushValue = next;
    this.changed();
  }

  setTool(tool: BrushTool): void {
    this.toolValue = tool;
    this.changed();
  }

  setColor(color: string | RGBA): void {
    this.colorValue = typeof color === 'string' ? parseHexColor(color) : { ...color };
    this.changed();
  }

  // ---- strokes ----------------------------------------------------------------------------

  /**
   * Starts a stroke on the active layer. Refused (nothing drawn) when the layer is locked, or hidden
   * (drawing blind would surprise); the reason lets the UI warn.
   */
  beginStroke(point: InputPoint, options: { seed?: number } = {}): Outcome {
    this.endStroke();
    this.flushTransient();
    const layer = this.doc.activeLayer;
    if (layer.group) return refuse('group'); // a group has no pixels of its own to paint on
    if (layer.locked) return refuse('locked');
    if (!layer.visible || this.hiddenByGroup(layer)) return refuse('hidden');
    this.stroke = new Stroke(this.doc.width, this.doc.height, {
      layerId: layer.id,
      mode: this.toolValue === 'eraser' ? 'erase' : 'paint',
      color: this.colorValue,
      settings: this.brushValue,
      zoom: this.viewport.zoom,
      selection: this.selectionMask,
      symmetry: this.symmetryValue,
      ...(options.seed === undefined ? {} : { seed: options.seed }),
    });
    this.stroke.addPoints([point], this.dirty);
    this.changed();
    return OK;
  }

  /** Adds pointer samples to the stroke in progress (ignored when there is none). */
  extendStroke(points: InputPoint | readonly InputPoint[]): void {
    if (!this.stroke) return;
    this.stroke.addPoints(Array.isArray(points) ? points : [points as InputPoint], this.dirty);
  }

  /** Finishes the stroke and commits it to its layer as one undo step. */
  endStroke(): void {
    const stroke = this.stroke;
    if (!stroke) return;
    stroke.finish(this.dirty);
    this.stroke = null;
    const layer = this.doc.findLayer(stroke.layerId);
    if (layer) {
      const recorder = new TileRecorder(layer.surface);
      stroke.commit(layer, recorder);
      const entry = recorder.toEntry(stroke.mode === 'erase' ? 'Erase' : 'Brush stroke', layer.id);
      if (entry) this.history.push(entry);
    }
    // No recomposite: the live preview already showed exactly this (to within 8-bit rounding),
    // except on layers clipped to this one, which the preview showed against the old coverage.
    if (
      this.doc.layers.some((l, i) => l.clipping && clippingBase(this.doc.layers, i)?.id === stroke.layerId)
    ) {
      const grid = gridFor(this.doc.width, this.doc.height);
      for (const i of stroke.mask.touchedTiles()) this.dirty.add(tileRect(grid, i));
    }
    stroke.mask.release();
    this.changed();
  }

  /** Drops the stroke in progress without changing the layer. */
  cancelStroke(): void {
    const stroke = this.stroke;
    if (!stroke) return;
    this.stroke = null;
    const grid = gridFor(this.doc.width, this.doc.height);
    for (const i of stroke.mask.touchedTiles()) this.dirty.add(tileRect(grid, i));
    stroke.mask.release();
    this.changed();
  }

  // ---- layers -----------------------------------------------------------------------------

  setActiveLayer(id: string): void {
    this.doc.layer(id);
    if (this.doc.activeLayerId === id) return;
    this.endStroke();
    this.doc.activeLayerId = id;
    this.changed();
  }

  /** Adds an empty 'Layer N' above the active layer and selects it. Returns its id. */
  addLayer(name?: string): string {
    this.prepareEdit();
    const layer = this.doc.createLayer(name?.trim() || undefined);
    return this.insertNewLayer(layer, 'Add layer');
  }

  /** Spec: deletion only while more than one layer exists; deleting the active layer selects the first. */
  deleteLayer(id: string): Outcome {
    const target = this.doc.layer(id);
    if (this.doc.layers.length <= 1) return refuse('last-layer');
    if (target.group || this.doc.layers.some((l) => l.group)) {
      // with groups: the layer or the whole group leaves; at least one paintable layer stays
      const gone = new Set([id, ...descendants(this.doc.layers, id).map((l) => l.id)]);
      const keep = this.doc.layers.find((l) => !l.group && !gone.has(l.id));
      if (!keep) return refuse('last-layer');
      const active = gone.has(this.doc.activeLayerId) ? keep.id : this.doc.activeLayerId;
      return this.restructure('Delete layer', () => withoutBlock(this.doc.layers, id), active);
    }
    this.prepareEdit();
    const activeBefore = this.doc.activeLayerId;
    const { layer, index } = this.doc.removeLayer(id);
    if (activeBefore === id) this.doc.activeLayerId = (this.doc.layers[0] as Layer).id;
    this.history.push(
      new DeleteLayerEntry('Delete layer', layer, index, activeBefore, this.doc.activeLayerId),
    );
    this.dirty.addAll(layer.surface.contentRects());
    this.changed();
    return OK;
  }

  renameLayer(id: string, name: string): Outcome {
    const trimmed = name.trim();
    if (!trimmed) return refuse('invalid-name');
    return this.setLayerProps(id, { name: trimmed });
  }

  /**
   * Moves a layer to `index` in the bottom-to-top order. With groups the layer stays in its group
   * (the order is put right afterwards); `moveItem` is the way in and out of groups.
   */
  moveLayer(id: string, index: number): void {
    const from = this.doc.indexOf(id);
    const to = Math.max(0, Math.min(this.doc.layers.length - 1, Math.trunc(index)));
    if (from === to) return;
    if (this.doc.layers.some((l) => l.group)) {
      this.restructure('Reorder layer', () => {
        const next = [...this.doc.layers];
        next.splice(to, 0, ...next.splice(from, 1));
        return normalizeStack(next);
      }, this.doc.activeLayerId);
      return;
    }
    this.prepareEdit();
    const entry = new MoveLayerEntry(id, from, to);
    this.dirty.addAll(entry.redo(this.doc));
    this.history.push(entry);
    this.changed();
  }

  /** Copies a layer (pixels and properties) above itself and selects the copy. */
  duplicateLayer(id: string): string {
    const src = this.doc.layer(id);
    if (src.group) return this.duplicateGroup(src);
    this.prepareEdit();
    const copy: Layer = {
      id: this.doc.newLayerId(),
      name: `${src.name} copy`,
      visible: src.visible,
      opacity: src.opacity,
      blendMode: src.blendMode,
      locked: false,
      alphaLock: src.alphaLock,
      clipping: src.clipping,
      group: false,
      passThrough: false,
      parentId: src.parentId,
      surface: src.surface.clone(),
    };
    return this.insertNewLayer(copy, 'Duplicate layer', this.doc.indexOf(id) + 1);
  }

  private duplicateGroup(src: Layer): string {
    const block = [...descendants(this.doc.layers, src.id), src];
    const ids = new Map(block.map((l) => [l.id, this.doc.newLayerId()]));
    const copies = block.map((l) => ({
      ...l,
      id: ids.get(l.id) as string,
      name: l === src ? `${l.name} copy` : l.name,
      locked: false,
      parentId: l === src ? l.parentId : (ids.get(l.parentId as string) ?? null),
      surface: l.surface.clone(),
    }));
    const at = this.doc.indexOf(src.id) + 1;
    this.restructure('Duplicate group', () => [...this.doc.layers.slice(0, at), ...copies, ...this.doc.layers.slice(at)], ids.get(src.id) as string);
    return ids.get(src.id) as string;
  }

  // ---- groups -----------------------------------------------------------------------------

  /** Puts a layer (or group) into a new group in its place and selects the group. Returns its id. */
  groupLayer(id: string, name?: string): string {
    this.doc.layer(id);
    const group = this.doc.createLayer(name?.trim() || this.nextGroupName());
    group.group = true;
    this.restructure('Group layers', () => wrapInGroup(this.doc.layers, id, group), group.id);
    return group.id;
  }

  /** Dissolves a group: its layers take its place. */
  ungroupLayer(id: string): Outcome {
    const group = this.doc.layer(id);
    if (!group.group) return refuse('group');
    const inside = descendants(this.doc.layers, id);
    const active = inside.find((l) => l.parentId === id)?.id ?? (this.doc.layers.find((l) => !l.group) as Layer).id;
    return this.restructure('Ungroup', () => ungroup(this.doc.layers, id), active);
  }

  /** One step up or down the stack: past a sibling, into a group it meets, or out of its group at the edge. */
  moveItem(id: string, direction: 'up' | 'down'): Outcome {
    return this.restructure(direction === 'up' ? 'Move layer up' : 'Move layer down', () => moveItem(this.doc.layers, id, direction), this.doc.activeLayerId);
  }

  /**
   * Drag and drop: puts a layer or group above or below another one (joining its group), or inside a
   * group as its top child; one undo step. Refused ('group') onto itself or into itself.
   */
  placeItem(id: string, targetId: string, place: DropPlace): Outcome {
    const r = this.restructure('Move layer', () => placeItem(this.doc.layers, id, targetId, place), this.doc.activeLayerId);
    return r.ok ? r : refuse('group');
  }

  private nextGroupName(): string {
    const taken = new Set(this.doc.layers.map((l) => l.name));
    let n = 1;
    while (taken.has(`Group ${n}`)) n++;
    return `Group ${n}`;
  }

  /**
   * Installs a new stack order as one undo step; everything recomposites. `build` runs after the
   * old order is recorded, since it re-parents layers in place; null means it cannot be done.
   */
  private restructure(label: string, build: () => Layer[] | null, activeId: string): Outcome {
    this.prepareEdit();
    const before = captureStack(this.doc);
    const layers = build();
    if (!layers) {
      before.layers.forEach((l, i) => (l.parentId = before.parents[i] ?? null));
      return refuse('no-layer-below');
    }
    const parents = layers.map((l) => l.parentId);
    this.doc.layers.length = 0;
    this.doc.layers.push(...layers);
    layers.forEach((l, i) => (l.parentId = parents[i] ?? null));
    this.doc.activeLayerId = activeId;
    this.history.push(new StackEntry(label, before, this.doc));
    this.dirty.addEverything();
    this.changed();
    return OK;
  }

  /** Merges a layer into the one below it (which keeps its own properties) and selects that one. */
  mergeDown(id: string): Outcome {
    const index = this.doc.indexOf(id);
    const upper = this.doc.layer(id);
    const lower = this.doc.layers[index - 1];
    if (!lower) return refuse('no-layer-below');
    if (upper.group || lower.group || lower.parentId !== upper.parentId) return refuse('group');
    if (lower.locked) return refuse('locked');
    if (!upper.visible) return refuse('hidden');
    this.prepareEdit();
    const activeBefore = this.doc.activeLayerId;
    const recorder = new TileRecorder(lower.surface);
    mergeLayerInto(upper, lower, recorder);
    this.doc.removeLayer(id);
    this.doc.activeLayerId = lower.id;
    this.history.push(
      new MergeDownEntry(upper, index, lower.id, recorder.toEntry('Merge down', lower.id), activeBefore),
    );
    this.dirty.addAll(upper.surface.contentRects());
    this.changed();
    return OK;
  }

  /**
   * Changes visibility, lock, opacity (0-100), blend mode or name. With `transient: true` the change
   * shows at once but is not yet an undo step (slider drags); the next non-transient call (or any other
   * edit) records one step from the value before the drag.
   */
  setLayerProps(id: string, patch: Partial<LayerProps>, options: { transient?: boolean } = {}): Outcome {
    const layer = this.doc.layer(id);
    const next = sanitizeProps(patch);
    if (next.name !== undefined && !next.name) return refuse('invalid-name');
    if (next.passThrough !== undefined && !layer.group) return refuse('group'); // only groups pass through
    const keys = Object.keys(next) as (keyof LayerProps)[];
    if (keys.length === 0) return OK;
    this.endStroke();
    const pending = this.pendingProps.get(id) ?? {};
    const before: Partial<LayerProps> = {};
    for (const k of keys) Object.assign(before, { [k]: k in pending ? pending[k] : layer[k] });
    Object.assign(layer, next);
    if (affectsPixels(next)) this.dirty.addAll(layerRects(this.doc, layer));
    if (options.transient) {
      this.pendingProps.set(id, { ...before, ...pending });
    } else {
      // this call closes the drag of these keys; other pending drags become their own steps first
      for (const k of keys) delete pending[k];
      if (Object.keys(pending).length === 0) this.pendingProps.delete(id);
      this.flushTransient();
      const changedKeys = keys.filter((k) => before[k] !== layer[k]);
      if (changedKeys.length > 0) {
        const b: Partial<LayerProps> = {};
        const a: Partial<LayerProps> = {};
        for (const k of changedKeys) {
          Object.assign(b, { [k]: before[k] });
          Object.assign(a, { [k]: layer[k] });
        }
        this.history.push(new LayerPropsEntry(propsLabel(changedKeys), id, b, a));
      }
    }
    this.changed();
    return OK;
  }

  /** Erases a whole layer (the toolbar's clear button). */
  clearLayer(id: string): Outcome {
    const layer = this.doc.layer(id);
    if (layer.group) return refuse('group');
    if (layer.locked) return refuse('locked');
    this.prepareEdit();
    const recorder = new TileRecorder(layer.surface);
    for (const i of layer.surface.allocatedTiles()) {
      recorder.before(i);
      const r = tileRect(layer.surface, i);
      recorder.changed(r);
      this.dirty.add(r);
      layer.surface.setTile(i, null);
    }
    const entry = recorder.toEntry('Clear layer', id);
    if (entry) this.history.push(entry);
    this.changed();
    return OK;
  }

  /**
   * Replaces the pixels of `area` on a layer with straight RGBA (area.width * area.height * 4 bytes),
   * as one undo step. For tools outside the engine: fills, AI region results, filters.
   */
  applyPixels(layerId: string, area: Rect, rgba: Uint8ClampedArray, label = 'Edit pixels'): Outcome {
    const layer = this.doc.layer(layerId);
    checkBuffer({ data: rgba, width: area.width, height: area.height });
    if (layer.group) return refuse('group');
    if (layer.locked) return refuse('locked');
    const clip = intersectRect(area, { x: 0, y: 0, width: this.doc.width, height: this.doc.height });
    if (clip.width <= 0 || clip.height <= 0) return refuse('outside-canvas');
    this.prepareEdit();
    const data = cropBuffer(
      { data: rgba, width: area.width, height: area.height },
      clip.x - area.x,
      clip.y - area.y,
      clip.width,
      clip.height,
    );
    const recorder = new TileRecorder(layer.surface);
    layer.surface.writeRect(clip, data, (i) => recorder.before(i));
    recorder.changed(clip);
    this.dirty.add(clip);
    const entry = recorder.toEntry(label, layerId);
    if (entry) this.history.push(entry);
    this.changed();
    return OK;
  }

  /**
   * Fill bucket: paints `color` fully opaque into the pixels set in `mask` (document-sized, 1 = fill)
   * within `area`, as one undo step. On an alpha-locked layer only pixels with coverage change colour.
   */
  fillMask(layerId: string, mask: Uint8Array, area: Rect, color: RGBA, label = 'Fill'): Outcome {
    const layer = this.doc.layer(layerId);
    const { width, height } = this.doc;
    if (mask.length !== width * height)
      throw new PaintError('INVALID_ARGUMENT', 'Fill mask must cover the document');
    if (layer.group) return refuse('group');
    if (layer.locked) return refuse('locked');
    if (!layer.visible) return refuse('hidden');
    const clip = intersectRect(area, { x: 0, y: 0, width, height });
    if (clip.width <= 0 || clip.height <= 0) return refuse('outside-canvas');
    this.prepareEdit();
    const recorder = new TileRecorder(layer.surface);
    const surface = layer.surface;
    const lock = layer.alphaLock;
    forEachTileIn(surface, clip, (index, o, ox, oy) => {
      if (lock && !surface.tile(index)) return;
      let any = false;
      for (let y = o.y; y < o.y + o.height && !any; y++) {
        for (let x = o.x; x < o.x + o.width; x++)
          if (mask[y * width + x]) {
            any = true;
            break;
          }
      }
      if (!any) return;
      recorder.before(index);
      const tile = surface.ensureTile(index);
      for (let y = o.y; y < o.y + o.height; y++) {
        for (let x = o.x; x < o.x + o.width; x++) {
          if (!mask[y * width + x]) continue;
          const t = ((y - oy) * TILE_SIZE + (x - ox)) * 4;
          if (lock && tile[t + 3] === 0) continue;
          tile[t] = color.r;
          tile[t + 1] = color.g;
          tile[t + 2] = color.b;
          if (!lock) tile[t + 3] = 255;
        }
      }
      recorder.changed(o);
      this.dirty.add(o);
    });
    const entry = recorder.toEntry(label, layerId);
    if (entry) this.history.push(entry);
    this.changed();
    return OK;
  }

  /** Puts an RGBA image into a new layer above the active one (positioned/scaled). Returns the layer id. */
  importImage(image: PixelBuffer, options: PlaceImageOptions & { name?: string } = {}): string {
    checkBuffer(image);
    this.prepareEdit();
    const layer = this.doc.createLayer(options.name?.trim() || 'Imported image');
    placeImage(layer.surface, image, options);
    return this.insertNewLayer(layer, 'Import image');
  }

  // ---- selection --------------------------------------------------------------------------

  /** Coverage 0-255 per document pixel, null when nothing is selected (tools then act everywhere). */
  get selection(): SelectionMask | null {
    return this.selectionMask;
  }

  /** Replaces the selection (an empty mask deselects). Not an undo step, as in most painting programs. */
  setSelection(mask: SelectionMask | null): void {
    if (mask && mask.length !== this.doc.width * this.doc.height)
      throw new PaintError('INVALID_ARGUMENT', 'Selection must cover the document');
    const bounds = mask ? selectionBounds(mask, this.doc.width, this.doc.height) : null;
    this.selectionMask = bounds ? mask : null;
    this.selectionRect = bounds;
    this.changed();
  }

  /** The selected pixels of a layer (alpha scaled by the selection), cropped to the selection's bounds. */
  copySelection(layerId: string): { image: PixelBuffer; x: number; y: number } | null {
    const mask = this.selectionMask;
    const r = this.selectionRect;
    if (!mask || !r) return null;
    this.endStroke();
    const data = this.doc.layer(layerId).surface.readRect(r);
    for (let y = 0; y < r.height; y++) {
      for (let x = 0; x < r.width; x++) {
        const o = (y * r.width + x) * 4 + 3;
        data[o] = ((data[o] as number) * (mask[(r.y + y) * this.doc.width + r.x + x] as number)) / 255;
      }
    }
    return { image: { data, width: r.width, height: r.height }, x: r.x, y: r.y };
  }

  /** Erases the selected pixels of a layer (Delete / Cut), one undo step. */
  deleteSelection(layerId: string): Outcome {
    return this.transformSelection(layerId, null, 'Delete selection');
  }

  /**
   * Move / free transform: lifts the selected pixels of a layer, puts them back through the affine
   * `m` (document coordinates) over what remains, and moves the selection with them. `null` only
   * lifts (delete). One undo step.
   */
  transformSelection(layerId: string, m: Affine | null, label = 'Transform'): Outcome {
    const layer = this.doc.layer(layerId);
    const mask = this.selectionMask;
    const r = this.selectionRect;
    if (!mask || !r) return refuse('outside-canvas');
    if (layer.locked) return refuse('locked');
    const { width, height } = this.doc;
    const lifted = this.copySelection(layerId)!;
    const target = m ? transformedBounds(r, m) : r;
    const area = intersectRect(unionRect(r, target) ?? r, { x: 0, y: 0, width, height });
    const data = layer.surface.readRect(area);
    for (let y = 0; y < area.height; y++) {
      for (let x = 0; x < area.width; x++) {
        const cov = mask[(area.y + y) * width + area.x + x] as number;
        if (cov === 0) continue;
        const o = (y * area.width + x) * 4;
        const a = Math.round(((data[o + 3] as number) * (255 - cov)) / 255);
        if (a === 0) data.fill(0, o, o + 4); // transparent pixels are all zero
        else data[o + 3] = a;
      }
    }
    if (m) {
      const moved = transformPixels(lifted.image, { x: lifted.x, y: lifted.y }, m, area).data;
      for (let i = 0; i < data.length; i += 4) {
        const sa = (moved[i + 3] as number) / 255;
        if (sa === 0) continue;
        const da = (data[i + 3] as number) / 255;
        const oa = sa + da * (1 - sa);
        for (let c = 0; c < 3; c++)
          data[i + c] = ((moved[i + c] as number) * sa + (data[i + c] as number) * da * (1 - sa)) / oa;
        data[i + 3] = oa * 255;
      }
    }
    const out = this.applyPixels(layerId, area, data, label);
    if (out.ok && m) {
      // the selection follows its pixels
      const sel: PixelBuffer = { data: new Uint8ClampedArray(r.width * r.height * 4), width: r.width, height: r.height };
      for (let y = 0; y < r.height; y++)
        for (let x = 0; x < r.width; x++) sel.data[(y * r.width + x) * 4 + 3] = mask[(r.y + y) * width + r.x + x] as number;
      const full = { x: 0, y: 0, width, height };
      const moved = transformPixels(sel, { x: r.x, y: r.y }, m, full).data;
      const next = new Uint8Array(width * height);
      for (let i = 0; i < next.length; i++) next[i] = moved[i * 4 + 3] as number;
      this.setSelection(next);
    }
    return out;
  }

  // ---- canvas size ------------------------------------------------------------------------

  /**
   * Canvas size: grows or crops the canvas around `anchor` (the pixels keep their size), one undo step.
   * `offset` overrides the anchor (crop to a rect: offset = -rect.x, -rect.y).
   */
  resizeCanvas(
    width: number,
    height: number,
    anchor: CanvasAnchor | { x: number; y: number } = 'center',
  ): void {
    const offset = typeof anchor === 'string' ? anchorOffset(this.doc, { width, height }, anchor) : anchor;
    this.replaceDocument(resizeCanvas(this.doc, width, height, offset), 'Canvas size');
  }

  /** Image size: scales every layer to `width` x `height`, one undo step. */
  scaleImage(width: number, height: number): void {
    this.replaceDocument(scaleDocument(this.doc, width, height), 'Image size');
  }

  /** Opens an image as a new drawing of exactly its size (undo brings the previous drawing back). */
  openImage(image: PixelBuffer, layerName: string): void {
    checkBuffer(image);
    this.replaceDocument(documentFromImage(image, layerName.trim() || 'Imported image'), 'Open image');
  }

  private replaceDocument(doc: PaintDocument, label: string): void {
    this.prepareEdit();
    const previous = this.install(doc);
    this.history.push(new ReplaceDocumentEntry((d) => this.install(d), previous, label));
    this.changed();
  }

  // ---- history ----------------------------------------------------------------------------

  /** Undoes the last step; during a stroke, drops that stroke instead. */
  undo(): boolean {
    if (this.stroke) {
      this.cancelStroke();
      return true;
    }
    this.flushTransient();
    const rects = this.history.undo(this.doc);
    if (!rects) return false;
    this.afterHistoryMove(rects);
    return true;
  }

  redo(): boolean {
    this.endStroke();
    this.flushTransient();
    const rects = this.history.redo(this.doc);
    if (!rects) return false;
    this.afterHistoryMove(rects);
    return true;
  }

  memoryUsage(): MemoryUsage {
    return this.history.memoryUsage();
  }

  // ---- output -----------------------------------------------------------------------------

  /**
   * Composites everything that changed since the last call into `output` (32 px cells) and returns
   * the changed areas merged per tile, for `putImageData` dirty-rect arguments. Cheap when idle.
   */
  render(): Rect[] {
    if (this.dirty.isEmpty && this.fineDirty.length === 0) return [];
    const fine = this.fineDirty;
    this.fineDirty = [];
    const cells = fine.length > 0 ? [...this.dirty.rects(), ...fine] : this.dirty.rects();
    const changed = fine.length > 0 ? [...this.dirty.tileRects(), ...boxesPerTile(fine, gridFor(this.doc.width, this.doc.height))] : this.dirty.tileRects();
    this.dirty.clear();
    const options = {
      background: this.background,
      preview: this.stroke,
      focusLayerId: this.doc.activeLayerId,
    };
    this.compositor.compositeAreas(this.doc, cells, this.out, options);
    return changed;
  }

  /** Forces a full recomposite on the next `render()` (e.g. after changing `background`). */
  invalidate(area?: Rect): void {
    if (area) this.dirty.add(area);
    else this.dirty.addEverything();
  }

  /** Colour of the composite at a document pixel (eyedropper), including the stroke in progress. */
  sampleColor(x: number, y: number): RGBA {
    const px = this.compositor.compositeRect(
      this.doc,
      { x: Math.floor(x), y: Math.floor(y), width: 1, height: 1 },
      { background: this.background, preview: this.stroke, focusLayerId: this.doc.activeLayerId },
    ).data;
    return { r: px[0] ?? 0, g: px[1] ?? 0, b: px[2] ?? 0, a: px[3] ?? 0 };
  }

  /** The visible layers as one RGBA image at 1-400 % (spec export size). */
  flatten(percent = 100, background: RGBA | null = this.background): PixelBuffer {
    this.endStroke();
    return flattenDocument(this.doc, percent, background);
  }

  /** A small preview of one layer, or of the whole composite when `layerId` is null. */
  thumbnail(layerId: string | null, maxSize = 64): PixelBuffer {
    const full = { x: 0, y: 0, width: this.doc.width, height: this.doc.height };
    const k = Math.min(1, maxSize / Math.max(full.width, full.height));
    const w = Math.max(1, Math.round(full.width * k));
    const h = Math.max(1, Math.round(full.height * k));
    // a layer's thumbnail samples its tiles directly: no full-size copy for a 44 px picture
    if (layerId !== null) return surfaceThumbnail(this.doc.layer(layerId).surface, w, h);
    return resampleRGBA(new Compositor().compositeRect(this.doc, full, { background: this.background }), w, h);
  }

  serialize(): SerializedDocument {
    this.endStroke();
    return serializeDocument(this.doc);
  }

  toJSON(): string {
    this.endStroke();
    return documentToJSON(this.doc);
  }

  /**
   * Replaces the document (open a file, revert to a saved version). Undoable when `undoable` is set;
   * otherwise history starts over. `output` is reallocated if the size differs.
   */
  loadDocument(doc: PaintDocument, options: { undoable?: boolean } = {}): void {
    this.endStroke();
    this.flushTransient();
    const previous = this.install(doc);
    if (options.undoable) this.history.push(new ReplaceDocumentEntry((d) => this.install(d), previous));
    else this.history.clear();
    this.changed();
  }

  // ---- subscriptions ----------------------------------------------------------------------

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  getSnapshot(): EngineSnapshot {
    if (this.snapshot && this.snapshot.version === this.version) return this.snapshot;
    this.snapshot = {
      version: this.version,
      width: this.doc.width,
      height: this.doc.height,
      layers: this.layerInfos(),
      activeLayerId: this.doc.activeLayerId,
      tool: this.toolValue,
      presetId: this.presetIdValue,
      brush: this.brushValue,
      color: this.colorValue,
      canUndo: this.history.canUndo,
      canRedo: this.history.canRedo,
      undoLabel: this.history.undoLabel,
      redoLabel: this.history.redoLabel,
      hasDrawing: this.doc.hasDrawing(),
      isStroking: this.stroke !== null,
      selection: this.selectionRect,
      symmetry: this.symmetryValue,
    };
    return this.snapshot;
  }

  // ---- internals --------------------------------------------------------------------------

  private hiddenByGroup(layer: Layer): boolean {
    for (let p = layer.parentId, guard = 0; p !== null && guard < 1000; guard++) {
      const g = this.doc.findLayer(p);
      if (!g) return false;
      if (!g.visible) return true;
      p = g.parentId;
    }
    return false;
  }

  private layerInfos(): LayerInfo[] {
    const d = this.doc.layers.some((l) => l.group) ? depths(this.doc.layers) : null;
    return this.doc.layers.map((l) => layerInfo(l, d?.get(l.id) ?? 0));
  }

  private changed(): void {
    this.version++;
    for (const l of this.listeners) l();
  }

  /** Every recorded edit first ends the stroke in progress and records pending slider changes. */
  private prepareEdit(): void {
    this.endStroke();
    this.flushTransient();
  }

  private flushTransient(): void {
    if (this.pendingProps.size === 0) return;
    const pending = this.pendingProps;
    this.pendingProps = new Map();
    for (const [id, before] of pending) {
      const layer = this.doc.findLayer(id);
      if (!layer) continue;
      const keys = (Object.keys(before) as (keyof LayerProps)[]).filter((k) => before[k] !== layer[k]);
      if (keys.length === 0) continue;
      const b: Partial<LayerProps> = {};
      const a: Partial<LayerProps> = {};
      for (const k of keys) {
        Object.assign(b, { [k]: before[k] });
        Object.assign(a, { [k]: layer[k] });
      }
      this.history.push(new LayerPropsEntry(propsLabel(keys), id, b, a));
    }
  }

  /** Puts a new layer into the stack (default: above the active one), selects it, records the step. */
  private insertNewLayer(
    layer: Layer,
    label: string,
    index = this.doc.indexOf(this.doc.activeLayerId) + 1,
  ): string {
    const activeBefore = this.doc.activeLayerId;
    // right above the active layer is inside the same group
    if (index === this.doc.indexOf(activeBefore) + 1) layer.parentId = this.doc.activeLayer.parentId;
    const entry = new AddLayerEntry(label, layer, index, activeBefore);
    this.dirty.addAll(entry.redo(this.doc));
    this.history.push(entry);
    this.changed();
    return layer.id;
  }

  private afterHistoryMove(rects: Rect[]): void {
    const doc = { x: 0, y: 0, width: this.doc.width, height: this.doc.height };
    for (const r of rects) {
      const c = intersectRect(r, doc);
      if (c.width > 0 && c.height > 0) this.fineDirty.push(c);
    }
    this.changed();
  }

  /** Swaps in a document; returns the previous one. */
  private install(doc: PaintDocument): PaintDocument {
    const previous = this.doc;
    this.doc = doc;
    if (doc.width !== previous.width || doc.height !== previous.height) {
      this.selectionMask = null;
      this.selectionRect = null;
    }
    this.pendingProps.clear();
    if (doc.width !== previous.width || doc.height !== previous.height) this.out = createPixelBuffer(doc.width, doc.height);
    // the drawing's own ruler; one without keeps the current ruler (centred again on another size)
    if (doc.symmetry) this.symmetryValue = normalizeSymmetry(doc.symmetry, doc.width, doc.height);
    else if (doc.width !== previous.width || doc.height !== previous.height)
      this.symmetryValue = normalizeSymmetry({ mode: this.symmetryValue.mode, count: this.symmetryValue.count }, doc.width, doc.height);
    doc.symmetry = { ...this.symmetryValue };
    this.dirty = new DirtyRegion(doc.width, doc.height);
    this.dirty.addEverything();
    this.fineDirty = [];
    return previous;
  }
}

function sanitizeProps(patch: Partial<LayerProps>): Partial<LayerProps> {
  const out: Partial<LayerProps> = {};
  if (patch.name !== undefined) out.name = String(patch.name).trim();
  if (patch.visible !== undefined) out.visible = Boolean(patch.visible);
  if (patch.locked !== undefined) out.locked = Boolean(patch.locked);
  if (patch.alphaLock !== undefined) out.alphaLock = Boolean(patch.alphaLock);
  if (patch.clipping !== undefined) out.clipping = Boolean(patch.clipping);
  if (patch.passThrough !== undefined) out.passThrough = Boolean(patch.passThrough);
  if (patch.opacity !== undefined) out.opacity = clampOpacity(patch.opacity);
  if (patch.blendMode !== undefined) {
    if (!isBlendMode(patch.blendMode))
      throw new PaintError('INVALID_ARGUMENT', `Unknown blend mode ${String(patch.blendMode)}`);
    out.blendMode = patch.blendMode;
  }
  return out;
}

function propsLabel(keys: (keyof LayerProps)[]): string {
  if (keys.length !== 1) return 'Layer properties';
  const names: Record<keyof LayerProps, string> = {
    name: 'Rename layer',
    visible: 'Layer visibility',
    locked: 'Lock layer',
    opacity: 'Layer opacity',
    blendMode: 'Blend mode',
    alphaLock: 'Alpha lock',
    clipping: 'Clipping mask',
    passThrough: 'Pass through',
  };
  return names[keys[0] as keyof LayerProps];
}

/** A small picture of a surface: each pixel the average of a 4x4 grid of samples in its area (alpha-weighted). */
function surfaceThumbnail(surface: TiledSurface, width: number, height: number): PixelBuffer {
  const out = new Uint8ClampedArray(width * height * 4);
  const sx = surface.width / width;
  const sy = surface.height / height;
  const N = 4;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let j = 0; j < N; j++) {
        for (let i = 0; i < N; i++) {
          const p = surface.getPixel(Math.floor((x + (i + 0.5) / N) * sx), Math.floor((y + (j + 0.5) / N) * sy));
          r += p.r * p.a;
          g += p.g * p.a;
          b += p.b * p.a;
          a += p.a;
        }
      }
      const o = (y * width + x) * 4;
      if (a > 0) {
        out[o] = r / a;
        out[o + 1] = g / a;
        out[o + 2] = b / a;
        out[o + 3] = a / (N * N);
      }
    }
  }
  return { data: out, width, height };
}

/** One bounding box per tile of a list of small rects (few putImageData calls for many bands). */
function boxesPerTile(rects: readonly Rect[], grid: TileGrid): Rect[] {
  const boxes = new Map<number, Rect>();
  for (const r of rects) {
    forEachTileIn(grid, r, (index, o) => boxes.set(index, unionRect(boxes.get(index) ?? null, o) as Rect));
  }
  return [...boxes.values()];
}
