import type { RgbaImage } from '../image';
import { getPixel } from '../image';
import { escapeWalls, growBack } from './line-art-fill';
import { dilateSquare, seedDistance } from './masks';
import { scanlineRegion, type Region } from './region';

/** Largest gap in the boundary the fill bucket closes, in pixels. */
export const BUCKET_MAX_GAP = 32;
/** Largest growth of the filled area under neighbouring anti-aliased edges, in pixels. */
export const BUCKET_MAX_EXPAND = 4;

export interface BucketOptions {
  /** 0-255: largest colour difference from the clicked pixel that is still filled (default 32). */
  tolerance?: number;
  /** Gaps in the boundary up to this many pixels wide are treated as closed (0-32, default 0). */
  gapClose?: number;
  /** Grows the area by this many pixels under the anti-aliased rim of the lines (0-4, default 1). */
  expand?: number;
  /** false: every pixel of a similar colour anywhere, not only those connected to (x, y) (magic wand). */
  contiguous?: boolean;
}

const clampInt = (v: number | undefined, lo: number, hi: number, fallback: number) =>
  Number.isFinite(v) ? Math.min(hi, Math.max(lo, Math.round(v as number))) : fallback;

/**
 * The fill bucket's area: the 4-connected pixels around (x, y) within `tolerance` of its colour,
 * judged on `reference` (all layers or the current one). Gap closing widens the boundary by half the
 * gap before filling, so the fill cannot leak through a break in a line, then grows back under the
 * widened band up to the real boundary (never across the bridged gap). Returns an empty region when
 * (x, y) is outside the image.
 */
export function bucketRegion(
  reference: RgbaImage,
  x: number,
  y: number,
  options: BucketOptions = {},
): Region {
  const { width, height } = reference;
  const n = width * height;
  const tolerance = clampInt(options.tolerance, 0, 255, 32);
  const gap = clampInt(options.gapClose, 0, BUCKET_MAX_GAP, 0);
  const expand = clampInt(options.expand, 0, BUCKET_MAX_EXPAND, 1);
  if (!(x >= 0 && y >= 0 && x < width && y < height))
    return { mask: new Uint8Array(n), rect: null, count: 0 };
  const px = Math.floor(x);
  const py = Math.floor(y);
  const distance = seedDistance(reference, getPixel(reference, px, py));
  const similar = new Uint8Array(n);
  for (let i = 0; i < n; i++) similar[i] = (distance[i] as number) <= tolerance ? 1 : 0;

  let region: Region;
  const radius = Math.ceil(gap / 2);
  if (options.contiguous === false) {
    let count = 0;
    for (let i = 0; i < n; i++) count += similar[i] as number;
    region = { mask: similar, rect: { x: 0, y: 0, width, height }, count };
  } else if (radius > 0) {
    const boundary = new Uint8Array(n);
    for (let i = 0; i < n; i++) boundary[i] = similar[i] ? 0 : 1;
    const walls = dilateSquare(boundary, width, height, radius);
    const passable = new Uint8Array(n);
    for (let i = 0; i < n; i++) passable[i] = similar[i] && !walls[i] ? 1 : 0;
    // A click close beside a line starts from the nearest pixel outside the widened band.
    const start = escapeWalls(walls, boundary, width, height, py * width + px, radius * 2 + 2);
    region =
      start < 0
        ? scanlineRegion(width, height, px, py, similar)
        : scanlineRegion(width, height, start % width, (start / width) | 0, passable);
    growBack(region, similar, width, height, radius);
  } else {
    region = scanlineRegion(width, height, px, py, similar);
  }
  if (expand > 0 && region.rect) growInto(region, width, height, expand);
  return region;
}

/** Square growth of the region by r pixels (under the lines' soft rims, so no light halo remains). */
function growInto(region: Region, width: number, height: number, r: number): void {
  const grown = dilateSquare(region.mask, width, height, r);
  const rect = region.rect!;
  const x0 = Math.max(0, rect.x - r);
  const y0 = Math.max(0, rect.y - r);
  const x1 = Math.min(width, rect.x + rect.width + r);
  const y1 = Math.min(height, rect.y + rect.height + r);
  let count = 0;
  for (let yy = y0; yy < y1; yy++) for (let xx = x0; xx < x1; xx++) count += grown[yy * width + xx] as number;
  region.mask = grown;
  region.count = count;
  region.rect = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}
