import type { RgbaImage } from '../image';
import { getPixel } from '../image';
import { colourRegion, edgeStop, inside, paint, prepare, toRgb, unchanged } from './fill-common';
import type { FillColor, FillResult } from './fill-common';
import { dilateSquare, isLinePixel, lineMask, seedDistance } from './masks';
import { scanlineRegion } from './region';
import type { Region } from './region';
import { detailLevelToGap, sensitivityToTolerance } from './settings';
import type { FillOptions } from './settings';

/**
 * Finds the pixel nearest the seed that lies outside the widened walls, by a breadth-first walk
 * over non-line pixels: a click right beside a line should still fill the area it is in.
 */
export function escapeWalls(
  walls: Uint8Array,
  lines: Uint8Array,
  width: number,
  height: number,
  seed: number,
  maxSteps: number,
): number {
  if (!walls[seed]) return seed;
  const seen = new Set<number>([seed]);
  let frontier = [seed];
  for (let step = 0; step < maxSteps && frontier.length > 0; step++) {
    const next: number[] = [];
    for (const p of frontier) {
      const px = p % width;
      const neighbours = [px > 0 ? p - 1 : -1, px < width - 1 ? p + 1 : -1, p - width, p + width];
      for (const q of neighbours) {
        if (q < 0 || q >= width * height || seen.has(q) || lines[q]) continue;
        if (!walls[q]) return q;
        seen.add(q);
        next.push(q);
      }
    }
    frontier = next;
  }
  return -1;
}

/**
 * Grows the region back into the band the wall dilation took away, so the fill meets the lines.
 * Growth is 4-connected over allowed pixels and limited to the square of radius r around the
 * region, the same shape the dilation removed: the corners come back, but a bridged gap (whose far
 * side lies more than r away) is never crossed.
 */
export function growBack(region: Region, allowed: Uint8Array, width: number, height: number, r: number): void {
  const { mask, rect } = region;
  if (!rect || r <= 0) return;
  const reach = dilateSquare(mask, width, height, r);
  // Only the region's rim can grow; interior pixels have no neighbour outside it.
  const stack: number[] = [];
  for (let y = rect.y; y < rect.y + rect.height; y++) {
    for (let x = rect.x; x < rect.x + rect.width; x++) {
      const i = y * width + x;
      if (!mask[i]) continue;
      const rim =
        (x > 0 && !mask[i - 1]) ||
        (x < width - 1 && !mask[i + 1]) ||
        (y > 0 && !mask[i - width]) ||
        (y < height - 1 && !mask[i + width]);
      if (rim) stack.push(i);
    }
  }
  let { x: minX, y: minY } = rect;
  let maxX = rect.x + rect.width - 1;
  let maxY = rect.y + rect.height - 1;
  while (stack.length > 0) {
    const p = stack.pop() ?? 0;
    const px = p % width;
    const py = (p / width) | 0;
    for (let k = 0; k < 4; k++) {
      const qx = k === 0 ? px - 1 : k === 1 ? px + 1 : px;
      const qy = k === 2 ? py - 1 : k === 3 ? py + 1 : py;
      if (qx < 0 || qy < 0 || qx >= width || qy >= height) continue;
      const q = qy * width + qx;
      if (mask[q] || !allowed[q] || !reach[q]) continue;
      mask[q] = 1;
      region.count++;
      stack.push(q);
      if (qx < minX) minX = qx;
      if (qx > maxX) maxX = qx;
      if (qy < minY) minY = qy;
      if (qy > maxY) maxY = qy;
    }
  }
  region.rect = { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

/**
 * pattern_detect: a fill for line art. Dark opaque pixels are walls; gaps in the lines up to the
 * width given by `detailLevel` are bridged by widening the walls (square dilation) before filling,
 * then the fill grows back under the widened band so it meets the lines without a halo. Colours
 * beyond the tolerance stop it too. Starting on a line recolours that line like auto_fill.
 */
export function lineArtFill(
  image: RgbaImage,
  x: number,
  y: number,
  color: FillColor,
  options: FillOptions = {},
): FillResult {
  const o = prepare(image, options);
  if (!inside(image, x, y)) return unchanged(image, o);
  const rgb = toRgb(color);
  const { width, height } = image;
  const seed = y * width + x;
  if (isLinePixel(image.data, seed * 4))
    return paint(image, x, y, colourRegion(image, x, y, o), () => rgb, o);

  const lines = lineMask(image);
  const radius = Math.ceil(detailLevelToGap(o.detailLevel) / 2);
  const walls = dilateSquare(lines, width, height, radius);
  const distance = seedDistance(image, getPixel(image, x, y));
  const tolerance = sensitivityToTolerance(o.sensitivity);
  const passable = new Uint8Array(width * height);
  // Pixels under the widened band may take the fill on the way back even if their colour differs:
  // they are the anti-aliased rims of the lines.
  const allowedBack = new Uint8Array(width * height);
  for (let i = 0; i < passable.length; i++) {
    const byColour = (distance[i] ?? 255) <= tolerance;
    passable[i] = byColour && !walls[i] ? 1 : 0;
    allowedBack[i] = !lines[i] && (byColour || walls[i]) ? 1 : 0;
  }
  const start = escapeWalls(walls, lines, width, height, seed, radius * 2 + 2);
  if (start < 0) return paint(image, x, y, colourRegion(image, x, y, o), () => rgb, o);
  const region = scanlineRegion(
    width,
    height,
    start % width,
    (start / width) | 0,
    passable,
    edgeStop(image, distance, o),
  );
  growBack(region, allowedBack, width, height, radius);
  return paint(image, x, y, region, () => rgb, o);
}
