/**
 * The one image shape every algorithm here works on. It is structurally the same as the DOM's
 * ImageData, so a canvas's pixels can be passed in directly, but needs no DOM to exist.
 */
export interface RgbaImage {
  readonly width: number;
  readonly height: number;
  /** Row-major RGBA, 4 bytes per pixel, not premultiplied. */
  readonly data: Uint8ClampedArray;
}

/** An axis-aligned pixel rectangle; width and height are in pixels, both at least 1. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export interface Rgba extends Rgb {
  a: number;
}

export function createImage(width: number, height: number, fill?: Rgba): RgbaImage {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 0 || height < 0) {
    throw new RangeError(`Invalid image size ${width}x${height}`);
  }
  const data = new Uint8ClampedArray(width * height * 4);
  if (fill) {
    for (let i = 0; i < data.length; i += 4) {
      data[i] = fill.r;
      data[i + 1] = fill.g;
      data[i + 2] = fill.b;
      data[i + 3] = fill.a;
    }
  }
  return { width, height, data };
}

export function cloneImage(image: RgbaImage): RgbaImage {
  return { width: image.width, height: image.height, data: new Uint8ClampedArray(image.data) };
}

/** Fails early on a buffer whose length does not match its size, instead of reading garbage later. */
export function assertImage(image: RgbaImage): void {
  const { width, height, data } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 0 || height < 0) {
    throw new RangeError(`Invalid image size ${width}x${height}`);
  }
  if (data.length !== width * height * 4) {
    throw new RangeError(`Image data has ${data.length} bytes, expected ${width * height * 4}`);
  }
}

export function getPixel(image: RgbaImage, x: number, y: number): Rgba {
  const i = (y * image.width + x) * 4;
  const d = image.data;
  return { r: d[i] ?? 0, g: d[i + 1] ?? 0, b: d[i + 2] ?? 0, a: d[i + 3] ?? 0 };
}

export function setPixel(image: RgbaImage, x: number, y: number, c: Rgba): void {
  const i = (y * image.width + x) * 4;
  image.data[i] = c.r;
  image.data[i + 1] = c.g;
  image.data[i + 2] = c.b;
  image.data[i + 3] = c.a;
}

/** Paints an axis-aligned rectangle, clipped to the image; used by tests, benchmarks and previews. */
export function fillRect(image: RgbaImage, rect: Rect, c: Rgba): void {
  const x0 = Math.max(0, Math.floor(rect.x));
  const y0 = Math.max(0, Math.floor(rect.y));
  const x1 = Math.min(image.width, Math.floor(rect.x + rect.width));
  const y1 = Math.min(image.height, Math.floor(rect.y + rect.height));
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) setPixel(image, x, y, c);
  }
}

/**
 * Premultiplied RGBA (what rasterisers such as resvg and tiny-skia hand back) to the straight RGBA every
 * algorithm here and ImageData expect, in place. Opaque and fully transparent pixels are unchanged.
 */
export function unpremultiply<T extends Uint8ClampedArray>(data: T): T {
  for (let i = 0; i < data.length; i += 4) {
    const a = data[i + 3] as number;
    if (a === 0 || a === 255) continue;
    data[i] = Math.round(((data[i] as number) * 255) / a);
    data[i + 1] = Math.round(((data[i + 1] as number) * 255) / a);
    data[i + 2] = Math.round(((data[i + 2] as number) * 255) / a);
  }
  return data;
}
