import { restoreDocument, type BlendMode } from '@yumi/paint';
import { writeDocumentPsd } from '@yumi/paint/psd';

export interface PsdLayerInput {
  name: string;
  visible: boolean;
  opacity: number;
  blendMode: BlendMode;
  locked: boolean;
  alphaLock: boolean;
  clipping: boolean;
  /** Full-canvas straight RGBA, or null for an empty layer. */
  rgba: Uint8Array | null;
}
export interface PsdInput {
  width: number;
  height: number;
  layers: PsdLayerInput[];
}

/** A worker thread's task: one character version as a layered PSD (compositing and RLE are CPU work). */
export default function versionPsd(input: PsdInput): Uint8Array {
  const full = { x: 0, y: 0, width: input.width, height: input.height };
  const doc = restoreDocument({
    format: 'yumi-paint',
    version: 1,
    width: input.width,
    height: input.height,
    activeLayerId: 'layer-1',
    layers: input.layers.map((l, i) => ({
      id: `layer-${i + 1}`,
      name: l.name,
      visible: l.visible,
      opacity: l.opacity,
      blendMode: l.blendMode,
      locked: l.locked,
      alphaLock: l.alphaLock,
      clipping: l.clipping,
      bounds: l.rgba ? full : null,
      rgba: l.rgba ? new Uint8ClampedArray(l.rgba.buffer, l.rgba.byteOffset, l.rgba.byteLength) : new Uint8ClampedArray(0),
    })),
  });
  return writeDocumentPsd(doc);
}
