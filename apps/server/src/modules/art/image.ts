import { ARTWORK_MAX_BYTES } from '@yumi/core';
import { intakeImage, sniffImage } from '../../lib/image-intake';

/** Image formats we accept, decided by the first bytes (the image intake's rule). */
export const sniffImageType = sniffImage;

/** Longest side of a stored artwork and of its thumbnail. */
const MAX_SIDE = 4096;
const THUMB_SIDE = 480;

/**
 * Decodes and re-encodes (WebP), which drops metadata and anything that is not pixels, so what we store
 * and show to reviewers and other users is only an image. Throws when the bytes do not decode.
 */
export async function reencodeArtwork(data: Buffer) {
  // Header first: 8192 on a side and 70 megapixels at most, refused before a pixel is decoded.
  const input = (await intakeImage(data, { maxBytes: ARTWORK_MAX_BYTES })).image.rotate();
  const full = await input
    .clone()
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 92 })
    .toBuffer({ resolveWithObject: true });
  const thumb = await input
    .clone()
    .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer();
  return { image: full.data, width: full.info.width, height: full.info.height, thumb };
}
