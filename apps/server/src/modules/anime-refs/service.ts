import { STYLE_TEMPLATES, YUMI_REFERENCES, type ReferenceResult, type ReferenceSearchResponse } from '@yumi/core';
import sharp from 'sharp';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/http-error';
import { listReferenceArtworks } from '../art';
import { fetchOpenverseThumb, searchOpenverse } from './openverse';

export function listTemplates() {
  return { templates: STYLE_TEMPLATES.map((t) => ({ ...t, characteristics: [...t.characteristics], proportions: { ...t.proportions } })) };
}

const matches = (words: string[], text: string) => words.every((w) => text.includes(w));

/** This server's own pictures: the Yumi references and approved contributions, by title and tags. */
async function searchLibrary(ctx: AppContext, q: string): Promise<ReferenceResult[]> {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  const yumi: ReferenceResult[] = YUMI_REFERENCES.filter((r) => matches(words, `${r.title} ${r.description} ${r.tags.join(' ')} yumi`.toLowerCase())).map((r) => ({
    id: r.id,
    url: r.src,
    title: r.title,
    source: 'library',
    creator: 'Yumi Studio',
    license: null,
    landingUrl: null,
    width: null,
    height: null,
  }));
  const art = await listReferenceArtworks(ctx, { q, limit: 24 });
  return [
    ...yumi,
    ...art.map((a) => ({ id: `art:${a.id}`, url: a.imageUrl, title: a.title, source: 'library' as const, creator: null, license: null, landingUrl: null, width: a.width ?? null, height: a.height ?? null })),
  ];
}

/** Spec §7 reference search: the library first, then Openverse when configured and reachable. */
export async function referenceSearch(ctx: AppContext, rawQuery: string): Promise<ReferenceSearchResponse> {
  const q = rawQuery.trim();
  // Spec §5: the search runs only for a non-empty query.
  if (!q) return { results: [], openverse: false };
  const [library, openverse] = await Promise.all([searchLibrary(ctx, q), searchOpenverse(ctx, q)]);
  return { results: [...library, ...(openverse ?? [])], openverse: openverse !== null };
}

/** Re-encodes the thumbnail (only pixels reach the browser) as WebP. */
export async function openverseThumb(ctx: AppContext, id: string): Promise<Buffer> {
  const raw = await fetchOpenverseThumb(ctx, id);
  if (!raw) throw notFound('Image');
  try {
    return await sharp(raw, { limitInputPixels: 4096 * 4096 }).rotate().resize(1024, 1024, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 85 }).toBuffer();
  } catch {
    throw notFound('Image');
  }
}
