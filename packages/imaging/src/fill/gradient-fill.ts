import { darken, mixRgb } from '../colour';
import type { RgbaImage } from '../image';
import { colourRegion, inside, paint, prepare, toRgb, unchanged } from './fill-common';
import type { FillColor, FillResult } from './fill-common';
import type { FillOptions } from './settings';

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
  const o = prepare(image, options);
  if (!inside(image, x, y)) return unchanged(image, o);
  const base = toRgb(color);
  const shadow = darken(base);
  const region = colourRegion(image, x, y, o);
  const top = region.rect?.y ?? 0;
  const span = Math.max(1, (region.rect?.height ?? 1) - 1);
  return paint(image, x, y, region, (row) => mixRgb(base, shadow, (row - top) / span), o);
}
