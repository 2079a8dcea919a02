import type { Rect } from './geometry.js';
import { forEachTileIn, type TileGrid } from './tiles.js';

/**
 * Accumulates changed pixels as one box per tile, so compositing a frame (or an undo) touches only
 * the changed part of each tile, not the bounding box of a long diagonal stroke.
 */
export class DirtyRegion {
  private readonly boxes = new Map<number, { x0: number; y0: number; x1: number; y1: number }>();

  constructor(private readonly grid: TileGrid) {}

  add(area: Rect): void {
    forEachTileIn(this.grid, area, (index, o) => {
      const b = this.boxes.get(index);
      if (!b) {
        this.boxes.set(index, { x0: o.x, y0: o.y, x1: o.x + o.width, y1: o.y + o.height });
        return;
      }
      b.x0 = Math.min(b.x0, o.x);
      b.y0 = Math.min(b.y0, o.y);
      b.x1 = Math.max(b.x1, o.x + o.width);
      b.y1 = Math.max(b.y1, o.y + o.height);
    });
  }

  addAll(areas: readonly Rect[]): void {
    for (const a of areas) this.add(a);
  }

  /** The whole document (e.g. after a restore). */
  addEverything(): void {
    this.add({ x: 0, y: 0, width: this.grid.width, height: this.grid.height });
  }

  get isEmpty(): boolean {
    return this.boxes.size === 0;
  }

  /** One rect per dirty tile, in tile order. */
  rects(): Rect[] {
    return [...this.boxes.values()].map((b) => ({ x: b.x0, y: b.y0, width: b.x1 - b.x0, height: b.y1 - b.y0 }));
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
