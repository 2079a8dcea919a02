import { DELETED_ACCOUNT_PREFIX } from '@yumi/core';
import { and, count, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { sessions, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

export async function insertUser(
  db: Db,
  values: { email: string; username: string; passwordHash: string; role: 'user' | 'admin' },
): Promise<UserRow | 'email-taken' | 'username-taken'> {
  try {
    const [row] = await db.insert(users).values(values).returning();
    return row!;
  } catch (err) {
    const text = String((err as { cause?: Error }).cause?.message ?? (err as Error).message);
    if (text.includes('users_email_lower_key')) return 'email-taken';
    if (text.includes('users_username_lower_key')) return 'username-taken';
    throw err;
  }
}

export async function insertSession(
  db: Db,
  values: { userId: string; tokenHash: string; expiresAt: Date; userAgent: string | null; lastSeenAt: Date; ip: string | null },
): Promise<void> {
  await db.insert(sessions).values(values);
}

/** The user of a live session: not revoked and not expired. */
export async function findSessionUser(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ user: UserRow; sessionId: string; expiresAt: Date; lastSeenAt: Date } | undefined> {
  const [row] = await db
    .select({ user: users, sessionId: sessions.id, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
}

export async function revokeSession(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

export async function setUserRole(db: Pick<Db, 'update'>, userId: string, role: 'user' | 'admin'): Promise<void> {
  await db.update(users).set({ role }).where(eq(users.id, userId));
}

/** A command-line grant or revoke, remembered (it wins over ADMIN_EMAILS), with the role it gives. */
export async function setRoleGrantIn(db: Pick<Db, 'update'>, userId: string, values: { roleGrant: 'granted' | 'revoked'; role: 'user' | 'admin' }): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, userId));
}

export async function touchSession(db: Db, sessionId: string, now: Date, ip: string | null): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: now, ...(ip ? { ip } : {}) })
    .where(eq(sessions.id, sessionId));
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function markEmailVerified(db: Pick<Db, 'update'>, userId: string, email: string, now: Date): Promise<UserRow | undefined> {
  // Only while the account still has this address: a link to an old address proves nothing about the new one.
  const [row] = await db
    .update(users)
    .set({ emailVerifiedAt: now })
    .where(and(eq(users.id, userId), sql`lower(${users.email}) = lower(${email})`))
    .returning();
  return row;
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Renames the user; 'taken' when another account has that name in any letter case. */
export async function setUsername(db: Db, userId: string, username: string): Promise<UserRow | 'taken' | undefined> {
  try {
    const [row] = await db.update(users).set({ username }).where(eq(users.id, userId)).returning();
    return row;
  } catch (err) {
    const text = String((err as { cause?: Error }).cause?.message ?? (err as Error).message);
    if (text.includes('users_username_lower_key')) return 'taken';
    throw err;
  }
}

/** Display names of users by id (a deleted account keeps its anonymous name); ids not found are absent. */
export async function usernamesByIds(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** Names and addresses of live accounts by id, for a module mailing people it knows have a reason to hear; ids not found (or deleted) are absent. */
export async function contactsByIds(db: Db, ids: string[]): Promise<Array<{ id: string; username: string; email: string }>> {
  if (!ids.length) return [];
  return db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(and(inArray(users.id, [...new Set(ids)]), isNull(users.deletedAt)));
}

const liveSessionOf = (userId: string, now: Date) =>
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
    .where(liveSessionOf(userId, now))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
    .limit(limit);
  const [total] = await db.select({ n: count() }).from(sessions).where(liveSessionOf(userId, now));
  return { rows, total: Number(total?.n ?? rows.length) };
}

/** Ends one live session of this user; answers its token hash, or null when it is not theirs or not live. */
export async function revokeSessionById(db: Db, userId: string, id: string, now: Date): Promise<string | null> {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, id), liveSessionOf(userId, now)))
    .returning({ tokenHash: sessions.tokenHash });
  return row?.tokenHash ?? null;
}

/** Ends every live session of this user except the one with `keepTokenHash`; answers how many ended. */
export async function revokeOtherSessions(db: Db, userId: string, keepTokenHash: string, now: Date): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(liveSessionOf(userId, now), ne(sessions.tokenHash, keepTokenHash)))
    .returning({ id: sessions.id });
  return rows.length;
}

/**
 * What stays of a deleted account: a row with no email, name, password or keys, kept for the books (the
 * email address is free to sign up again). Runs inside the deletion's transaction.
 */
export async function anonymizeUser(db: Pick<Db, 'update'>, userId: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({
      email: `${DELETED_ACCOUNT_PREFIX}${userId}`,
      username: `${DELETED_ACCOUNT_PREFIX}${userId}`,
      passwordHash: '!',
      role: 'user',
      totpSecret: null,
      totpPendingSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
      deletedAt: now,
    })
    .where(eq(users.id, userId));
}

