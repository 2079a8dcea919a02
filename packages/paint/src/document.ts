import type { Symmetry } from './brush/symmetry.js';
import { createLayer, type Layer } from './layer.js';
import { MAX_DOCUMENT_SIZE } from './tiles.js';

/** Spec §9: canvas default 800x600. */
export const DEFAULT_DOCUMENT_WIDTH = 800;
export const DEFAULT_DOCUMENT_HEIGHT = 600;
export const BACKGROUND_LAYER_NAME = 'Background';

export interface DocumentOptions {
  width?: number;
  height?: number;
  /** Name of the first layer; the spec allows 'Background' (default) or 'Base Layer'. */
  firstLayerName?: string;
}

export class PaintError extends Error {
  constructor(
    readonly code: 'UNKNOWN_LAYER' | 'INVALID_ARGUMENT' | 'INVALID_DOCUMENT',
    message: string,
  ) {
    super(message);
    this.name = 'PaintError';
  }
}

export function checkDocumentSize(width: number, height: number): void {
  for (const [label, v] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (!Number.isInteger(v) || v < 1 || v > MAX_DOCUMENT_SIZE) {
      throw new PaintError(
        'INVALID_ARGUMENT',
        `Document ${label} must be an integer 1-${MAX_DOCUMENT_SIZE}, got ${v}`,
      );
    }
  }
}

/**
 * The layer stack and selection. It mutates without recording history: edits that the user can undo
 * go through `PaintEngine`, which wraps these calls in history entries.
 */
export class PaintDocument {
  readonly width: number;
  readonly height: number;
  /** Bottom to top (index 0 is drawn first). */
  readonly layers: Layer[] = [];
  activeLayerId: string;
  /**
   * The symmetry ruler drawn with (mode, copies, centre), kept with the drawing as in Clip Studio;
   * null until one is set (the engine then keeps its own, centred).
   */
  symmetry: Symmetry | null = null;
  private idCounter = 0;

  constructor(options: DocumentOptions = {}) {
    this.width = options.width ?? DEFAULT_DOCUMENT_WIDTH;
    this.height = options.height ?? DEFAULT_DOCUMENT_HEIGHT;
    checkDocumentSize(this.width, this.height);
    const first = this.createLayer(options.firstLayerName ?? BACKGROUND_LAYER_NAME);
    this.layers.push(first);
    this.activeLayerId = first.id;
  }

  /** A new transparent layer, not yet in the stack. Ids are never reused, so history stays unambiguous. */
  createLayer(name: string = this.nextLayerName()): Layer {
    return createLayer(this.newLayerId(), name, this.width, this.height);
  }

  newLayerId(): string {
    this.idCounter += 1;
    return `layer-${this.idCounter}`;
  }

  /** Makes sure ids restored from a saved document are never generated again. */
  reserveLayerId(id: string): void {
    const m = /^layer-(\d+)$/.exec(id);
    if (m?.[1]) this.idCounter = Math.max(this.idCounter, Number(m[1]));
  }

  /** Spec: new layers are named 'Layer N'; the smallest N not already taken. */
  nextLayerName(): string {
    const taken = new Set(this.layers.map((l) => l.name));
    let n = 1;
    while (taken.has(`Layer ${n}`)) n++;
    return `Layer ${n}`;
  }

  findLayer(id: string): Layer | undefined {
    return this.layers.find((l) => l.id === id);
  }

  layer(id: string): Layer {
    const l = this.findLayer(id);
    if (!l) throw new PaintError('UNKNOWN_LAYER', `No layer with id ${id}`);
    return l;
  }

  indexOf(id: string): number {
    const i = this.layers.findIndex((l) => l.id === id);
    if (i < 0) throw new PaintError('UNKNOWN_LAYER', `No layer with id ${id}`);
    return i;
  }

  get activeLayer(): Layer {
    return this.layer(this.activeLayerId);
  }

  insertLayer(layer: Layer, index: number): void {
    this.layers.splice(Math.max(0, Math.min(index, this.layers.length)), 0, layer);
  }

  /** Removes and returns the layer with its former index. */
  removeLayer(id: string): { layer: Layer; index: number } {
    const index = this.indexOf(id);
    const [layer] = this.layers.splice(index, 1);
    if (!layer) throw new PaintError('UNKNOWN_LAYER', `No layer with id ${id}`);
    return { layer, index };
  }

  /** Spec canvas state `hasDrawing`: any pixel on any layer. */
  hasDrawing(): boolean {
    return this.layers.some((l) => !l.surface.isEmpty());
  }
}
