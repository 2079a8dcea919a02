import { intersectRect, type Rect } from './geometry.js';

/**
 * Tile edge in pixels. 128 rather than 256: undo snapshots copy whole tiles, so smaller tiles keep
 * the history of thin strokes ~2-4x smaller, while 4096x4096 still needs only 1024 tiles per layer.
 */
export const TILE_SIZE = 128;
export const TILE_SHIFT = 7;

/** Largest document edge: 8192 (a fully painted layer is then 256 MB; tiles keep empty areas free). */
export const MAX_DOCUMENT_SIZE = 8192;

export interface TileGrid {
  readonly width: number;
  readonly height: number;
  readonly cols: number;
  readonly rows: number;
}

export function gridFor(width: number, height: number): TileGrid {
  return { width, height, cols: Math.ceil(width / TILE_SIZE), rows: Math.ceil(height / TILE_SIZE) };
}

/** Document-space rect of tile `index`, clipped to the grid's size. */
export function tileRect(grid: TileGrid, index: number): Rect {
  const tx = index % grid.cols;
  const ty = (index - tx) / grid.cols;
  const x = tx * TILE_SIZE;
  const y = ty * TILE_SIZE;
  return { x, y, width: Math.min(TILE_SIZE, grid.width - x), height: Math.min(TILE_SIZE, grid.height - y) };
}

/**
 * Calls `visit` for every tile overlapping `area` with the overlap (document coordinates).
 * A callback instead of a generator: this sits on the per-frame path.
 */
export function forEachTileIn(
  grid: TileGrid,
  area: Rect,
  visit: (index: number, overlap: Rect, tileX: number, tileY: number) => void,
): void {
  const clip = intersectRect(area, { x: 0, y: 0, width: grid.width, height: grid.height });
  if (clip.width <= 0 || clip.height <= 0) return;
  const tx0 = clip.x >> TILE_SHIFT;
  const ty0 = clip.y >> TILE_SHIFT;
  const tx1 = (clip.x + clip.width - 1) >> TILE_SHIFT;
  const ty1 = (clip.y + clip.height - 1) >> TILE_SHIFT;
  for (let ty = ty0; ty <= ty1; ty++) {
    for (let tx = tx0; tx <= tx1; tx++) {
      const ox = tx << TILE_SHIFT;
      const oy = ty << TILE_SHIFT;
      const overlap = intersectRect(clip, { x: ox, y: oy, width: TILE_SIZE, height: TILE_SIZE });
      visit(ty * grid.cols + tx, overlap, ox, oy);
    }
  }
}
