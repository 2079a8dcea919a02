import { darken, hexToRgb, linearRgbToOklab, mixRgb, srgbToLinear } from '../colour';
import { assertImage, cloneImage, getPixel } from '../image';
import type { Rect, Rgb, RgbaImage } from '../image';
import { dilateSquare, isLinePixel, lineMask, lumaEdgeStrength, seedDistance } from './masks';
import { paintRegion } from './paint-region';
import { scanlineRegion } from './region';
import type { EdgeStop, Region } from './region';
import {
  detailLevelToGap,
  resolveFillOptions,
  sensitivityToEdgeThreshold,
  sensitivityToTolerance,
} from './settings';
import type { FillOptions, ResolvedFillOptions, SmartBrushSettings } from './settings';

export interface FillResult {
  /** The filled image: a new buffer, or the input itself with `inPlace`. */
  image: RgbaImage;
  /** Bounding box of the pixels that were painted; null when nothing was. */
  changed: Rect | null;
  /** The detected region (1 = inside), for selection outlines and masks. */
  region: Uint8Array;
}

type FillColor = string | Rgb;

function toRgb(color: FillColor): Rgb {
  return typeof color === 'string' ? hexToRgb(color) : color;
}

function inside(image: RgbaImage, x: number, y: number): boolean {
  return Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < image.width && y < image.height;
}

/** Pixels within the colour tolerance of the seed. */
function passableByColour(distance: Uint8Array, tolerance: number): Uint8Array {
  const out = new Uint8Array(distance.length);
  for (let i = 0; i < distance.length; i++) out[i] = (distance[i] ?? 255) <= tolerance ? 1 : 0;
  return out;
}

function edgeStop(image: RgbaImage, distance: Uint8Array, o: ResolvedFillOptions): EdgeStop | undefined {
  if (!o.edgeDetection) return undefined;
  return {
    strength: lumaEdgeStrength(image),
    threshold: sensitivityToEdgeThreshold(o.sensitivity),
    distance,
  };
}

/** The region auto_fill and gradient_smart paint: colour tolerance, plus edges when asked. */
function colourRegion(image: RgbaImage, x: number, y: number, o: ResolvedFillOptions): Region {
  const distance = seedDistance(image, getPixel(image, x, y));
  const passable = passableByColour(distance, sensitivityToTolerance(o.sensitivity));
  return scanlineRegion(image.width, image.height, x, y, passable, edgeStop(image, distance, o));
}

function seedLightness(image: RgbaImage, x: number, y: number): number {
  const s = getPixel(image, x, y);
  return linearRgbToOklab(srgbToLinear(s.r), srgbToLinear(s.g), srgbToLinear(s.b), { L: 0, a: 0, b: 0 }).L;
}

/** Paints a detected region with the shared options (blend strength, details, colour blending). */
function paint(
  image: RgbaImage,
  x: number,
  y: number,
  region: Region,
  colourAtRow: (row: number) => Rgb,
  o: ResolvedFillOptions,
): FillResult {
  const out = o.inPlace ? image : cloneImage(image);
  if (!region.rect) return { image: out, changed: null, region: region.mask };
  const seedIsLine = isLinePixel(image.data, (y * image.width + x) * 4);
  // Clicking on a line means the user wants to recolour the line, so lines are not protected then.
  const protect = o.preserveDetails && !seedIsLine ? lineMask(image) : null;
  const seedA = image.data[(y * image.width + x) * 4 + 3] ?? 0;
  const changed = paintRegion(image.data, out.data, image.width, region.mask, region.rect, colourAtRow, {
    alpha: o.blendStrength / 100,
    blendReferenceL: o.colorBlending && seedA > 0 ? seedLightness(image, x, y) : null,
    protect,
  });
  return { image: out, changed, region: region.mask };
}

function unchanged(image: RgbaImage, o: ResolvedFillOptions): FillResult {
  return {
    image: o.inPlace ? image : cloneImage(image),
    changed: null,
    region: new Uint8Array(image.width * image.height),
  };
}

/**
 * auto_fill: the paint bucket. Fills the 4-connected area around (x, y) whose colour is within the
 * tolerance given by `sensitivity` of the seed pixel's colour.
 */
export function floodFill(
  image: RgbaImage,
  x: number,
  y: number,
  color: FillColor,
  options: FillOptions = {},
): FillResult {
  assertImage(image);
  const o = resolveFillOptions(options);
  if (!inside(image, x, y)) return unchanged(image, o);
  const rgb = toRgb(color);
  return paint(image, x, y, colourRegion(image, x, y, o), () => rgb, o);
}

/**
 * From the nearest pixel to the seed that is outside the widened walls, by a breadth-first walk
 * over non-line pixels: a click right beside a line should still fill the area it is in.
 */
function escapeWalls(walls: Uint8Array, lines: Uint8Array, width: number, height: number, seed: number, maxSteps: number): number {
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
function growBack(region: Region, allowed: Uint8Array, width: number, height: number, r: number): void {
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
  assertImage(image);
  const o = resolveFillOptions(options);
  if (!inside(image, x, y)) return unchanged(image, o);
  const rgb = toRgb(color);
  const { width, height } = image;
  const seed = y * width + x;
  if (isLinePixel(image.data, seed * 4)) return paint(image, x, y, colourRegion(image, x, y, o), () => rgb, o);

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
  const region = scanlineRegion(width, height, start % width, (start / width) | 0, passable, edgeStop(image, distance, o));
  growBack(region, allowedBack, width, height, radius);
  return paint(image, x, y, region, () => rgb, o);
}

/**
 * gradient_smart: fills the auto_fill region with a vertical gradient from the colour at the top
 * of the region's bounding box to its shadow (30 darker, the spec's shadow rule) at the bottom.
 */
export function gradientFill(
  image: RgbaImage,
  x: number,
  y: number,
  color: FillColor,
  options: FillOptions = {},
): FillResult {
  assertImage(image);
  const o = resolveFillOptions(options);
  if (!inside(image, x, y)) return unchanged(image, o);
  const base = toRgb(color);
  const shadow = darken(base);
  const region = colourRegion(image, x, y, o);
  const top = region.rect?.y ?? 0;
  const span = Math.max(1, (region.rect?.height ?? 1) - 1);
  return paint(image, x, y, region, (row) => mixRgb(base, shadow, (row - top) / span), o);
}

/** Runs the smart brush in the mode its settings choose. */
export function smartFill(
  image: RgbaImage,
  x: number,
  y: number,
  color: FillColor,
  settings: SmartBrushSettings,
  extra: { inPlace?: boolean } = {},
): FillResult {
  const { mode, ...options } = settings;
  const all: FillOptions = { ...options, ...extra };
  switch (mode) {
    case 'pattern_detect':
      return lineArtFill(image, x, y, color, all);
    case 'gradient_smart':
      return gradientFill(image, x, y, color, all);
    case 'auto_fill':
      return floodFill(image, x, y, color, all);
  }
}
