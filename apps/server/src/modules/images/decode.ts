import { AI_TOOL_MAX_SIDE, IMAGE_UPLOAD_MAX_BYTES } from '@yumi/core';
import type { RgbaImage } from '@yumi/imaging';
import sharp from 'sharp';
import { HttpError } from '../../lib/http-error';
import { dataUrlBytes, intakeImage } from '../../lib/image-intake';

/**
 * A base64 data URL from a client (canvas, drawing), through the image intake: magic bytes, size and
 * dimensions checked on the header first, then re-encoded by sharp as PNG so nothing but pixels gets
 * stored or passed on.
 */
export async function decodeImageDataUrl(dataUrl: string, maxSide = AI_TOOL_MAX_SIDE): Promise<{ png: Buffer; width: number; height: number }> {
  const caps = { maxBytes: IMAGE_UPLOAD_MAX_BYTES, maxSide, formats: ['png', 'jpeg', 'webp'] as const };
  const { image } = await intakeImage(dataUrlBytes(dataUrl, caps.maxBytes), caps);
  try {
    const { data: png, info } = await image.rotate().png().toBuffer({ resolveWithObject: true });
    return { png, width: info.width, height: info.height };
  } catch {
    throw new HttpError(422, 'IMAGE_UNREADABLE', 'This image cannot be read; it may be damaged.');
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
