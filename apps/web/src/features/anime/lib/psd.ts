import { readPsd, type Layer as PsdLayer } from 'ag-psd';
import { PSD_BLEND_MODES, writeDocumentPsd } from '@yumi/paint/psd';
import type { PaintDocument} from '@yumi/paint';
import { MAX_DOCUMENT_SIZE, restoreDocument, type BlendMode, type PaintEngine, type SerializedLayer } from '@yumi/paint';
import { ImportError } from './pixels';

/** More layers than this in one file are refused with a message (a 500-layer PSD would stall the page). */
export const PSD_MAX_LAYERS = 100;
export const PSD_MAX_BYTES = 100 * 1024 * 1024;

const FROM_PSD = (m: PsdLayer['blendMode']): BlendMode => (m && (Object.values(PSD_BLEND_MODES) as string[]).includes(m) ? (m as BlendMode) : 'normal');

/** The shared writer (@yumi/paint/psd), also used by the server's data export. */
export function writePsdBlob(engine: PaintEngine): Blob {
  return new Blob([writeDocumentPsd(engine.document) as Uint8Array<ArrayBuffer>], { type: 'image/vnd.adobe.photoshop' });
}

function flattenGroups(layers: PsdLayer[] | undefined, out: PsdLayer[] = []): PsdLayer[] {
  for (const l of layers ?? []) {
    if (l.children) flattenGroups(l.children, out);
    else out.push(l);
  }
  return out;
}

/** A PSD as a new document: each pixel layer (groups flattened) with name, visibility, opacity and blend mode. */
export async function readPsdFile(file: File): Promise<PaintDocument> {
  if (file.size > PSD_MAX_BYTES) throw new ImportError('tooLarge');
  let psd;
  try {
    psd = readPsd(await file.arrayBuffer(), { skipThumbnail: true, skipCompositeImageData: false, useImageData: true });
  } catch {
    throw new ImportError('corrupt');
  }
  const layers = flattenGroups(psd.children);
  if (layers.length > PSD_MAX_LAYERS) throw new ImportError('tooManyLayers', layers.length);
  if (psd.width > MAX_DOCUMENT_SIZE || psd.height > MAX_DOCUMENT_SIZE) throw new ImportError('tooLarge');
  const width = psd.width;
  const height = psd.height;
  const serialized: SerializedLayer[] = [];
  const source = layers.length > 0 ? layers : [{ name: 'Background', imageData: psd.imageData, top: 0, left: 0 } as PsdLayer];
  source.forEach((l, i) => {
    const img = l.imageData;
    let bounds = null;
    let rgba = new Uint8ClampedArray(0);
    if (img && img.width > 0 && img.height > 0) {
      // Clip the layer's rect to the canvas.
      const left = l.left ?? 0;
      const top = l.top ?? 0;
      const x0 = Math.max(0, left);
      const y0 = Math.max(0, top);
      const x1 = Math.min(width, left + img.width);
      const y1 = Math.min(height, top + img.height);
      if (x1 > x0 && y1 > y0) {
        bounds = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
        rgba = new Uint8ClampedArray(bounds.width * bounds.height * 4);
        for (let y = 0; y < bounds.height; y++) {
          const from = ((y0 - top + y) * img.width + (x0 - left)) * 4;
          rgba.set(img.data.subarray(from, from + bounds.width * 4), y * bounds.width * 4);
        }
      }
    }
    serialized.push({
      id: `layer-${i + 1}`,
      name: l.name?.trim() || `Layer ${i + 1}`,
      visible: !l.hidden,
      opacity: Math.round((l.opacity ?? 1) * 100),
      blendMode: FROM_PSD(l.blendMode),
      locked: false,
      alphaLock: Boolean(l.transparencyProtected || l.protected?.transparency) && !l.protected?.composite,
      clipping: Boolean(l.clipping) && i > 0,
      bounds,
      rgba,
    });
  });
  return restoreDocument({ format: 'yumi-paint', version: 1, width, height, activeLayerId: serialized.at(-1)!.id, layers: serialized });
}
