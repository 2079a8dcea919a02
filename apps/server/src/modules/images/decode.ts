import { IMAGE_UPLOAD_MAX_BYTES } from '@yumi/core';
import type { RgbaImage } from '@yumi/imaging';
import sharp from 'sharp';
import { HttpError } from '../../lib/http-error';

/** Largest image we decode, in pixels per side: bigger pictures are refused before they cost memory. */
export const MAX_DECODE_SIDE = 4096;

function sniff(data: Buffer): 'png' | 'jpeg' | 'webp' | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * A base64 data URL from a client, checked by magic bytes (not the declared type) and size, and
 * re-encoded by sharp as PNG so nothing but pixels gets stored or passed on.
 */
export async function decodeImageDataUrl(dataUrl: string, what = 'image'): Promise<{ png: Buffer; width: number; height: number }> {
  const comma = dataUrl.indexOf(',');
  const b64 = comma >= 0 ? dataUrl.slice(comma + 1) : dataUrl;
  if (Math.floor((b64.length * 3) / 4) > IMAGE_UPLOAD_MAX_BYTES + 3) {
    throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `The ${what} must be smaller than 10 MB.`);
  }
  const data = Buffer.from(b64, 'base64');
  if (data.length > IMAGE_UPLOAD_MAX_BYTES) throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `The ${what} must be smaller than 10 MB.`);
  if (!sniff(data)) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', `The ${what} is not a PNG, JPEG or WebP picture.`);
  try {
    const meta = await sharp(data).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    if (meta.width > MAX_DECODE_SIDE || meta.height > MAX_DECODE_SIDE) {
      throw new HttpError(413, 'IMAGE_TOO_LARGE', `The ${what} can be at most ${MAX_DECODE_SIDE}x${MAX_DECODE_SIDE} pixels.`);
    }
    const png = await sharp(data).rotate().png().toBuffer();
    const { width = meta.width, height = meta.height } = await sharp(png).metadata();
    return { png, width, height };
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', `The ${what} cannot be decoded.`);
  }
}

export async function pngToRgba(png: Buffer): Promise<RgbaImage> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length) };
}

export async function rgbaToPng(image: RgbaImage): Promise<Buffer> {
  return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), {
    raw: { width: image.width, height: image.height, channels: 4 },
  })
    .png()
    .toBuffer();
}

export const pngDataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
