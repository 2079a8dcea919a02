import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE } from '@yumi/core';
import sharp, { type Sharp } from 'sharp';
import { HttpError } from './http-error';

/**
 * The one way an untrusted image enters the server (uploads, layers, figures, AI tools, analysis). The
 * type is decided by magic bytes, then the header alone (sharp's metadata reads no pixels) is checked
 * against byte, side and pixel caps before anything is decoded: a 150 KB PNG claiming 16000x16000 costs a
 * few kilobytes to refuse instead of gigabytes to decode. Per-use caps only tighten the global ones.
 */
export interface ImageCaps {
  maxBytes: number;
  /** Longest side accepted (never above IMAGE_MAX_SIDE). */
  maxSide?: number;
  /** Most pixels accepted (never above IMAGE_MAX_PIXELS). */
  maxPixels?: number;
  /** Formats accepted; all of ours by default. */
  formats?: ReadonlyArray<ImageFormat>;
}

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif';

export interface ImageHeader {
  format: ImageFormat;
  width: number;
  height: number;
}

const TEXT = {
  bytes: {
    en: 'This image is {size} MB; the largest accepted is {max} MB.',
    ja: 'この画像は {size} MB です。受け付けられるのは {max} MB までです。',
    zh: '该图片为 {size} MB，最大只接受 {max} MB。',
    ko: '이 이미지는 {size}MB입니다. 최대 {max}MB까지 받을 수 있습니다.',
  },
  side: {
    en: 'This image is {width}×{height}; the largest accepted is {max}×{max}.',
    ja: 'この画像は {width}×{height} です。受け付けられるのは {max}×{max} までです。',
    zh: '该图片尺寸为 {width}×{height}，最大只接受 {max}×{max}。',
    ko: '이 이미지는 {width}×{height}입니다. 최대 {max}×{max}까지 받을 수 있습니다.',
  },
  pixels: {
    en: 'This image has {mp} megapixels; the largest accepted has {max}.',
    ja: 'この画像は {mp} メガピクセルです。受け付けられるのは {max} メガピクセルまでです。',
    zh: '该图片有 {mp} 百万像素，最多只接受 {max} 百万像素。',
    ko: '이 이미지는 {mp}메가픽셀입니다. 최대 {max}메가픽셀까지 받을 수 있습니다.',
  },
  type: {
    en: 'This file is not a PNG, JPEG, WebP or GIF image.',
    ja: 'このファイルは PNG・JPEG・WebP・GIF 画像ではありません。',
    zh: '该文件不是 PNG、JPEG、WebP 或 GIF 图片。',
    ko: '이 파일은 PNG, JPEG, WebP, GIF 이미지가 아닙니다.',
  },
  broken: {
    en: 'This image cannot be read; it may be damaged.',
    ja: 'この画像を読み込めません。破損している可能性があります。',
    zh: '无法读取该图片，文件可能已损坏。',
    ko: '이 이미지를 읽을 수 없습니다. 손상되었을 수 있습니다.',
  },
} as const;

/** The format by the first bytes, never by the declared type or the file name. */
export function sniffImage(head: Buffer): ImageFormat | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 6 && /^GIF8[79]a$/.test(head.subarray(0, 6).toString('latin1'))) return 'gif';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

const limits = (caps: ImageCaps) => ({
  side: Math.min(caps.maxSide ?? IMAGE_MAX_SIDE, IMAGE_MAX_SIDE),
  pixels: Math.min(caps.maxPixels ?? IMAGE_MAX_PIXELS, IMAGE_MAX_PIXELS),
});
const mb = (n: number) => (n / (1024 * 1024)).toFixed(n < 10 * 1024 * 1024 ? 1 : 0);

/** The bytes' format and size, refused (413 / 415 / 422) before any pixel is decoded when over the caps. */
export async function readImageHeader(data: Buffer, caps: ImageCaps): Promise<ImageHeader> {
  if (data.length > caps.maxBytes) throw new HttpError(413, 'IMAGE_BYTES_TOO_LARGE', TEXT.bytes, undefined, undefined, { size: mb(data.length), max: mb(caps.maxBytes) });
  const format = sniffImage(data);
  if (!format || (caps.formats && !caps.formats.includes(format))) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', TEXT.type);
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(data, { pages: 1 }).metadata());
  } catch {
    throw new HttpError(422, 'IMAGE_UNREADABLE', TEXT.broken);
  }
  if (!width || !height) throw new HttpError(422, 'IMAGE_UNREADABLE', TEXT.broken);
  const { side, pixels } = limits(caps);
  if (width > side || height > side) throw new HttpError(422, 'IMAGE_TOO_LARGE', TEXT.side, { width, height, maxSide: side }, undefined, { width, height, max: side });
  if (width * height > pixels) {
    throw new HttpError(422, 'IMAGE_TOO_LARGE', TEXT.pixels, { width, height, maxPixels: pixels }, undefined, { mp: (width * height / 1e6).toFixed(1), max: (pixels / 1e6).toFixed(0) });
  }
  return { format, width, height };
}

/**
 * A sharp pipeline over checked bytes: the first frame only (animations and multi-page files are not
 * decoded past it), decoding refused past the pixel cap, and damaged data an error rather than garbage.
 */
export function decodeChecked(data: Buffer, caps: ImageCaps): Sharp {
  return sharp(data, { pages: 1, limitInputPixels: limits(caps).pixels, failOn: 'error' });
}

/** Checks the header, then answers the decoding pipeline: the usual entry for a new image. */
export async function intakeImage(data: Buffer, caps: ImageCaps): Promise<{ header: ImageHeader; image: Sharp }> {
  const header = await readImageHeader(data, caps);
  return { header, image: decodeChecked(data, caps) };
}

/** The bytes of a `data:image/...;base64,` URL (or bare base64), refused by size before decoding the base64. */
export function dataUrlBytes(dataUrl: string, maxBytes: number): Buffer {
  const comma = dataUrl.indexOf(',');
  const b64 = comma >= 0 ? dataUrl.slice(comma + 1) : dataUrl;
  const approx = Math.floor((b64.length * 3) / 4);
  if (approx > maxBytes + 3) throw new HttpError(413, 'IMAGE_BYTES_TOO_LARGE', TEXT.bytes, undefined, undefined, { size: mb(approx), max: mb(maxBytes) });
  return Buffer.from(b64, 'base64');
}
