import type { SuggestionOutcome } from '@yumi/core';
import { and, asc, count, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db, Runner } from '../../db/connection';
import { documentComments } from '../../db/schema';

export type CommentRow = typeof documentComments.$inferSelect;

/** Per-document lock key space (pg_advisory_xact_lock(int, int)): every write of a document's comments takes it. */
const COMMENT_LOCK = 0x636d74; // 'cmt'

/**
 * Runs `work` in a transaction holding the document's comment lock, so counting against the cap and inserting
 * are one step, and a reply cannot be added to a thread being deleted.
 */
export async function underCommentLock<T>(db: Db, documentId: string, work: (tx: Runner) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${COMMENT_LOCK}::int, hashtext(${documentId}))`);
    return work(tx);
  });
}

/** Openings and replies together: what MAX_COMMENTS_PER_DOCUMENT bounds. */
export async function countComments(db: Runner, documentId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(documentComments).where(eq(documentComments.documentId, documentId));
  return row?.n ?? 0;
}

export async function insertComment(db: Runner, values: typeof documentComments.$inferInsert): Promise<CommentRow> {
  const [row] = await db.insert(documentComments).values(values).returning();
  return row!;
}

const oldestFirst = [asc(documentComments.createdAt), asc(documentComments.id)];

/** The thread's opening, if it is one of this document's. */
const openingOf = (documentId: string, threadId: string) =>
  and(eq(documentComments.id, threadId), eq(documentComments.documentId, documentId), isNull(documentComments.threadId));
/** A suggestion nobody has accepted or rejected yet. */
const openSuggestion = and(isNotNull(documentComments.suggestion), isNull(documentComments.outcome));

/** Every comment of a document, oldest first (at most MAX_COMMENTS_PER_DOCUMENT rows). */
export async function listComments(db: Runner, documentId: string): Promise<CommentRow[]> {
  return db
    .select()
    .from(documentComments)
    .where(eq(documentComments.documentId, documentId))
    .orderBy(...oldestFirst);
}

/** One thread: its opening, then its replies oldest first; empty when the document has no such thread. */
export async function threadComments(db: Runner, documentId: string, threadId: string): Promise<CommentRow[]> {
  const rows = await db
    .select()
    .from(documentComments)
    .where(and(eq(documentComments.documentId, documentId), or(eq(documentComments.id, threadId), eq(documentComments.threadId, threadId))))
    .orderBy(sql`${documentComments.threadId} IS NOT NULL`, ...oldestFirst);
  return rows[0]?.threadId === null ? rows : [];
}

/** A thread's opening comment, if it is one of this document's. */
export async function findOpening(db: Runner, documentId: string, threadId: string): Promise<CommentRow | undefined> {
  const [row] = await db
    .select()
    .from(documentComments)
    .where(openingOf(documentId, threadId))
    .limit(1);
  return row;
}

/** A reply, if it is in this thread of this document. */
export async function findReply(db: Runner, documentId: string, threadId: string, commentId: string): Promise<CommentRow | undefined> {
  const [row] = await db
    .select()
    .from(documentComments)
    .where(and(eq(documentComments.id, commentId), eq(documentComments.documentId, documentId), eq(documentComments.threadId, threadId)))
    .limit(1);
  return row;
}

type Resolution = { at: Date; by: string };

/** Resolves (by whom, when) or reopens (null) a plain comment's thread; false when the document has no such thread. */
export async function setResolved(db: Runner, documentId: string, threadId: string, resolution: Resolution | null): Promise<boolean> {
  const rows = await db
    .update(documentComments)
    .set({ resolvedAt: resolution?.at ?? null, resolvedBy: resolution?.by ?? null })
    .where(and(openingOf(documentId, threadId), isNull(documentComments.suggestion)))
    .returning({ id: documentComments.id });
  return rows.length > 0;
}

/** Changes an open suggestion's range and text; false when the document has no such open suggestion. */
export async function reviseSuggestion(
  db: Runner,
  documentId: string,
  threadId: string,
  values: Pick<CommentRow, 'anchorStart' | 'anchorEnd' | 'quote' | 'suggestion'>,
): Promise<boolean> {
  const rows = await db
    .update(documentComments)
    .set(values)
    .where(and(openingOf(documentId, threadId), openSuggestion))
    .returning({ id: documentComments.id });
  return rows.length > 0;
}

/**
 * Decides an open suggestion, and answers it as decided; undefined when it is not an open suggestion of
 * this document. The condition makes the decision itself the check: of two at once, only one changes the row.
 */
export async function decide(db: Runner, documentId: string, threadId: string, outcome: SuggestionOutcome, resolution: Resolution): Promise<CommentRow | undefined> {
  const [row] = await db
    .update(documentComments)
    .set({ outcome, resolvedAt: resolution.at, resolvedBy: resolution.by })
    .where(and(openingOf(documentId, threadId), openSuggestion))
    .returning();
  return row;
}

/** Opens an accepted suggestion again (its text could not be applied). */
export async function undoAccept(db: Runner, id: string): Promise<void> {
  await db
    .update(documentComments)
    .set({ outcome: null, resolvedAt: null, resolvedBy: null })
    .where(and(eq(documentComments.id, id), eq(documentComments.outcome, 'accepted')));
}

/** The ids of a document's open suggestions, oldest first. */
export async function openSuggestionIds(db: Runner, documentId: string): Promise<string[]> {
  const rows = await db
    .select({ id: documentComments.id })
    .from(documentComments)
    .where(and(eq(documentComments.documentId, documentId), isNull(documentComments.threadId), openSuggestion))
    .orderBy(...oldestFirst);
  return rows.map((r) => r.id);
}

/** Rejects every open suggestion of a document at once; answers how many. */
export async function rejectOpenSuggestions(db: Runner, documentId: string, resolution: Resolution): Promise<number> {
  const rows = await db
    .update(documentComments)
    .set({ outcome: 'rejected', resolvedAt: resolution.at, resolvedBy: resolution.by })
    .where(and(eq(documentComments.documentId, documentId), isNull(documentComments.threadId), openSuggestion))
    .returning({ id: documentComments.id });
  return rows.length;
}

/** Deletes one comment; an opening takes its replies with it (thread_id ON DELETE CASCADE). */
export async function deleteComment(db: Runner, id: string): Promise<void> {
  await db.delete(documentComments).where(eq(documentComments.id, id));
}

/** The comments a user wrote, on any document, in id order from `after` (the account export pages through them). */
export async function commentsByAuthor(db: Db, authorId: string, after: string | null, limit: number): Promise<CommentRow[]> {
  const mine = eq(documentComments.authorId, authorId);
  return db
    .select()
    .from(documentComments)
    .where(after ? and(mine, gt(documentComments.id, after)) : mine)
    .orderBy(asc(documentComments.id))
    .limit(limit);
}
