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

interface PsdEntry {
  layer: PsdLayer;
  id: string;
  parentId: string | null;
}

/** The PSD's layer tree in stack order: a group's layers, then the group (PSD's own record order). */
function flattenGroups(layers: PsdLayer[] | undefined, parentId: string | null = null, out: PsdEntry[] = [], counter = { n: 0 }): PsdEntry[] {
  for (const l of layers ?? []) {
    const id = `layer-${++counter.n}`;
    if (l.children) flattenGroups(l.children, id, out, counter);
    out.push({ layer: l, id, parentId });
  }
  return out;
}

/** A PSD as a new document: layers and (nested) groups with name, visibility, opacity, blend mode, clipping and alpha lock. */
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
  const source: PsdEntry[] = layers.length > 0 ? layers : [{ layer: { name: 'Background', imageData: psd.imageData, top: 0, left: 0 }, id: 'layer-1', parentId: null }];
  source.forEach(({ layer: l, id, parentId }, i) => {
    const group = Boolean(l.children);
    const img = group ? undefined : l.imageData;
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
      id,
      group,
      // Photoshop's, Clip Studio's and Krita's default for new folders: its layers blend straight through
      passThrough: group && l.blendMode === 'pass through',
      parentId,
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
  const top = serialized.findLast((l) => !l.group);
  if (!top) throw new ImportError('corrupt');
  return restoreDocument({ format: 'yumi-paint', version: 1, width, height, activeLayerId: top.id, layers: serialized });
}
