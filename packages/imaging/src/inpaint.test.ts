import { describe, expect, it } from 'vitest';
import { createImage, getPixel } from './image';
import type { RgbaImage } from './image';
import { inpaint } from './inpaint';
import { drawEllipse } from './synthetic';

/** A 6 px wide wavy stroke across the image, painted in `image` and returned as a mask. */
function stroke(image: RgbaImage): Uint8Array {
  const mask = new Uint8Array(image.width * image.height);
  for (let x = 0; x < image.width; x++) {
    const cy = image.height / 2 + Math.sin(x / 6) * 8;
    for (let y = Math.round(cy - 3); y < Math.round(cy + 3); y++) {
      const i = y * image.width + x;
      mask[i] = 1;
      image.data.set([250, 20, 200, 255], i * 4);
    }
  }
  return mask;
}

function maxError(a: RgbaImage, b: RgbaImage): number {
  let m = 0;
  for (let i = 0; i < a.data.length; i++) m = Math.max(m, Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0)));
  return m;
}

function gradient(width: number, height: number): RgbaImage {
  const img = createImage(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) img.data.set([20 + 2 * x, 200 - y, 60 + x + y, 255], (y * width + x) * 4);
  }
  return img;
}

describe('inpaint', () => {
  it('removes a stroke from a flat colour without a trace', () => {
    const clean = createImage(64, 48, { r: 120, g: 180, b: 90, a: 255 });
    const dirty = createImage(64, 48, { r: 120, g: 180, b: 90, a: 255 });
    const mask = stroke(dirty);
    expect(maxError(dirty, clean)).toBeGreaterThan(100);
    expect(maxError(inpaint(dirty, mask), clean)).toBeLessThanOrEqual(1);
  });

  it('continues a gradient background across the stroke', () => {
    const clean = gradient(80, 60);
    const dirty = gradient(80, 60);
    const mask = stroke(dirty);
    expect(maxError(inpaint(dirty, mask), clean)).toBeLessThanOrEqual(3);
  });

  it('fills a round hole in a gradient smoothly', () => {
    const clean = gradient(80, 60);
    const dirty = gradient(80, 60);
    const maskImage = createImage(80, 60);
    drawEllipse(maskImage, 40, 30, 9, 9, { r: 0, g: 0, b: 0, a: 255 });
    drawEllipse(dirty, 40, 30, 9, 9, { r: 0, g: 0, b: 0, a: 255 });
    expect(maxError(inpaint(dirty, maskImage), clean)).toBeLessThanOrEqual(4);
  });

  it('leaves pixels outside the mask alone and accepts an empty mask', () => {
    const img = gradient(20, 20);
    const mask = new Uint8Array(400);
    mask[210] = 1;
    const out = inpaint(img, mask);
    for (let i = 0; i < 400; i++) {
      if (i !== 210) expect(getPixel(out, i % 20, (i / 20) | 0)).toEqual(getPixel(img, i % 20, (i / 20) | 0));
    }
    expect(inpaint(img, new Uint8Array(400)).data).toEqual(img.data);
    expect(() => inpaint(img, new Uint8Array(3))).toThrow(RangeError);
  });
});
