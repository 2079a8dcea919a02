import { createImage, fillRect } from './image';
import type { Rgba, RgbaImage } from './image';

/** Fills the ellipse, or with `ring` only the band `ring` pixels wide inside its edge. */
export function drawEllipse(
  image: RgbaImage,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  color: Rgba,
  ring?: number,
): void {
  const x0 = Math.max(0, Math.floor(cx - rx));
  const x1 = Math.min(image.width - 1, Math.ceil(cx + rx));
  const y0 = Math.max(0, Math.floor(cy - ry));
  const y1 = Math.min(image.height - 1, Math.ceil(cy + ry));
  const inner = ring === undefined ? null : { rx: Math.max(0, rx - ring), ry: Math.max(0, ry - ring) };
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const dx = x + 0.5 - cx;
      const dy = y + 0.5 - cy;
      if ((dx * dx) / (rx * rx) + (dy * dy) / (ry * ry) > 1) continue;
      if (inner && inner.rx > 0 && inner.ry > 0) {
        if ((dx * dx) / (inner.rx * inner.rx) + (dy * dy) / (inner.ry * inner.ry) <= 1) continue;
      }
      const i = (y * image.width + x) * 4;
      image.data[i] = color.r;
      image.data[i + 1] = color.g;
      image.data[i + 2] = color.b;
      image.data[i + 3] = color.a;
    }
  }
}

const INK: Rgba = { r: 20, g: 16, b: 24, a: 255 };

/**
 * A flat-coloured, black-outlined character-like drawing (head, hair, eyes, body on a soft
 * background gradient), used by tests, benchmarks and demos as a stand-in for a canvas.
 */
export function createSyntheticDrawing(width = 800, height = 600): RgbaImage {
  const img = createImage(width, height);
  for (let y = 0; y < height; y++) {
    // A gentle vertical sky gradient, so analyses see more than flat colours.
    const t = y / Math.max(1, height - 1);
    fillRect(
      img,
      { x: 0, y, width, height: 1 },
      {
        r: Math.round(232 - 20 * t),
        g: Math.round(240 - 16 * t),
        b: 255,
        a: 255,
      },
    );
  }
  const s = Math.min(width, height) / 600;
  const cx = width / 2;
  const line = Math.max(2, Math.round(3 * s));
  // Body.
  fillRect(img, { x: cx - 130 * s, y: 380 * s, width: 260 * s, height: 220 * s }, INK);
  fillRect(
    img,
    { x: cx - 130 * s + line, y: 380 * s + line, width: 260 * s - 2 * line, height: 220 * s },
    { r: 102, g: 126, b: 234, a: 255 },
  );
  // Hair behind the head, then the head, then the fringe.
  drawEllipse(img, cx, 230 * s, 190 * s, 200 * s, INK);
  drawEllipse(img, cx, 230 * s, 190 * s - line, 200 * s - line, { r: 255, g: 107, b: 157, a: 255 });
  drawEllipse(img, cx, 260 * s, 140 * s, 150 * s, INK);
  drawEllipse(img, cx, 260 * s, 140 * s - line, 150 * s - line, { r: 255, g: 224, b: 200, a: 255 });
  drawEllipse(img, cx, 150 * s, 150 * s, 60 * s, INK);
  drawEllipse(img, cx, 150 * s, 150 * s - line, 60 * s - line, { r: 255, g: 107, b: 157, a: 255 });
  // Eyes.
  for (const ex of [cx - 55 * s, cx + 55 * s]) {
    drawEllipse(img, ex, 280 * s, 26 * s, 34 * s, INK);
    drawEllipse(img, ex, 280 * s, 26 * s - line, 34 * s - line, { r: 79, g: 172, b: 254, a: 255 });
    drawEllipse(img, ex - 8 * s, 268 * s, 7 * s, 7 * s, { r: 255, g: 255, b: 255, a: 255 });
  }
  // Mouth.
  fillRect(img, { x: cx - 18 * s, y: 350 * s, width: 36 * s, height: line }, INK);
  return img;
}
