import type { Rect } from './geometry.js';
import { TILE_SIZE } from './tiles.js';

/** Dirty-tracking granularity in pixels (matches the compositor's cache cells). */
export const DIRTY_CELL = 32;

type Box = { x0: number; y0: number; x1: number; y1: number };

/**
 * Accumulates changed pixels as one box per 32 px cell, so compositing a frame (or an undo) touches
 * little more than the changed pixels, not the bounding box of a long diagonal stroke.
 */
export class DirtyRegion {
  private readonly boxes = new Map<number, Box>();
  private readonly cols: number;

  constructor(
    private readonly width: number,
    private readonly height: number,
  ) {
    this.cols = Math.ceil(width / DIRTY_CELL);
  }

  add(area: Rect): void {
    const x0 = Math.max(0, area.x);
    const y0 = Math.max(0, area.y);
    const x1 = Math.min(this.width, area.x + area.width);
    const y1 = Math.min(this.height, area.y + area.height);
    if (x1 <= x0 || y1 <= y0) return;
    const cx1 = Math.floor((x1 - 1) / DIRTY_CELL);
    const cy1 = Math.floor((y1 - 1) / DIRTY_CELL);
    for (let cy = Math.floor(y0 / DIRTY_CELL); cy <= cy1; cy++) {
      const by0 = Math.max(y0, cy * DIRTY_CELL);
      const by1 = Math.min(y1, (cy + 1) * DIRTY_CELL);
      for (let cx = Math.floor(x0 / DIRTY_CELL); cx <= cx1; cx++) {
        const bx0 = Math.max(x0, cx * DIRTY_CELL);
        const bx1 = Math.min(x1, (cx + 1) * DIRTY_CELL);
        const key = cy * this.cols + cx;
        const b = this.boxes.get(key);
        if (!b) {
          this.boxes.set(key, { x0: bx0, y0: by0, x1: bx1, y1: by1 });
        } else {
          if (bx0 < b.x0) b.x0 = bx0;
          if (by0 < b.y0) b.y0 = by0;
          if (bx1 > b.x1) b.x1 = bx1;
          if (by1 > b.y1) b.y1 = by1;
        }
      }
    }
  }

  addAll(areas: readonly Rect[]): void {
    for (const a of areas) this.add(a);
  }

  /** The whole document (e.g. after a restore). */
  addEverything(): void {
    this.add({ x: 0, y: 0, width: this.width, height: this.height });
  }

  get isEmpty(): boolean {
    return this.boxes.size === 0;
  }

  /** One rect per dirty cell: what to recomposite. */
  rects(): Rect[] {
    return [...this.boxes.values()].map(toRect);
  }

  /** The dirty cells merged per 128 px tile: fewer, larger rects for `putImageData`. */
  tileRects(): Rect[] {
    const tiles = new Map<number, Box>();
    const tileCols = Math.ceil(this.width / TILE_SIZE);
    for (const b of this.boxes.values()) {
      const key = Math.floor(b.y0 / TILE_SIZE) * tileCols + Math.floor(b.x0 / TILE_SIZE);
      const t = tiles.get(key);
      if (!t) tiles.set(key, { ...b });
      else {
        t.x0 = Math.min(t.x0, b.x0);
        t.y0 = Math.min(t.y0, b.y0);
        t.x1 = Math.max(t.x1, b.x1);
        t.y1 = Math.max(t.y1, b.y1);
      }
    }
    return [...tiles.values()].map(toRect);
  }

  bounds(): Rect | null {
    if (this.boxes.size === 0) return null;
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (const b of this.boxes.values()) {
      x0 = Math.min(x0, b.x0);
      y0 = Math.min(y0, b.y0);
      x1 = Math.max(x1, b.x1);
      y1 = Math.max(y1, b.y1);
    }
    return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  }

  clear(): void {
    this.boxes.clear();
  }
}

function toRect(b: Box): Rect {
  return { x: b.x0, y: b.y0, width: b.x1 - b.x0, height: b.y1 - b.y0 };
}
