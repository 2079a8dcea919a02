import { CUSTOM_BACKGROUND_MAX_CHARS, CUSTOM_BACKGROUND_MAX_FILE_BYTES } from '@yumi/core';

export type BackgroundFileResult = { kind: 'ignored' } | { kind: 'tooLarge' } | { kind: 'notImage' } | { kind: 'ok'; dataUrl: string };

const MAX_SIDE = 1920;

/**
 * A custom background upload (§5): non-image types are ignored silently, files over 5 MB are refused;
 * the image is decoded (so a fake 'image' fails here) and re-encoded as a JPEG of at most 1920 px,
 * small enough for local storage and the server's preferences.
 */
export async function readBackgroundFile(file: File): Promise<BackgroundFileResult> {
  if (!file.type.startsWith('image/')) return { kind: 'ignored' };
  if (file.size > CUSTOM_BACKGROUND_MAX_FILE_BYTES) return { kind: 'tooLarge' };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return { kind: 'notImage' };
  }
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const g = canvas.getContext('2d');
  if (!g) return { kind: 'notImage' };
  g.fillStyle = '#0f172a'; // transparent areas become the app's dark slate, not black
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  for (const quality of [0.85, 0.72, 0.6, 0.45, 0.3]) {
    const dataUrl = canvas.toDataURL('image/jpeg', quality);
    if (dataUrl.length <= CUSTOM_BACKGROUND_MAX_CHARS) return { kind: 'ok', dataUrl };
  }
  return { kind: 'tooLarge' };
}
