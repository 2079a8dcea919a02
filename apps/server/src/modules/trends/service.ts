import type { Trends } from '@yumi/core';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { topHashtags } from '../documents';

/** A signed-in user's own list counts the hashtags in their documents saved during the last 7 days. */
const LOCAL_TREND_DAYS = 7;
const FETCH_TIMEOUT_MS = 5000;
/** Public instances rate-limit by IP; one fetch a minute per process is plenty for trends. */
const CACHE_MS = 60_000;
const MAX_BODY_BYTES = 512 * 1024;

const historySchema = z.array(z.object({ uses: z.union([z.string(), z.number()]) }).loose()).catch([]);
const mastodonTagSchema = z.object({ name: z.string().min(1).max(100), url: z.string().max(500).optional(), history: historySchema.optional() }).loose();
const mastodonLinkSchema = z.object({ url: z.string().max(2000), title: z.string().max(300), history: historySchema.optional() }).loose();

const totalUses = (history: Array<{ uses: string | number }> | undefined) =>
  (history ?? []).reduce((sum, h) => sum + (Number.isFinite(Number(h.uses)) ? Math.max(0, Math.trunc(Number(h.uses))) : 0), 0);
const safeUrl = (u: string | undefined) => (u && /^https?:\/\//i.test(u) ? u : null);

async function fetchJson(url: string, signal: AbortSignal): Promise<unknown> {
  const res = await fetch(url, { signal, headers: { accept: 'application/json', 'user-agent': 'YumiStudio/0.1 (+trends)' }, redirect: 'follow' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const text = await res.text();
  if (text.length > MAX_BODY_BYTES) throw new Error('response too large');
  return JSON.parse(text);
}

async function fromMastodon(base: string, limit: number, now: Date): Promise<Trends> {
  const root = base.replace(/\/+$/, '');
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), FETCH_TIMEOUT_MS);
  try {
    const [tagsRaw, linksRaw] = await Promise.all([
      fetchJson(`${root}/api/v1/trends/tags?limit=${limit}`, controller.signal),
      // Links (news topics) are optional: some instances switch them off.
      fetchJson(`${root}/api/v1/trends/links?limit=${Math.min(limit, 10)}`, controller.signal).catch(() => []),
    ]);
    const tags = z.array(z.unknown()).parse(tagsRaw).flatMap((t) => {
      const p = mastodonTagSchema.safeParse(t);
      return p.success ? [{ name: p.data.name, uses: totalUses(p.data.history), url: safeUrl(p.data.url) }] : [];
    });
    const links = (Array.isArray(linksRaw) ? linksRaw : []).flatMap((l) => {
      const p = mastodonLinkSchema.safeParse(l);
      const url = p.success ? safeUrl(p.data.url) : null;
      return p.success && url ? [{ title: p.data.title, url, uses: totalUses(p.data.history) }] : [];
    });
    return { source: 'mastodon', instance: new URL(root).host, fallbackReason: null, tags: tags.slice(0, limit), links, fetchedAt: now.toISOString() };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Without a public list: the signed-in user's own hashtags, or nothing for an anonymous caller. Never other
 * users' hashtags: documents are private, and even counts of a rare tag would say who wrote what.
 */
async function withoutPublicSource(ctx: AppContext, userId: string | null, limit: number, reason: NonNullable<Trends['fallbackReason']>): Promise<Trends> {
  const now = ctx.clock.now();
  const base = { instance: null, fallbackReason: reason, links: [], fetchedAt: now.toISOString() };
  if (!userId) return { ...base, source: 'none', tags: [] };
  const since = new Date(now.getTime() - LOCAL_TREND_DAYS * 24 * 3600_000);
  const rows = await topHashtags(ctx.db, userId, since, limit);
  return { ...base, source: 'own', tags: rows.map((r) => ({ name: r.tag, uses: r.uses, url: null })) };
}

/** Public: the same for every caller, so it may be cached per process. */
const cache = new Map<string, { at: number; value: Trends }>();

/** Mastodon's public trends when MASTODON_URL is set and answers; otherwise the caller's own hashtags (or none). */
export async function getTrends(ctx: AppContext, userId: string | null, limit: number): Promise<Trends> {
  const base = ctx.config.MASTODON_URL;
  if (!base) return withoutPublicSource(ctx, userId, limit, 'not-configured');
  const key = `${base}|${limit}`;
  const now = ctx.clock.now();
  const hit = cache.get(key);
  if (hit && now.getTime() - hit.at < CACHE_MS && hit.at <= now.getTime()) return hit.value;
  try {
    const value = await fromMastodon(base, limit, now);
    cache.set(key, { at: now.getTime(), value });
    return value;
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message, instance: base }, 'mastodon trends unavailable');
    return withoutPublicSource(ctx, userId, limit, 'unreachable');
  }
}
