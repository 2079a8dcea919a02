import sharp from 'sharp';

/** Image formats we accept, decided by the first bytes, never by the declared type or the file name. */
export function sniffImageType(head: Buffer): 'png' | 'jpeg' | 'gif' | 'webp' | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 6 && /^GIF8[79]a$/.test(head.subarray(0, 6).toString('latin1'))) return 'gif';
  if (head.length >= 12 && head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

/** Longest side of a stored artwork and of its thumbnail. */
const MAX_SIDE = 4096;
const THUMB_SIDE = 480;

/**
 * Decodes and re-encodes (WebP), which drops metadata and anything that is not pixels, so what we store
 * and show to reviewers and other users is only an image. Throws when the bytes do not decode.
 */
export async function reencodeArtwork(data: Buffer) {
  const input = sharp(data, { limitInputPixels: 80_000_000, failOn: 'error' }).rotate();
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
