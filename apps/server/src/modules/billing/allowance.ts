import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { aiUsageDaily as usage } from '../../db/schema';

/**
 * Daily free-token allowances and token counters per subject (a user, or an IP for visitors), provider and day
 * (table ai_usage_daily). The AI module holds, settles and counts through these; the token usage view reads
 * the same table, so billing owns it.
 */

const row = (subject: string, provider: string, day: string) => and(eq(usage.subject, subject), eq(usage.provider, provider), eq(usage.day, day));
const KEY = [usage.subject, usage.provider, usage.day];
/** Free tokens used or held: what the allowance is measured against. */
const freeUsed = sql<number>`${usage.freeTokens} + ${usage.freeReserved}`.mapWith(Number);

export async function freeTokensUsed(db: Db, subject: string, provider: string, day: string): Promise<number> {
  const [found] = await db.select({ used: freeUsed }).from(usage).where(row(subject, provider, day));
  return found?.used ?? 0;
}

/**
 * Holds `amount` free tokens if the day's allowance still covers them (one conditional statement, so
 * concurrent calls cannot together exceed it). Answers false when it does not.
 */
export async function holdFreeTokens(db: Db, subject: string, provider: string, day: string, amount: number, allowance: number): Promise<boolean> {
  if (amount > allowance) return false;
  const held = await db
    .insert(usage)
    .values({ subject, provider, day, freeReserved: amount, requests: 1 })
    .onConflictDoUpdate({
      target: KEY,
      set: { freeReserved: sql`${usage.freeReserved} + excluded.free_reserved`, requests: sql`${usage.requests} + 1` },
      setWhere: sql`${usage.freeTokens} + ${usage.freeReserved} + excluded.free_reserved <= ${allowance}`,
    })
    .returning({ subject: usage.subject });
  return held.length > 0;
}

/** Turns a hold into usage: the held amount is returned and what was really used is counted. */
export async function settleFreeTokens(db: Db, subject: string, provider: string, day: string, held: number, used: number): Promise<number> {
  const [settled] = await db
    .update(usage)
    .set({
      freeReserved: sql`GREATEST(${usage.freeReserved} - ${held}, 0)`,
      freeTokens: sql`${usage.freeTokens} + ${used}`,
      tokens: sql`${usage.tokens} + ${used}`,
    })
    .where(row(subject, provider, day))
    .returning({ used: freeUsed });
  return settled?.used ?? used;
}

/** Counts tokens of a call that is not on the free allowance (paid or unmetered models). */
export async function countTokens(db: Db, subject: string, provider: string, day: string, used: number): Promise<void> {
  await db
    .insert(usage)
    .values({ subject, provider, day, tokens: used, requests: 1 })
    .onConflictDoUpdate({ target: KEY, set: { tokens: sql`${usage.tokens} + excluded.tokens`, requests: sql`${usage.requests} + 1` } });
}
