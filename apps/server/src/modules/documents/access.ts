import type { DocumentRole } from '@yumi/core';
import { and, eq, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/connection';
import { documents, documentShares } from '../../db/schema';

/**
 * The one rule of who may open a document (issue 32): its owner, or a member of its shares with that role.
 * Everyone else gets null, which every caller answers as a missing document, so ids reveal nothing.
 */
export async function documentRole(db: Db, userId: string, documentId: string): Promise<DocumentRole | null> {
  const [row] = await db
    .select({ owner: documents.userId, role: documentShares.role })
    .from(documents)
    .leftJoin(documentShares, and(eq(documentShares.documentId, documents.id), eq(documentShares.userId, userId)))
    .where(and(eq(documents.id, documentId), or(eq(documents.userId, userId), sql`${documentShares.userId} IS NOT NULL`)))
    .limit(1);
  if (!row) return null;
  return row.owner === userId ? 'owner' : row.role;
}

/** Announced to every process when someone's access to a document changes: payload `<documentId>:<userId>`. */
export const ACCESS_CHANGED_CHANNEL = 'document_access_changed';

/** Tells every process (the live editors) that a user's role on a document changed or was removed. */
export async function announceAccessChange(ctx: AppContext, documentId: string, userId: string): Promise<void> {
  await ctx.database.notify(ACCESS_CHANGED_CHANNEL, `${documentId}:${userId}`);
}

/**
 * Announced to every process when a document's comment threads change (payload: the document id), so its
 * open live editors reload them. Here beside the access channel: the live editors listen to both.
 */
export const COMMENTS_CHANGED_CHANNEL = 'document_comments_changed';

export async function announceCommentsChange(ctx: AppContext, documentId: string): Promise<void> {
  await ctx.database.notify(COMMENTS_CHANGED_CHANNEL, documentId);
}
