import { eq, sql } from 'drizzle-orm';
import type { Runner } from '../../db/connection';
import { documents } from '../../db/schema';
import { derived } from './derived';

/** The stored text of a document (what a live document starts from the first time it is opened). */
export async function documentText(db: Runner, id: string): Promise<string | null> {
  const [row] = await db.select({ content: documents.content }).from(documents).where(eq(documents.id, id)).limit(1);
  return row?.content ?? null;
}

/**
 * Writes the text derived from a live document back to the row that search, export, plagiarism, counts and the
 * assistant read, as a new version (a REST client holding an older version then gets its 409, not a silent loss).
 */
export async function storeLiveText(db: Runner, id: string, content: string, now: Date): Promise<void> {
  await db
    .update(documents)
    .set({ content, ...derived(content), updatedAt: now, version: sql`${documents.version} + 1` })
    .where(sql`${documents.id} = ${id} AND ${documents.content} IS DISTINCT FROM ${content}`);
}
