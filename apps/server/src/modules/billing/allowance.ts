import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { queryRows } from '../../db/rows';

/**
 * Daily free-token allowances and token counters per subject (a user, or an IP for visitors), provider and day
 * (table ai_usage_daily). The AI module holds, settles and counts through these; the token usage view reads
 * the same table, so billing owns it.
 */

export async function freeTokensUsed(db: Db, subject: string, provider: string, day: string): Promise<number> {
  const [row] = await queryRows<{ used: string | number }>(
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
  const held = await queryRows<{ subject: string }>(
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
  const [row] = await queryRows<{ used: string | number }>(
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
