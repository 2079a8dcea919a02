import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { chatArchives, type StoredChatMessage } from '../../db/schema';

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The UTC day a usage counter belongs to. */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);

export async function freeTokensUsed(db: Db, subject: string, provider: string, day: string): Promise<number> {
  const [row] = await rows<{ used: string | number }>(
    db,
    sql`SELECT free_tokens + free_reserved AS used FROM ai_usage_daily WHERE subject = ${subject} AND provider = ${provider} AND day = ${day}`,
  );
  return row ? Number(row.used) : 0;
}

/**
 * Holds `amount` free tokens if the day's allowance still covers them (one conditional statement, so
 * concurrent calls cannot together exceed it). Answers false when it does not.
 */
export async function holdFreeTokens(db: Db, subject: string, provider: string, day: string, amount: number, allowance: number): Promise<boolean> {
  if (amount > allowance) return false;
  const held = await rows<{ subject: string }>(
    db,
    sql`INSERT INTO ai_usage_daily (subject, provider, day, free_reserved, requests)
        VALUES (${subject}, ${provider}, ${day}, ${amount}, 1)
        ON CONFLICT (subject, provider, day) DO UPDATE
          SET free_reserved = ai_usage_daily.free_reserved + EXCLUDED.free_reserved,
              requests = ai_usage_daily.requests + 1
          WHERE ai_usage_daily.free_tokens + ai_usage_daily.free_reserved + EXCLUDED.free_reserved <= ${allowance}
        RETURNING subject`,
  );
  return held.length > 0;
}

/** Turns a hold into usage: the held amount is returned and what was really used is counted. */
export async function settleFreeTokens(db: Db, subject: string, provider: string, day: string, held: number, used: number): Promise<number> {
  const [row] = await rows<{ used: string | number }>(
    db,
    sql`UPDATE ai_usage_daily
        SET free_reserved = GREATEST(free_reserved - ${held}, 0), free_tokens = free_tokens + ${used}, tokens = tokens + ${used}
        WHERE subject = ${subject} AND provider = ${provider} AND day = ${day}
        RETURNING free_tokens + free_reserved AS used`,
  );
  return row ? Number(row.used) : used;
}

/** Counts tokens of a call that is not on the free allowance (paid or unmetered models). */
export async function countTokens(db: Db, subject: string, provider: string, day: string, used: number): Promise<void> {
  await db.execute(
    sql`INSERT INTO ai_usage_daily (subject, provider, day, tokens, requests) VALUES (${subject}, ${provider}, ${day}, ${used}, 1)
        ON CONFLICT (subject, provider, day) DO UPDATE SET tokens = ai_usage_daily.tokens + EXCLUDED.tokens, requests = ai_usage_daily.requests + 1`,
  );
}

/** Total tokens per provider on one day (billing's token usage view). */
export async function usageOfDay(db: Db, subject: string, day: string): Promise<Array<{ provider: string; tokens: number; freeTokens: number }>> {
  const found = await rows<{ provider: string; tokens: string | number; free_tokens: string | number }>(
    db,
    sql`SELECT provider, tokens, free_tokens FROM ai_usage_daily WHERE subject = ${subject} AND day = ${day}`,
  );
  return found.map((r) => ({ provider: r.provider, tokens: Number(r.tokens), freeTokens: Number(r.free_tokens) }));
}

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

export async function deleteArchive(db: Db, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(chatArchives)
    .where(and(eq(chatArchives.id, id), eq(chatArchives.userId, userId)))
    .returning({ id: chatArchives.id });
  return deleted.length > 0;
}
