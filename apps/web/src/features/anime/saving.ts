import { ApiError } from '../../shared/api/client';
import type { PaintEngine } from '@yumi/paint';
import { canvasDataToDocument, engineToCanvasData, thumbnailDataUrl } from './lib/pixels';
import { charactersApi } from './api';
import { useAnime } from './store';

/** The current drawing as a version body (layer PNGs, thumbnail, colours of the palette in use). */
export function versionBody(engine: PaintEngine, name: string, description = '') {
  return {
    name: name.trim(),
    description,
    thumbnail: thumbnailDataUrl(engine),
    canvasData: engineToCanvasData(engine),
    metadata: { pose: poseFromBrief(), colors: useAnime.getState().recentColors.slice(0, 12), expression: null },
  };
}

function poseFromBrief(): string | null {
  const el = useAnime.getState().brief.designElements.findLast((e) => e.startsWith('Pose: '));
  return el ? el.slice(6).slice(0, 60) : null;
}

/** Loads a version into the canvas as one undoable step (so a revert can be undone too). */
export async function openVersion(engine: PaintEngine, characterId: string, versionId: string): Promise<void> {
  const v = await charactersApi.version(characterId, versionId);
  engine.loadDocument(await canvasDataToDocument(v.canvasData), { undoable: true });
  window.dispatchEvent(new Event('anime:fit'));
}

/** The server's message for a failed save (size caps, version limit), or a generic one. */
export function saveError(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.message ? err.message : fallback;
}
