import { hexToRgb, linearRgbToOklab, srgbToLinear } from '../colour';
import { assertImage, cloneImage, getPixel } from '../image';
import type { Rect, Rgb, RgbaImage } from '../image';
import { isLinePixel, lineMask, lumaEdgeStrength, seedDistance } from './masks';
import { paintRegion } from './paint-region';
import { scanlineRegion } from './region';
import type { EdgeStop, Region } from './region';
import { resolveFillOptions, sensitivityToEdgeThreshold, sensitivityToTolerance } from './settings';
import type { FillOptions, ResolvedFillOptions } from './settings';

export interface FillResult {
  /** The filled image: a new buffer, or the input itself with `inPlace`. */
  image: RgbaImage;
  /** Bounding box of the pixels that were painted; null when nothing was. */
  changed: Rect | null;
  /** The detected region (1 = inside), for selection outlines and masks. */
  region: Uint8Array;
}

export type FillColor = string | Rgb;

export function toRgb(color: FillColor): Rgb {
  return typeof color === 'string' ? hexToRgb(color) : color;
}

export function inside(image: RgbaImage, x: number, y: number): boolean {
  return (
    Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < image.width && y < image.height
  );
}

export function prepare(image: RgbaImage, options: FillOptions): ResolvedFillOptions {
  assertImage(image);
  const o = resolveFillOptions(options);
  if (o.target) {
    assertImage(o.target);
    if (o.target.width !== image.width || o.target.height !== image.height) {
      throw new RangeError('The fill target must be the size of the image the region is found on');
    }
  }
  return o;
}

/** Pixels within the colour tolerance of the seed. */
function passableByColour(distance: Uint8Array, tolerance: number): Uint8Array {
  const out = new Uint8Array(distance.length);
  for (let i = 0; i < distance.length; i++) out[i] = (distance[i] ?? 255) <= tolerance ? 1 : 0;
  return out;
}

export function edgeStop(
  image: RgbaImage,
  distance: Uint8Array,
  o: ResolvedFillOptions,
): EdgeStop | undefined {
  if (!o.edgeDetection) return undefined;
  return {
    strength: lumaEdgeStrength(image),
    threshold: sensitivityToEdgeThreshold(o.sensitivity),
    distance,
  };
}

/** The region auto_fill and gradient_smart paint: colour tolerance, plus edges when asked. */
export function colourRegion(image: RgbaImage, x: number, y: number, o: ResolvedFillOptions): Region {
  const distance = seedDistance(image, getPixel(image, x, y));
  const passable = passableByColour(distance, sensitivityToTolerance(o.sensitivity));
  return scanlineRegion(image.width, image.height, x, y, passable, edgeStop(image, distance, o));
}

function seedLightness(image: RgbaImage, x: number, y: number): number {
  const s = getPixel(image, x, y);
  return linearRgbToOklab(srgbToLinear(s.r), srgbToLinear(s.g), srgbToLinear(s.b), { L: 0, a: 0, b: 0 }).L;
}

/** Paints a detected region with the shared options (blend strength, details, colour blending). */
export function paint(
  image: RgbaImage,
  x: number,
  y: number,
  region: Region,
  colourAtRow: (row: number) => Rgb,
  o: ResolvedFillOptions,
): FillResult {
  const canvas = o.target ?? image;
  const out = o.inPlace ? canvas : cloneImage(canvas);
  if (!region.rect) return { image: out, changed: null, region: region.mask };
  const seedIsLine = isLinePixel(image.data, (y * image.width + x) * 4);
  // Clicking on a line means the user wants to recolour the line, so lines are not protected then.
  const protect = o.preserveDetails && !seedIsLine ? lineMask(image) : null;
  const seedA = image.data[(y * image.width + x) * 4 + 3] ?? 0;
  const changed = paintRegion(canvas.data, out.data, image.width, region.mask, region.rect, colourAtRow, {
    alpha: o.blendStrength / 100,
    blendReferenceL: o.colorBlending && seedA > 0 ? seedLightness(image, x, y) : null,
    protect,
    shade: image.data,
  });
  return { image: out, changed, region: region.mask };
}

export function unchanged(image: RgbaImage, o: ResolvedFillOptions): FillResult {
  const canvas = o.target ?? image;
  return {
    image: o.inPlace ? canvas : cloneImage(canvas),
    changed: null,
    region: new Uint8Array(image.width * image.height),
  };
}
