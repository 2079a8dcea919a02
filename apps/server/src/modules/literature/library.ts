import { cslItemSchema, LIBRARY_MAX_RESULTS, type LibrarySearch } from '@yumi/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { rowsOf } from '../../db/rows';


/** Query words as ILIKE patterns (every word must occur; %, _ and \ taken literally). */
function patterns(q: string): string[] {
  const words = q.split(/\s+/u).filter(Boolean).slice(0, 8);
  return words.map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}
/** A PostgreSQL text[] literal, each element quoted. */
const textArray = (values: string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;

/**
 * The user's own library searched by substring (works for every script, CJK included, with no index to
 * keep): references saved in their reports, matched on title, authors, venue, DOI and year, the same
 * reference in several reports once; documents matched on title and text, newest first, with a snippet.
 */
export async function searchLibrary(db: Db, userId: string, q: string): Promise<LibrarySearch> {
  const pats = patterns(q);
  if (!pats.length) return { references: [], documents: [] };
  const like = textArray(pats);
  const refs = await db.execute(sql`
    SELECT d.id::text AS report_id, d.title AS report_title, ref AS csl
    FROM report_meta m
    JOIN documents d ON d.id = m.document_id
    CROSS JOIN LATERAL jsonb_array_elements(
      CASE WHEN jsonb_typeof(m.meta->'references') = 'array' THEN m.meta->'references' ELSE '[]'::jsonb END) AS ref
    WHERE m.user_id = ${userId}::uuid
      AND concat_ws(' ', ref->>'title', ref->>'container-title', ref->>'DOI', ref->>'publisher', ref#>>'{issued,date-parts,0,0}',
        (SELECT string_agg(concat_ws(' ', a->>'given', a->>'family', a->>'literal'), ' ')
         FROM jsonb_array_elements(CASE WHEN jsonb_typeof(ref->'author') = 'array' THEN ref->'author' ELSE '[]'::jsonb END) AS a)
      ) ILIKE ALL (${like}::text[])
    ORDER BY d.updated_at DESC
    LIMIT 200`);
  const seen = new Set<string>();
  const references: LibrarySearch['references'] = [];
  for (const r of rowsOf<{ report_id: string; report_title: string; csl: unknown }>(refs)) {
    const item = cslItemSchema.safeParse(r.csl);
    if (!item.success) continue;
    const key = (item.data.DOI ?? item.data.title ?? item.data.id).toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    references.push({ csl: item.data, reportId: r.report_id, reportTitle: r.report_title });
    if (references.length >= LIBRARY_MAX_RESULTS) break;
  }
  const first = q.split(/\s+/u).find(Boolean)!;
  const docs = await db.execute(sql`
    SELECT id::text AS id, title, kind,
      substr(content, greatest(1, strpos(lower(content), lower(${first})) - 80), 240) AS snippet
    FROM documents
    WHERE user_id = ${userId}::uuid AND (title || ' ' || content) ILIKE ALL (${like}::text[])
    ORDER BY updated_at DESC
    LIMIT ${LIBRARY_MAX_RESULTS}`);
  const documents = rowsOf<{ id: string; title: string; kind: 'writing' | 'report'; snippet: string }>(docs).map((d) => ({
    ...d,
    snippet: d.snippet.replace(/\s+/g, ' ').trim(),
  }));
  return { references, documents };
}
