import { AI_DRAW_DEFAULT_STRENGTH, regionAround, type AiDrawMode, type Region } from '@yumi/core';
import { api } from '../../shared/api/client';

export interface AiDrawResult {
  /** Canvas-sized PNG data URL, transparent outside the region: add it as a new layer named 'AI Drawing'. */
  imageData: string;
  region: Region;
}

/**
 * The AI canvas tools for Create mode (spec §4, §7): sends the canvas and the 100x100 region around the
 * pointer (or a selected rectangle for 'regenerate') to POST /api/anime-chara/ai-draw. The caller adds the
 * answer as a layer named 'AI Drawing' through its undoable history. Failures are only logged (spec §8).
 */
export async function requestAiDraw(options: {
  canvas: HTMLCanvasElement;
  mode: AiDrawMode;
  /** Pointer position in canvas pixels (ai-brush, ai-eraser). */
  point?: { x: number; y: number };
  /** Selected rectangle (regenerate). */
  region?: Region;
  strength?: number;
  signal?: AbortSignal;
}): Promise<AiDrawResult | null> {
  const { canvas, mode } = options;
  const region = options.region ?? regionAround(options.point?.x ?? canvas.width / 2, options.point?.y ?? canvas.height / 2, canvas.width, canvas.height);
  try {
    return await api.post<AiDrawResult>(
      '/api/anime-chara/ai-draw',
      { imageData: canvas.toDataURL('image/png'), mode, strength: options.strength ?? AI_DRAW_DEFAULT_STRENGTH, region },
      { signal: options.signal, timeoutMs: 120_000 },
    );
  } catch (err) {
    console.error('AI draw failed', err);
    return null;
  }
}

/** Loads a result as an image, ready to draw into a new layer. */
export function loadAiDrawLayer(result: AiDrawResult): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('AI drawing could not be decoded'));
    img.src = result.imageData;
  });
}
