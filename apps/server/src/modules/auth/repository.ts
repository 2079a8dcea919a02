import { and, eq, gt, isNull, sql } from 'drizzle-orm';
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
