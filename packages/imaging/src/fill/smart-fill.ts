import type { RgbaImage } from '../image';
import type { FillColor, FillResult } from './fill-common';
import { floodFill } from './flood-fill';
import { gradientFill } from './gradient-fill';
import { lineArtFill } from './line-art-fill';
import type { FillOptions, SmartBrushSettings } from './settings';

/** Runs the smart brush in the mode its settings choose. */
export function smartFill(
  image: RgbaImage,
  x: number,
  y: number,
  color: FillColor,
  settings: SmartBrushSettings,
  extra: Pick<FillOptions, 'inPlace' | 'target'> = {},
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
