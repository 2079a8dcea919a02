import { and, count, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { sessions, users } from '../../db/schema';

const live = (userId: string, now: Date) =>
  and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now));

export async function listLiveSessions(db: Db, userId: string, now: Date, limit: number) {
  const rows = await db
    .select({
      id: sessions.id,
      tokenHash: sessions.tokenHash,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
    })
    .from(sessions)
    .where(live(userId, now))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
    .limit(limit);
  const [total] = await db.select({ n: count() }).from(sessions).where(live(userId, now));
  return { rows, total: Number(total?.n ?? rows.length) };
}

/** Ends one live session of this user; answers its token hash, or null when it is not theirs or not live. */
export async function revokeSessionById(db: Db, userId: string, id: string, now: Date): Promise<string | null> {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, id), live(userId, now)))
    .returning({ tokenHash: sessions.tokenHash });
  return row?.tokenHash ?? null;
}

/** Ends every live session of this user except the one with `keepTokenHash`; answers how many ended. */
export async function revokeOtherSessions(db: Db, userId: string, keepTokenHash: string, now: Date): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(live(userId, now), ne(sessions.tokenHash, keepTokenHash)))
    .returning({ id: sessions.id });
  return rows.length;
}

export async function findUser(db: Db, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Renames the user; 'taken' when another account has that name in any letter case. */
export async function setUsername(db: Db, userId: string, username: string) {
  try {
    const [row] = await db.update(users).set({ username }).where(eq(users.id, userId)).returning();
    return row;
  } catch (err) {
    const text = String((err as { cause?: Error }).cause?.message ?? (err as Error).message);
    if (text.includes('users_username_lower_key')) return 'taken' as const;
    throw err;
  }
}

