import type { ReferenceResult } from '@yumi/core';
import { z } from 'zod';
import type { AppContext } from '../../context';

const openverseImage = z.object({
  id: z.string(),
  title: z.string().nullish(),
  creator: z.string().nullish(),
  license: z.string().nullish(),
  license_version: z.string().nullish(),
  foreign_landing_url: z.string().nullish(),
  width: z.number().nullish(),
  height: z.number().nullish(),
});
const openverseAnswer = z.object({ results: z.array(z.unknown()) });

const OPENVERSE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const openverseEnabled = (ctx: AppContext) => ctx.config.OPENVERSE_URL !== 'off';
const base = (ctx: AppContext) => ctx.config.OPENVERSE_URL.replace(/\/+$/, '');
/** Pictures come through our proxy: the page's CSP allows only this origin, and the canvas stays untainted. */
const openverseThumbUrl = (id: string) => `/api/anime-chara/openverse/${id}/thumb`;

/** Searches Openverse (openly licensed images); null when it is off, unreachable or answers garbage. */
export async function searchOpenverse(ctx: AppContext, q: string, limit = 20): Promise<ReferenceResult[] | null> {
  if (!openverseEnabled(ctx)) return null;
  const url = `${base(ctx)}/images/?q=${encodeURIComponent(q)}&page_size=${limit}&mature=false`;
  try {
    const res = await fetch(url, {
      signal: AbortSignal.timeout(ctx.config.REFERENCE_SEARCH_TIMEOUT_MS),
      headers: { accept: 'application/json', 'user-agent': 'YumiStudio/0.1 (+reference-search)' },
    });
    if (!res.ok) throw new Error(`Openverse answered ${res.status}`);
    const body = openverseAnswer.parse(await res.json());
    const out: ReferenceResult[] = [];
    for (const raw of body.results) {
      const r = openverseImage.safeParse(raw);
      if (!r.success || !OPENVERSE_ID.test(r.data.id)) continue;
      const i = r.data;
      out.push({
        id: `openverse:${i.id}`,
        url: openverseThumbUrl(i.id),
        title: i.title?.trim() || 'Untitled',
        source: 'openverse',
        creator: i.creator ?? null,
        license: i.license ? `${i.license.toUpperCase()}${i.license_version ? ` ${i.license_version}` : ''}` : null,
        landingUrl: i.foreign_landing_url && /^https?:\/\//.test(i.foreign_landing_url) ? i.foreign_landing_url : null,
        width: i.width ?? null,
        height: i.height ?? null,
      });
    }
    return out;
  } catch (err) {
    // Spec §8: a failed search is logged; the local results still answer.
    ctx.log.warn({ err: (err as Error).message }, 'Search failed (Openverse)');
    return null;
  }
}

const THUMB_MAX_BYTES = 8 * 1024 * 1024;

/** One Openverse thumbnail, fetched by id (never by a client-given URL) and size-capped. */
export async function fetchOpenverseThumb(ctx: AppContext, id: string): Promise<Buffer | null> {
  if (!openverseEnabled(ctx) || !OPENVERSE_ID.test(id)) return null;
  try {
    const res = await fetch(`${base(ctx)}/images/${id}/thumb/`, {
      signal: AbortSignal.timeout(ctx.config.REFERENCE_SEARCH_TIMEOUT_MS),
      headers: { 'user-agent': 'YumiStudio/0.1 (+reference-search)' },
    });
    if (!res.ok || !res.body) return null;
    if (Number(res.headers.get('content-length') ?? 0) > THUMB_MAX_BYTES) return null;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      if (size > THUMB_MAX_BYTES) return null;
      chunks.push(Buffer.from(chunk));
    }
    return Buffer.concat(chunks);
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message, id }, 'Openverse thumbnail failed');
    return null;
  }
}
