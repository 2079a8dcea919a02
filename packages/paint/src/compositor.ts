import { blendPixel } from './blend.js';
import type { RGBA } from './color.js';
import type { PaintDocument } from './document.js';
import { intersectRect, type Rect } from './geometry.js';
import type { MaskSurface } from './mask.js';
import { forEachTileIn, TILE_SIZE } from './tiles.js';

/** An RGBA (straight alpha) pixel buffer, shaped like ImageData so it can be wrapped without copying. */
export interface PixelBuffer {
  readonly data: Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
}

export function createPixelBuffer(width: number, height: number): PixelBuffer {
  return { data: new Uint8ClampedArray(width * height * 4), width, height };
}

/** How a stroke's coverage mask changes its layer: paint the colour over, or erase (destination-out). */
export type StrokeMode = 'paint' | 'erase';

/** A stroke in progress, shown on its layer by the compositor exactly as committing would apply it. */
export interface StrokePreview {
  readonly layerId: string;
  readonly mask: MaskSurface;
  readonly mode: StrokeMode;
  readonly color: RGBA;
}

export interface CompositeOptions {
  /** Opaque or translucent colour under all layers; null/omitted leaves transparency (default). */
  background?: RGBA | null;
  preview?: StrokePreview | null;
}

const INV255 = 1 / 255;

/**
 * Composites the visible layers for one rectangle at a time, so a frame only pays for what changed.
 * Layers are straight alpha; accumulation happens premultiplied in float, the output is straight 8-bit.
 * Keeps its float scratch buffer between calls to avoid per-frame allocation.
 */
export class Compositor {
  private acc = new Float32Array(0);

  /**
   * Writes the composite of `area` into `target` at (targetX, targetY), default the same position
   * (target is then a document-sized buffer, as the engine's output is).
   */
  compositeInto(
    doc: PaintDocument,
    area: Rect,
    target: PixelBuffer,
    options: CompositeOptions = {},
    targetX: number = area.x,
    targetY: number = area.y,
  ): void {
    const clip = intersectRect(area, { x: 0, y: 0, width: doc.width, height: doc.height });
    if (clip.width <= 0 || clip.height <= 0) return;
    const tx = targetX + (clip.x - area.x);
    const ty = targetY + (clip.y - area.y);
    const w = clip.width;
    const h = clip.height;
    const n = w * h * 4;
    if (this.acc.length < n) this.acc = new Float32Array(Math.max(n, this.acc.length * 2));
    const acc = this.acc;

    const bg = options.background;
    if (bg && bg.a > 0) {
      const ba = bg.a * INV255;
      const br = bg.r * INV255 * ba;
      const bgG = bg.g * INV255 * ba;
      const bb = bg.b * INV255 * ba;
      for (let i = 0; i < n; i += 4) {
        acc[i] = br;
        acc[i + 1] = bgG;
        acc[i + 2] = bb;
        acc[i + 3] = ba;
      }
    } else {
      acc.fill(0, 0, n);
    }

    const preview = options.preview ?? null;
    for (const layer of doc.layers) {
      if (!layer.visible || layer.opacity <= 0) continue;
      const opacity = layer.opacity / 100;
      const mode = layer.blendMode;
      const surface = layer.surface;
      const live = preview && preview.layerId === layer.id ? preview : null;
      forEachTileIn(surface, clip, (index, o, ox, oy) => {
        const tile = surface.tile(index);
        const maskTile = live ? live.mask.tile(index) : null;
        if (!tile && !maskTile) return; // transparent source leaves the backdrop unchanged in every mode
        const mask = maskTile ? maskTile.data : null;
        const erase = live?.mode === 'erase';
        const inkR = live ? live.color.r * INV255 : 0;
        const inkG = live ? live.color.g * INV255 : 0;
        const inkB = live ? live.color.b * INV255 : 0;
        for (let y = o.y; y < o.y + o.height; y++) {
          let p = (y - oy) * TILE_SIZE + (o.x - ox);
          let i = ((y - clip.y) * w + (o.x - clip.x)) * 4;
          for (let x = 0; x < o.width; x++, p++, i += 4) {
            const t = p * 4;
            let a = tile ? (tile[t + 3] as number) * INV255 : 0;
            let r = 0;
            let g = 0;
            let b = 0;
            if (a > 0 && tile) {
              // premultiply the stored straight colour
              r = (tile[t] as number) * INV255 * a;
              g = (tile[t + 1] as number) * INV255 * a;
              b = (tile[t + 2] as number) * INV255 * a;
            }
            if (mask) {
              const m = mask[p] as number;
              if (m > 0) {
                const k = 1 - m;
                if (erase) {
                  r *= k;
                  g *= k;
                  b *= k;
                  a *= k;
                } else {
                  r = inkR * m + r * k;
                  g = inkG * m + g * k;
                  b = inkB * m + b * k;
                  a = m + a * k;
                }
              }
            }
            if (a <= 0) continue;
            blendPixel(acc, i, r * opacity, g * opacity, b * opacity, a * opacity, mode);
          }
        }
      });
    }

    const out = target.data;
    const stride = target.width * 4;
    for (let y = 0; y < h; y++) {
      let i = y * w * 4;
      let o = (ty + y) * stride + tx * 4;
      for (let x = 0; x < w; x++, i += 4, o += 4) {
        const a = acc[i + 3] as number;
        if (a <= 0) {
          out[o] = 0;
          out[o + 1] = 0;
          out[o + 2] = 0;
          out[o + 3] = 0;
          continue;
        }
        const s = 255 / a;
        out[o] = (acc[i] as number) * s;
        out[o + 1] = (acc[i + 1] as number) * s;
        out[o + 2] = (acc[i + 2] as number) * s;
        out[o + 3] = a * 255;
      }
    }
  }

  /** Composite of `area` as its own packed buffer (e.g. for export or a thumbnail). */
  compositeRect(doc: PaintDocument, area: Rect, options: CompositeOptions = {}): PixelBuffer {
    const buf = createPixelBuffer(area.width, area.height);
    this.compositeInto(doc, area, buf, options, 0, 0);
    return buf;
  }
}
