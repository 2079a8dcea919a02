import { writePsd, type Layer as PsdLayer } from 'ag-psd';
import type { PaintDocument } from './document';
import { flattenDocument } from './io';
import type { BlendMode } from './layer';
import { stackTree, type StackNode } from './groups';

// A subpath of its own (@yumi/paint/psd): ag-psd is large, so only PSD export and import load it.

export const PSD_BLEND_MODES: Record<BlendMode, NonNullable<PsdLayer['blendMode']>> = {
  normal: 'normal',
  multiply: 'multiply',
  screen: 'screen',
  overlay: 'overlay',
  darken: 'darken',
  lighten: 'lighten',
};

/**
 * A layered PSD of a document: groups nested, every layer full-size with its name, visibility, opacity, blend mode, locks
 * and clipping, plus the flattened image. Pure pixels in and bytes out, so the browser's export and the
 * server's data export (on a worker thread) write the same file.
 */
export function writeDocumentPsd(doc: PaintDocument): Uint8Array {
  const full = { x: 0, y: 0, width: doc.width, height: doc.height };
  const pixels = (data: Uint8ClampedArray) => ({ data, width: doc.width, height: doc.height });
  const toPsd = (nodes: StackNode[]): PsdLayer[] =>
    nodes.map(({ layer: l, children }) => ({
      name: l.name,
      hidden: !l.visible,
      opacity: l.opacity / 100,
      blendMode: l.group && l.passThrough ? 'pass through' : PSD_BLEND_MODES[l.blendMode],
      // PSD's "lock transparent pixels" is alpha lock; a fully locked layer has it too.
      transparencyProtected: l.alphaLock || l.locked,
      protected: l.locked ? { transparency: true, composite: true, position: true } : undefined,
      clipping: l.clipping,
      // a group: its layers nested, composited on their own (PSD's "Normal" group) or passed through
      ...(children ? { children: toPsd(children), opened: true } : { top: 0, left: 0, imageData: pixels(l.surface.readRect(full)) }),
    }));
  const children = toPsd(stackTree(doc.layers));
  const flat = flattenDocument(doc, 100, null);
  const buffer = writePsd({ width: doc.width, height: doc.height, children, imageData: pixels(flat.data) }, { generateThumbnail: false });
  return new Uint8Array(buffer);
}
