import { colourRegion, inside, paint, prepare, toRgb, unchanged } from './fill-common';
import type { FillColor, FillResult } from './fill-common';
import type { RgbaImage } from '../image';
import type { FillOptions } from './settings';

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
  const o = prepare(image, options);
  if (!inside(image, x, y)) return unchanged(image, o);
  const rgb = toRgb(color);
  return paint(image, x, y, colourRegion(image, x, y, o), () => rgb, o);
}
