import { cslItemSchema, LIBRARY_MAX_RESULTS, type LibrarySearch } from '@yumi/core';
import type { Db } from '../../db/connection';
import { documentTitles, searchDocuments } from '../documents';
import { searchReportReferences } from '../report';

/** Query words as ILIKE patterns (every word must occur; %, _ and \ taken literally). */
function patterns(q: string): string[] {
  const words = q.split(/\s+/u).filter(Boolean).slice(0, 8);
  return words.map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}
/** A PostgreSQL text[] literal, each element quoted. */
const textArray = (values: string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;

/** Saved references read before the duplicates (the same reference in several reports) are dropped. */
const REFERENCE_ROWS_MAX = 200;

/**
 * The user's own library searched by substring (works for every script, CJK included, with no index to
 * keep): references saved in their reports (the report module's), matched on title, authors, venue, DOI and
 * year, the same reference in several reports once; documents (the documents module's) matched on title and
 * text, newest first, with a snippet.
 */
export async function searchLibrary(db: Db, userId: string, q: string): Promise<LibrarySearch> {
  const pats = patterns(q);
  if (!pats.length) return { references: [], documents: [] };
  const like = textArray(pats);
  const [refs, docs] = await Promise.all([
    searchReportReferences(db, userId, like, REFERENCE_ROWS_MAX),
    searchDocuments(db, userId, { patterns: like, first: q.split(/\s+/u).find(Boolean)!, limit: LIBRARY_MAX_RESULTS }),
  ]);
  const seen = new Set<string>();
  const found: Array<{ csl: LibrarySearch['references'][number]['csl']; reportId: string }> = [];
  for (const r of refs) {
    const item = cslItemSchema.safeParse(r.csl);
    if (!item.success) continue;
    const key = (item.data.DOI ?? item.data.title ?? item.data.id).toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    found.push({ csl: item.data, reportId: r.reportId });
    if (found.length >= LIBRARY_MAX_RESULTS) break;
  }
  const titles = await documentTitles(db, userId, [...new Set(found.map((r) => r.reportId))]);
  return {
    references: found.map((r) => ({ ...r, reportTitle: titles.get(r.reportId) ?? '' })),
    documents: docs.map((d) => ({ ...d, snippet: d.snippet.replace(/\s+/g, ' ').trim() })),
  };
}
