import type { ExportFormat } from '@yumi/core';
import type { PaintEngine } from '@yumi/paint';
import { bufferToCanvas, bufferToDataUrl, canvasToBlob } from './pixels';

export interface ExportOptions {
  format: ExportFormat;
  /** 1-100, used by jpg and webp. */
  quality: number;
  /** 1-400 % of the document size. */
  sizePercent: number;
}

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Layered SVG: every visible layer an <image> with its opacity and blend mode, so editors keep the layers. */
function svgBlob(engine: PaintEngine, percent: number): Blob {
  const doc = engine.document;
  const w = Math.max(1, Math.round((doc.width * percent) / 100));
  const h = Math.max(1, Math.round((doc.height * percent) / 100));
  const full = { x: 0, y: 0, width: doc.width, height: doc.height };
  const images = doc.layers
    .filter((l) => l.visible && !l.surface.isEmpty())
    .map((l) => {
      const href = bufferToDataUrl({ data: l.surface.readRect(full), width: doc.width, height: doc.height });
      const blend = l.blendMode === 'normal' ? '' : ` style="mix-blend-mode:${l.blendMode}"`;
      return `  <image id="${escapeXml(l.id)}" inkscape:label="${escapeXml(l.name)}" width="${doc.width}" height="${doc.height}" opacity="${l.opacity / 100}"${blend} href="${href}"/>`;
    });
  const svg = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" width="${w}" height="${h}" viewBox="0 0 ${doc.width} ${doc.height}">
${images.join('\n')}
</svg>
`;
  return new Blob([svg], { type: 'image/svg+xml' });
}

export async function exportDrawing(engine: PaintEngine, o: ExportOptions): Promise<Blob> {
  const percent = Math.min(400, Math.max(1, Math.round(o.sizePercent)));
  if (o.format === 'svg') return svgBlob(engine, percent);
  if (o.format === 'psd') return (await import('./psd')).writePsdBlob(engine);
  const flat = engine.flatten(percent, o.format === 'jpg' ? { r: 255, g: 255, b: 255, a: 255 } : null);
  const type = o.format === 'jpg' ? 'image/jpeg' : o.format === 'webp' ? 'image/webp' : 'image/png';
  return canvasToBlob(bufferToCanvas(flat), type, Math.min(100, Math.max(1, o.quality)) / 100);
}
