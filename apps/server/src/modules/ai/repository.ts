import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db, Runner } from '../../db/connection';
import { chatArchives, type StoredChatMessage } from '../../db/schema';

export type ArchiveRow = typeof chatArchives.$inferSelect;

export async function findArchive(db: Db, userId: string, id: string): Promise<ArchiveRow | undefined> {
  const [row] = await db
    .select()
    .from(chatArchives)
    .where(and(eq(chatArchives.id, id), eq(chatArchives.userId, userId)))
    .limit(1);
  return row;
}

/** Whether an archive id is taken by another user (a conversationId must not cross accounts). */
export async function archiveOwner(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.select({ userId: chatArchives.userId }).from(chatArchives).where(eq(chatArchives.id, id)).limit(1);
  return row?.userId;
}

export async function countArchives(db: Db, userId: string): Promise<number> {
  return db.$count(chatArchives, eq(chatArchives.userId, userId));
}

export async function listArchives(db: Db, userId: string, limit = 200) {
  return db
    .select({
      id: chatArchives.id,
      title: chatArchives.title,
      provider: chatArchives.provider,
      model: chatArchives.model,
      mode: chatArchives.mode,
      personality: chatArchives.personality,
      messageCount: sql<number>`jsonb_array_length(${chatArchives.messages})`.mapWith(Number),
      updatedAt: chatArchives.updatedAt,
    })
    .from(chatArchives)
    .where(eq(chatArchives.userId, userId))
    .orderBy(desc(chatArchives.updatedAt))
    .limit(limit);
}

/** Appends messages to an archive, creating it on the first exchange. */
export async function appendToArchive(
  db: Db,
  values: { id: string; userId: string; title: string; provider: string; model: string; mode: string; personality: string; now: Date },
  messages: StoredChatMessage[],
): Promise<void> {
  const json = JSON.stringify(messages);
  await db.execute(
    sql`INSERT INTO chat_archives (id, user_id, title, provider, model, mode, personality, messages, created_at, updated_at)
        VALUES (${values.id}, ${values.userId}, ${values.title}, ${values.provider}, ${values.model}, ${values.mode}, ${values.personality},
                ${json}::jsonb, ${values.now.toISOString()}, ${values.now.toISOString()})
        ON CONFLICT (id) DO UPDATE SET
          messages = chat_archives.messages || EXCLUDED.messages,
          provider = EXCLUDED.provider, model = EXCLUDED.model, mode = EXCLUDED.mode, personality = EXCLUDED.personality,
          updated_at = EXCLUDED.updated_at
        WHERE chat_archives.user_id = EXCLUDED.user_id`,
  );
}

/**
 * The conversation `id` locked for a merge, created empty for `values.userId` when nobody has it. Answers
 * whoever owns it: the caller compares the owner (an id taken by another account is not theirs to touch).
 */
export async function lockArchiveForMerge(
  tx: Runner,
  values: { id: string; userId: string; title: string; provider: string; model: string; mode: string; personality: string; now: Date },
): Promise<ArchiveRow> {
  const { now, ...columns } = values;
  await tx
    .insert(chatArchives)
    .values({ ...columns, messages: [], createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: chatArchives.id });
  const [row] = await tx.select().from(chatArchives).where(eq(chatArchives.id, values.id)).for('update');
  return row!;
}

export async function replaceMessages(tx: Runner, id: string, messages: StoredChatMessage[], now: Date): Promise<ArchiveRow> {
  const [row] = await tx.update(chatArchives).set({ messages, updatedAt: now }).where(eq(chatArchives.id, id)).returning();
  return row!;
}

export async function deleteArchive(db: Db, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(chatArchives)
    .where(and(eq(chatArchives.id, id), eq(chatArchives.userId, userId)))
    .returning({ id: chatArchives.id });
  return deleted.length > 0;
}

/** One page of the user's chat archives after the id `after`, in id order: the data export reads them all, a page at a time. */
export async function archivesPage(db: Db, userId: string, after: string | null, limit: number): Promise<ArchiveRow[]> {
  const mine = eq(chatArchives.userId, userId);
  return db
    .select()
    .from(chatArchives)
    .where(after ? and(mine, gt(chatArchives.id, after)) : mine)
    .orderBy(asc(chatArchives.id))
    .limit(limit);
}
