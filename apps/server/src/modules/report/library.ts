import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { reportMeta } from '../../db/schema';

/** A JSON value if it is an array, else an empty one (a hand-edited meta may hold anything). */
const arrayOrEmpty = (value: SQL) => sql`CASE WHEN jsonb_typeof(${value}) = 'array' THEN ${value} ELSE '[]'::jsonb END`;

/**
 * References saved in the user's reports whose title, authors, venue, DOI, publisher or year contain every
 * pattern (`ILIKE ALL`; `patterns` is a text[] literal), most recently saved reports first: the literature
 * search's library. The CSL items come back as stored; the caller validates them.
 */
export async function searchReportReferences(db: Db, userId: string, patterns: string, limit: number): Promise<Array<{ reportId: string; csl: unknown }>> {
  // One row per saved reference (the set-returning function in a subquery), filtered outside.
  const refs = db
    .select({
      reportId: reportMeta.documentId,
      updatedAt: reportMeta.updatedAt,
      ref: sql`jsonb_array_elements(${arrayOrEmpty(sql`${reportMeta.meta}->'references'`)})`.as('ref'),
    })
    .from(reportMeta)
    .where(eq(reportMeta.userId, userId))
    .as('refs');
  const ref = refs.ref;
  const authors = sql`(SELECT string_agg(concat_ws(' ', a->>'given', a->>'family', a->>'literal'), ' ')
    FROM jsonb_array_elements(${arrayOrEmpty(sql`${ref}->'author'`)}) AS a)`;
  const searched = sql`concat_ws(' ', ${ref}->>'title', ${ref}->>'container-title', ${ref}->>'DOI', ${ref}->>'publisher',
    ${ref}#>>'{issued,date-parts,0,0}', ${authors})`;
  return db
    .select({ reportId: refs.reportId, csl: ref })
    .from(refs)
    .where(sql`${searched} ILIKE ALL (${patterns}::text[])`)
    .orderBy(desc(refs.updatedAt))
    .limit(limit);
}

/** A report's metadata as stored (references, style, figures), unchecked: the data export writes it out. */
export async function storedReportMeta(db: Db, documentId: string): Promise<unknown> {
  const [row] = await db.select({ meta: reportMeta.meta }).from(reportMeta).where(eq(reportMeta.documentId, documentId)).limit(1);
  return row?.meta;
}
