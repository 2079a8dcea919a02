import type { PaintDocument } from './document.js';
import type { Rect } from './geometry.js';
import type { Layer, LayerProps } from './layer.js';
import { TILE_BYTES, type Tile, type TiledSurface } from './surface.js';
import { TILE_SHIFT, TILE_SIZE, tileRect, type TileGrid } from './tiles.js';

/** Rows per band of the changed-area rects (runs sit in pixel order, so bands come row by row). */
const BAND_SHIFT = 3;

/**
 * One undoable change. `undo`/`redo` return the document rects whose composite may have changed.
 * Invariant that makes cheap undo possible: history is linear and every edit goes through it, so when
 * an entry is undone the document is exactly in its "after" state, and vice versa.
 */
export interface HistoryEntry {
  readonly label: string;
  undo(doc: PaintDocument): Rect[];
  redo(doc: PaintDocument): Rect[];
  /** Bytes of pixel data this entry keeps alive that the document does not. */
  bytes(): number;
}

/** Pixels per tile; run starts and lengths fit in 16 bits. */
const TILE_PIXELS = TILE_SIZE * TILE_SIZE;

/**
 * How one tile differs between the two states of an edit: the XOR of before and after, per pixel
 * (RGBA as one 32-bit word), kept only for runs of pixels that changed. XOR makes undo and redo the
 * same operation (apply it again), so one delta serves both directions, and a stroke's history costs
 * about its footprint (4 bytes a pixel) instead of whole 64 KB tiles.
 */
interface TileDelta {
  /** start, length pairs of changed pixel runs, in pixel order. */
  readonly runs: Uint16Array;
  /** The XOR words of the runs, concatenated. */
  readonly xor: Uint32Array;
  /** An unallocated tile in that state (all zero, so XOR against zero restores it exactly). */
  readonly beforeNull: boolean;
  readonly afterNull: boolean;
}

/** Bookkeeping per stored tile (Map entry, typed array headers), so tiny deltas still count. */
const DELTA_OVERHEAD = 96;

/** A tile's pixels as 32-bit words (tiles are whole ArrayBuffers, or at least 4-byte aligned). */
function words(tile: Tile): Uint32Array {
  return new Uint32Array(tile.buffer, tile.byteOffset, tile.length >> 2);
}

const scratchRuns = new Uint16Array(TILE_PIXELS * 2);
const scratchXor = new Uint32Array(TILE_PIXELS);

/** A tile-local box (x0, y0 inclusive; x1, y1 exclusive) outside which an edit changed nothing. */
export interface TileBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const WHOLE_TILE: TileBox = { x0: 0, y0: 0, x1: TILE_SIZE, y1: TILE_SIZE };

/** The XOR delta between two states of a tile (compared within `box`), or null when they are equal. */
export function tileDelta(before: Tile | null, after: Tile | null, box: TileBox = WHOLE_TILE): TileDelta | null {
  const b = before ? words(before) : null;
  const a = after ? words(after) : null;
  let nRuns = 0;
  let nWords = 0;
  for (let y = box.y0; y < box.y1; y++) {
    let runStart = -1;
    const rowEnd = y * TILE_SIZE + box.x1;
    for (let p = y * TILE_SIZE + box.x0; p < rowEnd; p++) {
      const d = ((b ? (b[p] as number) : 0) ^ (a ? (a[p] as number) : 0)) >>> 0;
      if (d !== 0) {
        if (runStart < 0) runStart = p;
        scratchXor[nWords++] = d;
      } else if (runStart >= 0) {
        scratchRuns[nRuns++] = runStart;
        scratchRuns[nRuns++] = p - runStart;
        runStart = -1;
      }
    }
    if (runStart >= 0) {
      scratchRuns[nRuns++] = runStart;
      scratchRuns[nRuns++] = rowEnd - runStart;
    }
  }
  if (nWords === 0 && Boolean(before) === Boolean(after)) return null;
  return {
    runs: scratchRuns.slice(0, nRuns),
    xor: scratchXor.slice(0, nWords),
    beforeNull: !before,
    afterNull: !after,
  };
}

/** Puts tile `index` of `surface` into the other state of `delta` (`toBefore`: undo direction). */
function applyDelta(surface: TiledSurface, index: number, delta: TileDelta, toBefore: boolean): void {
  if (toBefore ? delta.beforeNull : delta.afterNull) {
    surface.setTile(index, null);
    return;
  }
  const w = words(surface.ensureTile(index)); // an unallocated tile is the all-zero state
  const { runs, xor } = delta;
  let j = 0;
  for (let r = 0; r < runs.length; r += 2) {
    const end = (runs[r] as number) + (runs[r + 1] as number);
    for (let p = runs[r] as number; p < end; p++) w[p] = ((w[p] as number) ^ (xor[j++] as number)) >>> 0;
  }
}

/**
 * Pixel change of one layer, kept as XOR deltas of the changed tiles. Undo and redo apply the same
 * deltas in place; the tiles stay where they are, only the changed pixels are touched.
 */
export class PixelsEntry implements HistoryEntry {
  /** Where pixels changed, in bands of a few rows per tile: far less to recomposite than whole cells. */
  private fine: Rect[] | null = null;

  constructor(
    readonly label: string,
    readonly layerId: string,
    private readonly deltas: Map<number, TileDelta>,
    private readonly rects: Rect[],
  ) {}

  undo(doc: PaintDocument): Rect[] {
    return this.undoOn(doc.layer(this.layerId).surface);
  }

  redo(doc: PaintDocument): Rect[] {
    return this.redoOn(doc.layer(this.layerId).surface);
  }

  /** Puts the surface back into the "before" state (also used by merge-down). */
  undoOn(surface: TiledSurface): Rect[] {
    for (const [index, d] of this.deltas) applyDelta(surface, index, d, true);
    return this.changedRects(surface);
  }

  redoOn(surface: TiledSurface): Rect[] {
    for (const [index, d] of this.deltas) applyDelta(surface, index, d, false);
    return this.changedRects(surface);
  }

  private changedRects(grid: TileGrid): Rect[] {
    if (this.fine) return this.fine;
    const out: Rect[] = [];
    for (const [index, d] of this.deltas) {
      if (d.beforeNull !== d.afterNull && d.runs.length === 0) {
        out.push(tileRect(grid, index));
        continue;
      }
      const origin = tileRect(grid, index);
      let band = -1;
      let x0 = TILE_SIZE;
      let x1 = 0;
      let y0 = 0;
      let y1 = 0;
      const flush = () => {
        if (band >= 0 && x1 > x0) out.push({ x: origin.x + x0, y: origin.y + y0, width: x1 - x0, height: y1 - y0 });
      };
      for (let r = 0; r < d.runs.length; r += 2) {
        const start = d.runs[r] as number;
        const y = start >> TILE_SHIFT;
        const x = start & (TILE_SIZE - 1);
        if (y >> BAND_SHIFT !== band) {
          flush();
          band = y >> BAND_SHIFT;
          x0 = TILE_SIZE;
          x1 = 0;
          y0 = y;
        }
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x + (d.runs[r + 1] as number));
        y1 = y + 1;
      }
      flush();
    }
    // a tile that comes and goes whole (layer cleared to nothing) has no runs: the rects above cover the rest
    this.fine = out.length > 0 ? out : this.rects;
    return this.fine;
  }

  bytes(): number {
    let n = 0;
    for (const d of this.deltas.values()) n += d.runs.byteLength + d.xor.byteLength + DELTA_OVERHEAD;
    return n;
  }
}

/** Recycled "before" copies: a stroke takes a few dozen 64 KB tiles and gives them back at pen-up. */
const copyPool: Tile[] = [];
const COPY_POOL_MAX = 128;

/** Collects the "before" copy of each tile the first time an edit touches it. */
export class TileRecorder {
  private readonly tiles = new Map<number, Tile | null>();
  private readonly boxes = new Map<number, TileBox>();
  private readonly rects: Rect[] = [];

  constructor(private readonly surface: TiledSurface) {}

  /**
   * Call before changing tile `index`. `box` (tile-local) promises that nothing outside it changes,
   * which makes recording cheaper; without it the whole tile is compared.
   */
  before(index: number, box?: TileBox): void {
    if (this.tiles.has(index)) {
      const known = this.boxes.get(index);
      if (!known) return;
      if (box) {
        known.x0 = Math.min(known.x0, box.x0);
        known.y0 = Math.min(known.y0, box.y0);
        known.x1 = Math.max(known.x1, box.x1);
        known.y1 = Math.max(known.y1, box.y1);
      } else this.boxes.delete(index);
      return;
    }
    if (box) this.boxes.set(index, { x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1 });
    const t = this.surface.tile(index);
    if (!t) {
      this.tiles.set(index, null);
      return;
    }
    const copy = copyPool.pop() ?? new Uint8ClampedArray(TILE_BYTES);
    copy.set(t);
    this.tiles.set(index, copy);
  }

  changed(area: Rect): void {
    this.rects.push(area);
  }

  get isEmpty(): boolean {
    return this.tiles.size === 0;
  }

  /** The recorded change as one entry (XOR deltas against the surface now), null when nothing changed. */
  toEntry(label: string, layerId: string): PixelsEntry | null {
    const deltas = new Map<number, TileDelta>();
    for (const [index, before] of this.tiles) {
      const after = this.surface.tile(index);
      // a tile dropped as transparent may have lost colour bytes outside the box: compare it whole
      const d = tileDelta(before, after, after ? this.boxes.get(index) : undefined);
      if (d) deltas.set(index, d);
      if (before && copyPool.length < COPY_POOL_MAX) copyPool.push(before);
    }
    this.tiles.clear();
    this.boxes.clear();
    if (deltas.size === 0) return null;
    return new PixelsEntry(label, layerId, deltas, this.rects);
  }
}

/** What a change to a whole layer can affect: its tiles, or for a group the whole canvas. */
export function layerRects(doc: PaintDocument, layer: Layer): Rect[] {
  return layer.group ? [{ x: 0, y: 0, width: doc.width, height: doc.height }] : layer.surface.contentRects();
}

/** The stack's order and nesting (and the active layer), for structural undo. */
export interface StackState {
  layers: Layer[];
  parents: (string | null)[];
  active: string;
}

export function captureStack(doc: PaintDocument): StackState {
  return { layers: [...doc.layers], parents: doc.layers.map((l) => l.parentId), active: doc.activeLayerId };
}

/** Group, ungroup, move between groups, delete or duplicate a group: swaps the whole stack order. */
export class StackEntry implements HistoryEntry {
  private detachedBytes: number;

  /** `other` is the state before the change; `doc` is already in the state after it. */
  constructor(
    readonly label: string,
    private other: StackState,
    doc: PaintDocument,
  ) {
    this.detachedBytes = StackEntry.onlyIn(other, doc);
  }

  undo(doc: PaintDocument): Rect[] {
    const now = captureStack(doc);
    doc.layers.length = 0;
    doc.layers.push(...this.other.layers);
    this.other.layers.forEach((l, i) => (l.parentId = this.other.parents[i] ?? null));
    doc.activeLayerId = this.other.active;
    this.other = now;
    this.detachedBytes = StackEntry.onlyIn(now, doc);
    return [{ x: 0, y: 0, width: doc.width, height: doc.height }];
  }

  redo(doc: PaintDocument): Rect[] {
    return this.undo(doc);
  }

  /** Pixels of layers that only the other state has (deleted, or taken back). */
  bytes(): number {
    return this.detachedBytes;
  }

  private static onlyIn(state: StackState, doc: PaintDocument): number {
    const live = new Set(doc.layers);
    return state.layers.reduce((n, l) => n + (live.has(l) ? 0 : l.surface.byteSize()), 0);
  }
}

export class AddLayerEntry implements HistoryEntry {
  private detached = false;

  constructor(
    readonly label: string,
    private readonly layer: Layer,
    private readonly index: number,
    private readonly activeBefore: string,
  ) {}

  undo(doc: PaintDocument): Rect[] {
    doc.removeLayer(this.layer.id);
    doc.activeLayerId = this.activeBefore;
    this.detached = true;
    return layerRects(doc, this.layer);
  }

  redo(doc: PaintDocument): Rect[] {
    doc.insertLayer(this.layer, this.index);
    doc.activeLayerId = this.layer.id;
    this.detached = false;
    return layerRects(doc, this.layer);
  }

  bytes(): number {
    return this.detached ? this.layer.surface.byteSize() : 0;
  }
}

/** A layer leaving the stack; the entry owns its pixels until undone. */
export class DeleteLayerEntry implements HistoryEntry {
  private detached = true;

  constructor(
    readonly label: string,
    private readonly layer: Layer,
    private readonly index: number,
    private readonly activeBefore: string,
    private readonly activeAfter: string,
  ) {}

  undo(doc: PaintDocument): Rect[] {
    doc.insertLayer(this.layer, this.index);
    doc.activeLayerId = this.activeBefore;
    this.detached = false;
    return layerRects(doc, this.layer);
  }

  redo(doc: PaintDocument): Rect[] {
    doc.removeLayer(this.layer.id);
    doc.activeLayerId = this.activeAfter;
    this.detached = true;
    return layerRects(doc, this.layer);
  }

  bytes(): number {
    return this.detached ? this.layer.surface.byteSize() : 0;
  }
}

export class MoveLayerEntry implements HistoryEntry {
  readonly label = 'Reorder layer';

  constructor(
    private readonly layerId: string,
    private readonly from: number,
    private readonly to: number,
  ) {}

  private move(doc: PaintDocument, to: number): Rect[] {
    const { layer } = doc.removeLayer(this.layerId);
    doc.insertLayer(layer, to);
    return layerRects(doc, layer);
  }

  undo(doc: PaintDocument): Rect[] {
    return this.move(doc, this.from);
  }

  redo(doc: PaintDocument): Rect[] {
    return this.move(doc, this.to);
  }

  bytes(): number {
    return 0;
  }
}

export class LayerPropsEntry implements HistoryEntry {
  constructor(
    readonly label: string,
    private readonly layerId: string,
    private readonly before: Partial<LayerProps>,
    private readonly after: Partial<LayerProps>,
  ) {}

  private apply(doc: PaintDocument, props: Partial<LayerProps>): Rect[] {
    const layer = doc.layer(this.layerId);
    Object.assign(layer, props);
    return affectsPixels(props) ? layerRects(doc, layer) : [];
  }

  undo(doc: PaintDocument): Rect[] {
    return this.apply(doc, this.before);
  }

  redo(doc: PaintDocument): Rect[] {
    return this.apply(doc, this.after);
  }

  bytes(): number {
    return 0;
  }
}

/** Whether a property change can alter the composite (rename and lock cannot). */
export function affectsPixels(props: Partial<LayerProps>): boolean {
  return (
    props.visible !== undefined ||
    props.opacity !== undefined ||
    props.blendMode !== undefined ||
    props.clipping !== undefined ||
    props.passThrough !== undefined
  );
}

/** Merge down: the lower layer's pixels changed and the upper layer left the stack. */
export class MergeDownEntry implements HistoryEntry {
  readonly label = 'Merge down';
  private detached = true;

  constructor(
    private readonly upper: Layer,
    private readonly upperIndex: number,
    private readonly lowerId: string,
    private readonly lowerPixels: PixelsEntry | null,
    private readonly activeBefore: string,
  ) {}

  undo(doc: PaintDocument): Rect[] {
    const rects = this.lowerPixels?.undoOn(doc.layer(this.lowerId).surface) ?? [];
    doc.insertLayer(this.upper, this.upperIndex);
    doc.activeLayerId = this.activeBefore;
    this.detached = false;
    return [...rects, ...layerRects(doc, this.upper)];
  }

  redo(doc: PaintDocument): Rect[] {
    doc.removeLayer(this.upper.id);
    const rects = this.lowerPixels?.redoOn(doc.layer(this.lowerId).surface) ?? [];
    doc.activeLayerId = this.lowerId;
    this.detached = true;
    return [...rects, ...layerRects(doc, this.upper)];
  }

  bytes(): number {
    return (this.lowerPixels?.bytes() ?? 0) + (this.detached ? this.upper.surface.byteSize() : 0);
  }
}

/** Replaces the whole document (restore from a saved file). Keeps the other document alive. */
export class ReplaceDocumentEntry implements HistoryEntry {
  constructor(
    private readonly swapIn: (doc: PaintDocument) => PaintDocument,
    private other: PaintDocument,
    readonly label = 'Open document',
  ) {}

  undo(): Rect[] {
    this.other = this.swapIn(this.other);
    return [{ x: 0, y: 0, width: this.other.width, height: this.other.height }];
  }

  redo(): Rect[] {
    return this.undo();
  }

  bytes(): number {
    return this.other.layers.reduce((n, l) => n + l.surface.byteSize(), 0);
  }
}

export interface HistoryOptions {
  /** Memory budget for undo data in bytes (default 256 MiB); the oldest entries are dropped past it. */
  budgetBytes?: number;
  /** Optional cap on the number of undo steps. */
  maxEntries?: number;
}

export interface MemoryUsage {
  bytes: number;
  budgetBytes: number;
  undoEntries: number;
  redoEntries: number;
  /** Entries dropped so far to stay within the budget. */
  evicted: number;
}

export const DEFAULT_HISTORY_BUDGET = 256 * 1024 * 1024;

/** Linear undo/redo stacks with a memory budget. */
export class History {
  private readonly undoStack: HistoryEntry[] = [];
  private readonly redoStack: HistoryEntry[] = [];
  private budget: number;
  private readonly maxEntries: number;
  private evicted = 0;

  constructor(options: HistoryOptions = {}) {
    this.budget = options.budgetBytes ?? DEFAULT_HISTORY_BUDGET;
    this.maxEntries = options.maxEntries ?? Infinity;
  }

  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }

  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }

  get undoLabel(): string | null {
    return this.undoStack.at(-1)?.label ?? null;
  }

  get redoLabel(): string | null {
    return this.redoStack.at(-1)?.label ?? null;
  }

  /** Records an already applied change; clears redo. */
  push(entry: HistoryEntry): void {
    this.redoStack.length = 0;
    this.undoStack.push(entry);
    this.enforce();
  }

  /** Step labels for a history panel: undoable oldest first, then redoable next first. */
  labels(): { undo: string[]; redo: string[] } {
    return { undo: this.undoStack.map((e) => e.label), redo: [...this.redoStack].reverse().map((e) => e.label) };
  }

  undo(doc: PaintDocument): Rect[] | null {
    const e = this.undoStack.pop();
    if (!e) return null;
    const rects = e.undo(doc);
    this.redoStack.push(e);
    this.enforce();
    return rects;
  }

  redo(doc: PaintDocument): Rect[] | null {
    const e = this.redoStack.pop();
    if (!e) return null;
    const rects = e.redo(doc);
    this.undoStack.push(e);
    this.enforce();
    return rects;
  }

  clear(): void {
    this.undoStack.length = 0;
    this.redoStack.length = 0;
  }

  setBudget(bytes: number): void {
    this.budget = bytes;
    this.enforce();
  }

  memoryUsage(): MemoryUsage {
    return {
      bytes: this.totalBytes(),
      budgetBytes: this.budget,
      undoEntries: this.undoStack.length,
      redoEntries: this.redoStack.length,
      evicted: this.evicted,
    };
  }

  private totalBytes(): number {
    let n = 0;
    for (const e of this.undoStack) n += e.bytes();
    for (const e of this.redoStack) n += e.bytes();
    return n;
  }

  /**
   * Drops the oldest undo steps while over budget, then the farthest redo steps. The newest undo step
   * is kept even if alone it exceeds the budget, so the last action can always be taken back.
   */
  private enforce(): void {
    while (this.undoStack.length > this.maxEntries) {
      this.undoStack.shift();
      this.evicted++;
    }
    let total = this.totalBytes();
    while (total > this.budget && this.undoStack.length > 1) {
      total -= this.undoStack.shift()?.bytes() ?? 0;
      this.evicted++;
    }
    while (total > this.budget && this.redoStack.length > 0) {
      total -= this.redoStack.shift()?.bytes() ?? 0;
      this.evicted++;
    }
  }
}
