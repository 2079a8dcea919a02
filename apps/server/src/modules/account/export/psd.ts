import { restoreDocument, type SerializedLayer } from '@yumi/paint';
import { writeDocumentPsd } from '@yumi/paint/psd';

/** A layer as stored (see SerializedLayer), its pixels full-canvas straight RGBA or null when empty. */
export type PsdLayerInput = Omit<SerializedLayer, 'id' | 'bounds' | 'rgba'> & { rgba: Uint8Array | null };
export interface PsdInput {
  width: number;
  height: number;
  layers: PsdLayerInput[];
}

/** One character version as a layered PSD (compositing and RLE are CPU work: it runs on the CPU pool). */
export function versionPsd(input: PsdInput): Uint8Array {
  const full = { x: 0, y: 0, width: input.width, height: input.height };
  const doc = restoreDocument({
    format: 'yumi-paint',
    version: 1,
    width: input.width,
    height: input.height,
    activeLayerId: 'layer-1',
    layers: input.layers.map((l, i) => ({
      ...l,
      id: `layer-${i + 1}`,
      bounds: l.rgba ? full : null,
      rgba: l.rgba ? new Uint8ClampedArray(l.rgba.buffer, l.rgba.byteOffset, l.rgba.byteLength) : new Uint8ClampedArray(0),
    })),
  });
  return writeDocumentPsd(doc);
}
