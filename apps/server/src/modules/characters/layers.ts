import { CANVAS_MAX_SIDE, LAYER_IMAGE_MAX_BYTES, VERSION_MAX_BYTES, type CanvasData } from '@yumi/core';
import type { AppContext } from '../../context';
import type { StoredCanvas } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { decodeChecked, readImageHeader } from '../../lib/image-intake';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

/** Group membership, kept only where there is some (older versions have none). */
const groupFields = (l: { group?: boolean; passThrough?: boolean; parent?: number | null }) => ({
  ...(l.group ? { group: true } : {}),
  ...(l.group && l.passThrough ? { passThrough: true } : {}),
  ...(l.parent != null ? { parent: l.parent } : {}),
});

const layerTooLarge = (index: number) =>
  new HttpError(413, 'LAYER_TOO_LARGE', `Layer ${index + 1} is too large: a layer image can be at most ${mb(LAYER_IMAGE_MAX_BYTES)}.`);

/**
 * Decodes each layer's PNG data URL, checks magic bytes, size and dimensions, re-encodes it with sharp
 * (only pixels get stored) and puts it in the blob store. Answers the stored canvas (blob keys instead of
 * pixels), the keys and the bytes used.
 */
export async function storeLayers(ctx: AppContext, canvas: CanvasData): Promise<{ stored: StoredCanvas; keys: string[]; size: number }> {
  // Cheap checks on every layer first, so a bad last layer costs no encoding of the others.
  const decoded: (Buffer | null)[] = [];
  let total = 0;
  canvas.layers.forEach((layer, i) => {
    if (!layer.image) return decoded.push(null);
    const b64 = layer.image.slice(layer.image.indexOf(',') + 1);
    if (Math.floor((b64.length * 3) / 4) > LAYER_IMAGE_MAX_BYTES + 3) throw layerTooLarge(i);
    const data = Buffer.from(b64, 'base64');
    if (data.length > LAYER_IMAGE_MAX_BYTES) throw layerTooLarge(i);
    if (data.length < 8 || !data.subarray(0, 8).equals(PNG_MAGIC)) {
      throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', `Layer ${i + 1} is not a PNG image.`);
    }
    total += data.length;
    decoded.push(data);
  });
  if (total > VERSION_MAX_BYTES) {
    throw new HttpError(413, 'VERSION_TOO_LARGE', `This drawing is too large to save: its layers can use at most ${mb(VERSION_MAX_BYTES)}.`);
  }
  const layers: StoredCanvas['layers'] = [];
  const keys: string[] = [];
  let size = 0;
  for (const [i, layer] of canvas.layers.entries()) {
    const data = decoded[i];
    let blobKey: string | null = null;
    if (data) {
      const png = await reencode(data, canvas, i);
      const put = await ctx.blobs.put(png, 'image/png');
      blobKey = put.key;
      keys.push(put.key);
      size += put.size;
    }
    layers.push({ name: layer.name, visible: layer.visible, opacity: layer.opacity, blendMode: layer.blendMode, locked: layer.locked, alphaLock: layer.alphaLock ?? false, clipping: layer.clipping ?? false, ...groupFields(layer), blobKey });
  }
  const activeLayerIndex = Math.min(canvas.activeLayerIndex, layers.length - 1);
  return { stored: { width: canvas.width, height: canvas.height, activeLayerIndex, ...(canvas.symmetry ? { symmetry: canvas.symmetry } : {}), layers }, keys, size };
}

async function reencode(data: Buffer, canvas: CanvasData, i: number): Promise<Buffer> {
  const caps = { maxBytes: data.length, maxSide: CANVAS_MAX_SIDE, formats: ['png', 'jpeg', 'webp'] as const };
  const header = await readImageHeader(data, caps).catch((err: unknown) => {
    if (err instanceof HttpError && err.statusCode === 415) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', `Layer ${i + 1} cannot be decoded.`);
    throw err;
  });
  if (header.width !== canvas.width || header.height !== canvas.height) {
    throw new HttpError(422, 'LAYER_SIZE_MISMATCH', `Layer ${i + 1} must be ${canvas.width}x${canvas.height} pixels like the canvas.`);
  }
  try {
    return await decodeChecked(data, caps).ensureAlpha().png({ compressionLevel: 6 }).toBuffer();
  } catch {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', `Layer ${i + 1} cannot be decoded.`);
  }
}

/** The stored canvas back as canvasData with PNG data URLs. */
export async function loadLayers(ctx: AppContext, stored: StoredCanvas): Promise<CanvasData> {
  const layers = await Promise.all(
    stored.layers.map(async (l) => {
      let image: string | null = null;
      if (l.blobKey) {
        const blob = await ctx.blobs.get(l.blobKey);
        if (!blob) throw new HttpError(500, 'BLOB_MISSING', 'A layer image of this version is missing from storage.');
        image = `data:image/png;base64,${blob.data.toString('base64')}`;
      }
      return { name: l.name, visible: l.visible, opacity: l.opacity, blendMode: l.blendMode as CanvasData['layers'][number]['blendMode'], locked: l.locked, alphaLock: l.alphaLock ?? false, clipping: l.clipping ?? false, ...groupFields(l), image };
    }),
  );
  const symmetry = stored.symmetry as CanvasData['symmetry'];
  return { width: stored.width, height: stored.height, activeLayerIndex: stored.activeLayerIndex, ...(symmetry ? { symmetry } : {}), layers };
}
