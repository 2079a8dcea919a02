import type { CSSProperties } from 'react';

/** Background settings of the writing and report screens (first document §3). */
export interface BackgroundSettings {
  type: 'solid' | 'gradient' | 'image';
  color: string;
  gradient: string;
  /** A data URL from a chosen image file. */
  image: string | null;
  opacity: number;
}

export const GRADIENT_PRESETS = [
  { id: 'darkSlate', value: 'linear-gradient(135deg, #0f172a 0%, #1e293b 55%, #334155 100%)' },
  { id: 'deepBlue', value: 'linear-gradient(135deg, #0c1445 0%, #1e3a8a 60%, #2563eb 100%)' },
  { id: 'professionalGray', value: 'linear-gradient(135deg, #1f2937 0%, #374151 60%, #4b5563 100%)' },
  { id: 'yumiDream', value: 'linear-gradient(135deg, #2e1065 0%, #6d28d9 55%, #db2777 100%)' },
] as const;

const DEFAULT_BACKGROUND_COLOR = '#1e293b';
export const OPACITY_MIN = 0.1;
export const OPACITY_MAX = 1;
export const OPACITY_STEP = 0.1;

export function defaultBackground(opacity: number): BackgroundSettings {
  return { type: 'solid', color: DEFAULT_BACKGROUND_COLOR, gradient: GRADIENT_PRESETS[0].value, image: null, opacity };
}

/** Clamps to 0.1..1 in steps of 0.1. */
export function clampOpacity(value: number): number {
  if (!Number.isFinite(value)) return 0.9;
  return Math.min(OPACITY_MAX, Math.max(OPACITY_MIN, Math.round(value * 10) / 10));
}

const safeColor = (c: string) => (/^#[0-9a-f]{6}$/i.test(c) ? c : DEFAULT_BACKGROUND_COLOR);
const safeGradient = (g: string) => (GRADIENT_PRESETS.some((p) => p.value === g) ? g : GRADIENT_PRESETS[0].value);
const safeImage = (i: string | null) => (i && /^data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/=]+$/.test(i) ? i : null);

/** Repairs stored settings: anything unknown falls back to the defaults (no CSS injection via storage). */
export function normalizeBackground(value: unknown, opacity: number): BackgroundSettings {
  const d = defaultBackground(opacity);
  if (!value || typeof value !== 'object') return d;
  const v = value as Partial<BackgroundSettings>;
  const type = v.type === 'gradient' || v.type === 'image' || v.type === 'solid' ? v.type : d.type;
  const image = safeImage(typeof v.image === 'string' ? v.image : null);
  return {
    type: type === 'image' && !image ? 'solid' : type,
    color: typeof v.color === 'string' ? safeColor(v.color) : d.color,
    gradient: typeof v.gradient === 'string' ? safeGradient(v.gradient) : d.gradient,
    image,
    opacity: typeof v.opacity === 'number' ? clampOpacity(v.opacity) : d.opacity,
  };
}

/** Style of the absolutely positioned background layer behind a screen. */
export function backgroundLayerStyle(s: BackgroundSettings): CSSProperties {
  const base: CSSProperties = { position: 'absolute', inset: 0, opacity: s.opacity, pointerEvents: 'none', zIndex: 0 };
  if (s.type === 'gradient') return { ...base, background: s.gradient };
  if (s.type === 'image' && s.image) return { ...base, backgroundImage: `url("${s.image}")`, backgroundSize: 'cover', backgroundPosition: 'center' };
  return { ...base, background: s.color };
}

/** Longest side of a background image kept in storage; larger pictures are scaled down. */
const MAX_IMAGE_SIDE = 1920;
const MAX_BACKGROUND_FILE_BYTES = 15 * 1024 * 1024;

/** Reads an image file into a compact JPEG data URL (fits local storage); rejects non-images. */
export async function imageFileToDataUrl(file: File): Promise<string> {
  if (!file.type.startsWith('image/')) throw new Error('not-image');
  if (file.size > MAX_BACKGROUND_FILE_BYTES) throw new Error('too-large');
  const bitmap = await createImageBitmap(file).catch(() => {
    throw new Error('not-image');
  });
  const scale = Math.min(1, MAX_IMAGE_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas.toDataURL('image/jpeg', 0.85);
}
