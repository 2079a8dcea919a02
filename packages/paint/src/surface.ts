import type { RGBA } from './color.js';
import type { Rect } from './geometry.js';
import { forEachTileIn, gridFor, TILE_SHIFT, TILE_SIZE, tileRect, type TileGrid } from './tiles.js';

/**
 * One tile of pixels: TILE_SIZE x TILE_SIZE, RGBA, 8 bits per channel, STRAIGHT (not premultiplied) alpha.
 * Straight alpha because it is what ImageData, PNG and external tools exchange, erasing keeps colour
 * exact, and 8-bit premultiplied storage would lose colour precision in faint pixels. The compositor
 * premultiplies on the fly in floating point.
 */
export type Tile = Uint8ClampedArray;

export const TILE_BYTES = TILE_SIZE * TILE_SIZE * 4;

export function newTile(): Tile {
  return new Uint8ClampedArray(TILE_BYTES);
}

/** Global modification clock shared by all surfaces, so versions of different layers compare. */
let clock = 0;

/** Current value of the modification clock (a composite cache built now is valid for versions <= this). */
export function modificationClock(): number {
  return clock;
}

/** Advances the clock (something a cache depends on changed without a tile changing). */
export function nextClock(): number {
  return ++clock;
}

/** A layer's pixels: a grid of lazily allocated tiles; a missing tile is fully transparent. */
export class TiledSurface implements TileGrid {
  readonly cols: number;
  readonly rows: number;
  private readonly tiles: (Tile | null)[];
  /** Clock value of each tile's last change, so composite caches know when they went stale. */
  private readonly versions: Float64Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    const grid = gridFor(width, height);
    this.cols = grid.cols;
    this.rows = grid.rows;
    this.tiles = new Array<Tile | null>(this.cols * this.rows).fill(null);
    this.versions = new Float64Array(this.cols * this.rows).fill(++clock);
  }

  get tileCount(): number {
    return this.tiles.length;
  }

  tile(index: number): Tile | null {
    return this.tiles[index] ?? null;
  }

  /** Clock value of the tile's last change. */
  version(index: number): number {
    return this.versions[index] ?? 0;
  }

  /** Clock value of the latest change to any tile. */
  latestVersion(): number {
    let v = 0;
    for (let i = 0; i < this.versions.length; i++) v = Math.max(v, this.versions[i] as number);
    return v;
  }

  /**
   * Returns the tile for writing, allocating a transparent one if needed. Marks it changed, so
   * write right away (caches built after this call assume the tile holds its new content).
   */
  ensureTile(index: number): Tile {
    this.versions[index] = ++clock;
    let t = this.tiles[index];
    if (!t) {
      t = newTile();
      this.tiles[index] = t;
    }
    return t;
  }

  /** Installs a tile array as-is (ownership moves to the surface; used by history swaps). */
  setTile(index: number, tile: Tile | null): void {
    this.versions[index] = ++clock;
    this.tiles[index] = tile;
  }

  /** Drops a tile whose every pixel is transparent, so erased areas stop costing memory. */
  compactTile(index: number): void {
    const t = this.tiles[index];
    if (!t) return;
    for (let i = 3; i < t.length; i += 4) if (t[i] !== 0) return;
    this.setTile(index, null);
  }

  allocatedTiles(): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.tiles.length; i++) if (this.tiles[i]) out.push(i);
    return out;
  }

  byteSize(): number {
    let n = 0;
    for (const t of this.tiles) if (t) n += t.byteLength;
    return n;
  }

  isEmpty(): boolean {
    return this.tiles.every((t) => t === null);
  }

  /** Document rects of the allocated tiles (what a change of the whole layer can affect). */
  contentRects(): Rect[] {
    return this.allocatedTiles().map((i) => tileRect(this, i));
  }

  getPixel(x: number, y: number): RGBA {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return { r: 0, g: 0, b: 0, a: 0 };
    const t = this.tiles[(y >> TILE_SHIFT) * this.cols + (x >> TILE_SHIFT)];
    if (!t) return { r: 0, g: 0, b: 0, a: 0 };
    const o = (((y & (TILE_SIZE - 1)) << TILE_SHIFT) + (x & (TILE_SIZE - 1))) * 4;
    return { r: t[o] ?? 0, g: t[o + 1] ?? 0, b: t[o + 2] ?? 0, a: t[o + 3] ?? 0 };
  }

  /** Copies `area` out as a packed RGBA buffer (area.width * area.height * 4). */
  readRect(area: Rect): Uint8ClampedArray {
    const out = new Uint8ClampedArray(area.width * area.height * 4);
    forEachTileIn(this, area, (index, o, ox, oy) => {
      const t = this.tiles[index];
      if (!t) return;
      for (let y = o.y; y < o.y + o.height; y++) {
        const src = ((y - oy) * TILE_SIZE + (o.x - ox)) * 4;
        const dst = ((y - area.y) * area.width + (o.x - area.x)) * 4;
        out.set(t.subarray(src, src + o.width * 4), dst);
      }
    });
    return out;
  }

  /**
   * Replaces the pixels of `area` with a packed RGBA buffer. Fully transparent blocks do not
   * allocate tiles. `beforeWrite` lets history snapshot each tile before its first change.
   */
  writeRect(area: Rect, rgba: Uint8ClampedArray, beforeWrite?: (index: number) => void): void {
    if (rgba.length !== area.width * area.height * 4) {
      throw new RangeError(`writeRect: expected ${area.width * area.height * 4} bytes, got ${rgba.length}`);
    }
    forEachTileIn(this, area, (index, o, ox, oy) => {
      if (!this.tiles[index] && blockIsTransparent(rgba, area, o)) return;
      beforeWrite?.(index);
      const t = this.ensureTile(index);
      for (let y = o.y; y < o.y + o.height; y++) {
        const src = ((y - area.y) * area.width + (o.x - area.x)) * 4;
        const dst = ((y - oy) * TILE_SIZE + (o.x - ox)) * 4;
        t.set(rgba.subarray(src, src + o.width * 4), dst);
      }
      this.compactTile(index);
    });
  }

  /** Deep copy (tiles are copied, not shared). */
  clone(): TiledSurface {
    const s = new TiledSurface(this.width, this.height);
    this.tiles.forEach((t, i) => s.setTile(i, t ? t.slice() : null));
    return s;
  }
}

function blockIsTransparent(rgba: Uint8ClampedArray, area: Rect, o: Rect): boolean {
  for (let y = o.y; y < o.y + o.height; y++) {
    const row = ((y - area.y) * area.width + (o.x - area.x)) * 4;
    for (let i = row + 3; i < row + o.width * 4; i += 4) if (rgba[i] !== 0) return false;
  }
  return true;
}
