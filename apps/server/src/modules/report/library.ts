import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { queryRows } from '../../db/rows';
import { reportMeta } from '../../db/schema';

/**
 * References saved in the user's reports whose title, authors, venue, DOI, publisher or year contain every
 * pattern (`ILIKE ALL`; `patterns` is a text[] literal), most recently saved reports first: the literature
 * search's library. The CSL items come back as stored; the caller validates them.
 */
export async function searchReportReferences(db: Db, userId: string, patterns: string, limit: number): Promise<Array<{ reportId: string; csl: unknown }>> {
  return queryRows(
    db,
    sql`SELECT m.document_id::text AS "reportId", ref AS csl
        FROM report_meta m
        CROSS JOIN LATERAL jsonb_array_elements(
          CASE WHEN jsonb_typeof(m.meta->'references') = 'array' THEN m.meta->'references' ELSE '[]'::jsonb END) AS ref
        WHERE m.user_id = ${userId}::uuid
          AND concat_ws(' ', ref->>'title', ref->>'container-title', ref->>'DOI', ref->>'publisher', ref#>>'{issued,date-parts,0,0}',
            (SELECT string_agg(concat_ws(' ', a->>'given', a->>'family', a->>'literal'), ' ')
             FROM jsonb_array_elements(CASE WHEN jsonb_typeof(ref->'author') = 'array' THEN ref->'author' ELSE '[]'::jsonb END) AS a)
          ) ILIKE ALL (${patterns}::text[])
        ORDER BY m.updated_at DESC
        LIMIT ${limit}`,
  );
}

/** A report's metadata as stored (references, style, figures), unchecked: the data export writes it out. */
export async function storedReportMeta(db: Db, documentId: string): Promise<unknown> {
  const [row] = await db.select({ meta: reportMeta.meta }).from(reportMeta).where(eq(reportMeta.documentId, documentId)).limit(1);
  return row?.meta;
}
