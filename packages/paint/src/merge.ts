import { blendPixel } from './blend.js';
import type { TileRecorder } from './history.js';
import type { Layer } from './layer.js';
import { TILE_SIZE, tileRect } from './tiles.js';

/**
 * Bakes `upper` (with its opacity and blend mode) into `lower`'s pixels, as the pair looks with the
 * lower layer on its own. Only tiles where the upper layer has pixels are touched.
 */
export function mergeLayerInto(upper: Layer, lower: Layer, recorder: TileRecorder): void {
  const opacity = upper.opacity / 100;
  // Clipped onto this very layer: only where it has pixels, scaled by its coverage.
  const clipped = upper.clipping && !lower.clipping;
  const mode = upper.blendMode;
  const acc = new Float32Array(4);
  for (const index of upper.surface.allocatedTiles()) {
    const src = upper.surface.tile(index);
    if (!src) continue;
    recorder.before(index);
    const dst = lower.surface.ensureTile(index);
    for (let p = 0; p < TILE_SIZE * TILE_SIZE * 4; p += 4) {
      const da = (dst[p + 3] as number) / 255;
      const sa = ((src[p + 3] as number) / 255) * opacity * (clipped ? da : 1);
      if (sa <= 0) continue;
      acc[0] = ((dst[p] as number) / 255) * da;
      acc[1] = ((dst[p + 1] as number) / 255) * da;
      acc[2] = ((dst[p + 2] as number) / 255) * da;
      acc[3] = da;
      blendPixel(
        acc,
        0,
        ((src[p] as number) / 255) * sa,
        ((src[p + 1] as number) / 255) * sa,
        ((src[p + 2] as number) / 255) * sa,
        sa,
        mode,
      );
      const a = acc[3] as number;
      dst[p] = ((acc[0] as number) / a) * 255;
      dst[p + 1] = ((acc[1] as number) / a) * 255;
      dst[p + 2] = ((acc[2] as number) / a) * 255;
      dst[p + 3] = a * 255;
    }
    recorder.changed(tileRect(lower.surface, index));
  }
}
