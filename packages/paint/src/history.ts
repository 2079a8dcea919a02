import type { PaintDocument } from './document.js';
import type { Rect } from './geometry.js';
import type { Layer, LayerProps } from './layer.js';
import type { Tile, TiledSurface } from './surface.js';

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

/**
 * Pixel change of one layer, kept as the changed tiles of the OTHER state only. Undo and redo are
 * the same operation: swap the stored tiles with the layer's. The arrays move, nothing is copied,
 * so undoing a large stroke costs microseconds, and only one side (before or after) is ever stored.
 */
export class PixelsEntry implements HistoryEntry {
  constructor(
    readonly label: string,
    readonly layerId: string,
    private readonly tiles: Map<number, Tile | null>,
    private readonly rects: Rect[],
  ) {}

  undo(doc: PaintDocument): Rect[] {
    return this.swap(doc.layer(this.layerId).surface);
  }

  redo(doc: PaintDocument): Rect[] {
    return this.swap(doc.layer(this.layerId).surface);
  }

  /** Exchanges the stored tiles with the surface's (also used by merge-down). */
  swap(surface: TiledSurface): Rect[] {
    for (const [index, stored] of this.tiles) {
      this.tiles.set(index, surface.tile(index));
      surface.setTile(index, stored);
    }
    return this.rects;
  }

  bytes(): number {
    let n = 0;
    for (const t of this.tiles.values()) if (t) n += t.byteLength;
    return n;
  }
}

/** Collects the "before" copy of each tile the first time an edit touches it. */
export class TileRecorder {
  private readonly tiles = new Map<number, Tile | null>();
  private readonly rects: Rect[] = [];

  constructor(private readonly surface: TiledSurface) {}

  /** Call before changing tile `index`. */
  before(index: number): void {
    if (this.tiles.has(index)) return;
    const t = this.surface.tile(index);
    this.tiles.set(index, t ? t.slice() : null);
  }

  changed(area: Rect): void {
    this.rects.push(area);
  }

  get isEmpty(): boolean {
    return this.tiles.size === 0;
  }

  toEntry(label: string, layerId: string): PixelsEntry | null {
    if (this.tiles.size === 0) return null;
    return new PixelsEntry(label, layerId, this.tiles, this.rects);
  }
}

function layerRects(layer: Layer): Rect[] {
  return layer.surface.contentRects();
}

/** A layer entering the stack (new, duplicated, imported). Undo takes it out and keeps it for redo. */
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
    return layerRects(this.layer);
  }

  redo(doc: PaintDocument): Rect[] {
    doc.insertLayer(this.layer, this.index);
    doc.activeLayerId = this.layer.id;
    this.detached = false;
    return layerRects(this.layer);
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
    return layerRects(this.layer);
  }

  redo(doc: PaintDocument): Rect[] {
    doc.removeLayer(this.layer.id);
    doc.activeLayerId = this.activeAfter;
    this.detached = true;
    return layerRects(this.layer);
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
    return layerRects(layer);
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
    return affectsPixels(props) ? layerRects(layer) : [];
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
    props.clipping !== undefined
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
    const rects = this.lowerPixels?.swap(doc.layer(this.lowerId).surface) ?? [];
    doc.insertLayer(this.upper, this.upperIndex);
    doc.activeLayerId = this.activeBefore;
    this.detached = false;
    return [...rects, ...layerRects(this.upper)];
  }

  redo(doc: PaintDocument): Rect[] {
    doc.removeLayer(this.upper.id);
    const rects = this.lowerPixels?.swap(doc.layer(this.lowerId).surface) ?? [];
    doc.activeLayerId = this.lowerId;
    this.detached = true;
    return [...rects, ...layerRects(this.upper)];
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
