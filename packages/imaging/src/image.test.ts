import { describe, expect, it } from 'vitest';
import { unpremultiply } from './image';

describe('unpremultiply', () => {
  it('turns premultiplied pixels straight, leaving opaque and empty ones alone', () => {
    const px = new Uint8ClampedArray([
      // opaque, half-covered orange (255, 128, 0 at alpha 128), a faint grey, fully transparent
      10, 20, 30, 255, 128, 64, 0, 128, 1, 1, 1, 2, 0, 0, 0, 0,
    ]);
    expect([...unpremultiply(px)]).toEqual([10, 20, 30, 255, 255, 128, 0, 128, 128, 128, 128, 2, 0, 0, 0, 0]);
  });
});
