import { and, asc, count, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Runner } from '../../db/connection';
import { documentEditActivity, documentVersions } from '../../db/schema';

export type VersionRow = typeof documentVersions.$inferSelect;
export type VersionSummaryRow = Omit<VersionRow, 'content'>;

/** Per-document lock key space (pg_advisory_xact_lock(int, int)): every write of a document's history takes it. */
const HISTORY_LOCK = 0x686973; // 'his'

/**
 * Runs `work` in a transaction holding the document's history lock, so two processes seeing the same edit
 * cannot both take a version, and the cap counts what is really there.
 */
export async function underHistoryLock<T>(db: Db, documentId: string, work: (tx: Runner) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${HISTORY_LOCK}::int, hashtext(${documentId}))`);
    return work(tx);
  });
}

/** Records that these people edited the document at `at`. */
export async function noteEditors(db: Runner, documentId: string, userIds: string[], at: Date): Promise<void> {
  if (!userIds.length) return;
  await db
    .insert(documentEditActivity)
    .values([...new Set(userIds)].map((userId) => ({ documentId, userId, lastEditAt: at })))
    .onConflictDoUpdate({ target: [documentEditActivity.documentId, documentEditActivity.userId], set: { lastEditAt: at } });
}

/** Who edited since the newest version, in the order of their last edits; the rows are cleared, as the version being taken lists them. */
export async function takeEditors(db: Runner, documentId: string): Promise<string[]> {
  const rows = await db
    .delete(documentEditActivity)
    .where(eq(documentEditActivity.documentId, documentId))
    .returning({ userId: documentEditActivity.userId, at: documentEditActivity.lastEditAt });
  return rows.sort((a, b) => a.at.getTime() - b.at.getTime()).map((r) => r.userId);
}

/** Newest first; times are strictly increasing per document (service.ts), so the order is total. */
const newestFirst = [desc(documentVersions.createdAt), desc(documentVersions.id)];

export async function newestVersion(db: Runner, documentId: string): Promise<Pick<VersionRow, 'id' | 'content' | 'createdAt'> | undefined> {
  const [row] = await db
    .select({ id: documentVersions.id, content: documentVersions.content, createdAt: documentVersions.createdAt })
    .from(documentVersions)
    .where(eq(documentVersions.documentId, documentId))
    .orderBy(...newestFirst)
    .limit(1);
  return row;
}

export async function newestVersionAt(db: Runner, documentId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: documentVersions.createdAt })
    .from(documentVersions)
    .where(eq(documentVersions.documentId, documentId))
    .orderBy(...newestFirst)
    .limit(1);
  return row?.createdAt;
}

export async function insertVersion(db: Runner, values: typeof documentVersions.$inferInsert): Promise<VersionRow> {
  const [row] = await db.insert(documentVersions).values(values).returning();
  return row!;
}

export async function countNamed(db: Runner, documentId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(documentVersions)
    .where(and(eq(documentVersions.documentId, documentId), eq(documentVersions.kind, 'named')));
  return row?.n ?? 0;
}

/** Deletes the oldest unnamed versions until the document has at most `max`; named versions are never pruned. */
export async function pruneVersions(db: Runner, documentId: string, max: number): Promise<void> {
  const [total] = await db.select({ n: count() }).from(documentVersions).where(eq(documentVersions.documentId, documentId));
  const excess = (total?.n ?? 0) - max;
  if (excess <= 0) return;
  const oldest = await db
    .select({ id: documentVersions.id })
    .from(documentVersions)
    .where(and(eq(documentVersions.documentId, documentId), ne(documentVersions.kind, 'named')))
    .orderBy(asc(documentVersions.createdAt), asc(documentVersions.id))
    .limit(excess);
  if (oldest.length) await db.delete(documentVersions).where(inArray(documentVersions.id, oldest.map((r) => r.id)));
}

const summaryColumns = {
  id: documentVersions.id,
  documentId: documentVersions.documentId,
  kind: documentVersions.kind,
  name: documentVersions.name,
  chars: documentVersions.chars,
  authors: documentVersions.authors,
  createdBy: documentVersions.createdBy,
  restoredFrom: documentVersions.restoredFrom,
  createdAt: documentVersions.createdAt,
};

/** A document's versions without their text, newest first (at most `limit`). */
export async function listVersions(db: Runner, documentId: string, limit: number): Promise<VersionSummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(documentVersions)
    .where(eq(documentVersions.documentId, documentId))
    .orderBy(...newestFirst)
    .limit(limit);
}

/** The version, only if it is one of this document's (an id of another document's version finds nothing). */
const versionOf = (documentId: string, versionId: string) => and(eq(documentVersions.id, versionId), eq(documentVersions.documentId, documentId));

/** One version with its text, if it is one of this document's. */
export async function findVersion(db: Runner, documentId: string, versionId: string): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(documentVersions)
    .where(versionOf(documentId, versionId))
    .limit(1);
  return row;
}

export async function hasVersion(db: Runner, documentId: string, versionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: documentVersions.id })
    .from(documentVersions)
    .where(versionOf(documentId, versionId))
    .limit(1);
  return row !== undefined;
}

/** A document's named versions with their text, in id order from `after` (the account export pages through them). */
export async function namedVersionsPage(db: Db, documentId: string, after: string | null, limit: number): Promise<VersionRow[]> {
  const named = and(eq(documentVersions.documentId, documentId), eq(documentVersions.kind, 'named'));
  return db
    .select()
    .from(documentVersions)
    .where(after ? and(named, gt(documentVersions.id, after)) : named)
    .orderBy(asc(documentVersions.id))
    .limit(limit);
}
