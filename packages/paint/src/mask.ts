import type { Rect } from './geometry.js';
import { forEachTileIn, gridFor, TILE_SIZE, type TileGrid } from './tiles.js';

/**
 * One tile of a stroke's coverage mask (0-1 per pixel, float so low-flow build-up stays smooth),
 * plus the tile-local box that was touched so committing skips untouched pixels.
 */
export interface MaskTile {
  readonly data: Float32Array;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Recycled mask tile buffers. Every stroke needs a few dozen 64 KB float tiles; reusing them avoids
 * allocating (and later collecting) megabytes of ArrayBuffers per stroke, a source of GC pauses.
 */
const pool: Float32Array[] = [];
const POOL_MAX = 256;

function acquireMaskData(): Float32Array {
  const d = pool.pop();
  if (!d) return new Float32Array(TILE_SIZE * TILE_SIZE);
  d.fill(0);
  return d;
}

/** Scratch surface of a stroke in progress, on the same tile grid as the layers. */
export class MaskSurface implements TileGrid {
  readonly cols: number;
  readonly rows: number;
  private readonly tiles: (MaskTile | null)[];

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    const grid = gridFor(width, height);
    this.cols = grid.cols;
    this.rows = grid.rows;
    this.tiles = new Array<MaskTile | null>(this.cols * this.rows).fill(null);
  }

  tile(index: number): MaskTile | null {
    return this.tiles[index] ?? null;
  }

  ensureTile(index: number): MaskTile {
    let t = this.tiles[index];
    if (!t) {
      t = { data: acquireMaskData(), x0: TILE_SIZE, y0: TILE_SIZE, x1: 0, y1: 0 };
      this.tiles[index] = t;
    }
    return t;
  }

  /** Returns the tile buffers for reuse; the surface is empty afterwards. */
  release(): void {
    for (let i = 0; i < this.tiles.length; i++) {
      const t = this.tiles[i];
      if (!t) continue;
      if (pool.length < POOL_MAX) pool.push(t.data);
      this.tiles[i] = null;
    }
  }

  touchedTiles(): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.tiles.length; i++) if (this.tiles[i]) out.push(i);
    return out;
  }

  valueAt(x: number, y: number): number {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return 0;
    const t = this.tiles[Math.floor(y / TILE_SIZE) * this.cols + Math.floor(x / TILE_SIZE)];
    return t ? (t.data[(y % TILE_SIZE) * TILE_SIZE + (x % TILE_SIZE)] ?? 0) : 0;
  }

  /** Copies `area` out (zeros where nothing was painted); paired with `restore`. */
  save(area: Rect): Float32Array {
    const out = new Float32Array(area.width * area.height);
    forEachTileIn(this, area, (index, o, ox, oy) => {
      const t = this.tiles[index];
      if (!t) return;
      for (let y = o.y; y < o.y + o.height; y++) {
        const src = (y - oy) * TILE_SIZE + (o.x - ox);
        out.set(t.data.subarray(src, src + o.width), (y - area.y) * area.width + (o.x - area.x));
      }
    });
    return out;
  }

  /** Puts back values taken by `save` (used to lift provisional dabs off the mask). */
  restore(area: Rect, values: Float32Array): void {
    forEachTileIn(this, area, (index, o, ox, oy) => {
      const t = this.tiles[index];
      if (!t) return; // nothing was painted there since the save, so it is still all zero
      for (let y = o.y; y < o.y + o.height; y++) {
        const src = (y - area.y) * area.width + (o.x - area.x);
        t.data.set(values.subarray(src, src + o.width), (y - oy) * TILE_SIZE + (o.x - ox));
      }
    });
  }
}
