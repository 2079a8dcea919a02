import { DAILY_FREE_TOKENS, METERED_PROVIDERS, type MeteredProvider } from '@yumi/core';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/http-error';
import { dayOf } from './fulfilment';
import { queryRows } from './sql';

/** Days shown in the token usage modal. */
export const USAGE_DAYS = 30;

export interface TokenUsageInput {
  userId: string;
  provider: string;
  model: string;
  /** All tokens of the call (prompt + completion). */
  tokens: number;
  /** The part drawn from the daily free allowance. */
  freeTokens?: number;
  /** Timeshards charged for it. */
  timeshards?: number;
}

/** Adds one call's tokens to today's counters (the AI module calls this after each model call). */
export async function recordTokenUsage(ctx: AppContext, u: TokenUsageInput): Promise<void> {
  const values = [u.tokens, u.freeTokens ?? 0, u.timeshards ?? 0];
  if (values.some((v) => !Number.isSafeInteger(v) || v < 0)) throw new HttpError(400, 'INVALID_AMOUNT', 'Token counts must be whole numbers');
  await ctx.db.execute(sql`
    INSERT INTO token_usage (user_id, day, provider, model, tokens, free_tokens, timeshards)
    VALUES (${u.userId}, ${dayOf(ctx.clock.now())}::date, ${u.provider}, ${u.model}, ${values[0]}, ${values[1]}, ${values[2]})
    ON CONFLICT (user_id, day, provider, model) DO UPDATE SET
      tokens = token_usage.tokens + EXCLUDED.tokens,
      free_tokens = token_usage.free_tokens + EXCLUDED.free_tokens,
      timeshards = token_usage.timeshards + EXCLUDED.timeshards`);
}

type PerProvider = Record<MeteredProvider, number>;
const zero = (): PerProvider => ({ openai: 0, claude: 0, qwen: 0 });

/** Free tokens left today and tokens used in total, per provider. */
export async function tokenSummary(ctx: AppContext, userId: string): Promise<{ freeTokensRemaining: PerProvider; totalTokensUsed: PerProvider }> {
  const today = dayOf(ctx.clock.now());
  const rows = await queryRows<{ provider: string; total: string; free_today: string }>(
    ctx.db,
    sql`SELECT provider, sum(tokens) AS total, sum(CASE WHEN day = ${today}::date THEN free_tokens ELSE 0 END) AS free_today
        FROM token_usage WHERE user_id = ${userId} GROUP BY provider`,
  );
  const totalTokensUsed = zero();
  const freeUsed = zero();
  for (const r of rows) {
    if ((METERED_PROVIDERS as readonly string[]).includes(r.provider)) {
      totalTokensUsed[r.provider as MeteredProvider] = Number(r.total);
      freeUsed[r.provider as MeteredProvider] = Number(r.free_today);
    }
  }
  const freeTokensRemaining = zero();
  for (const p of METERED_PROVIDERS) freeTokensRemaining[p] = Math.max(0, DAILY_FREE_TOKENS[p] - freeUsed[p]);
  return { freeTokensRemaining, totalTokensUsed };
}

/** Usage per day, provider and model for the last 30 days (today included). */
export async function tokenUsageByDay(ctx: AppContext, userId: string) {
  const today = ctx.clock.now();
  const from = dayOf(new Date(today.getTime() - (USAGE_DAYS - 1) * 86_400_000));
  const rows = await queryRows<{ day: string; provider: string; model: string; tokens: string; timeshards: string }>(
    ctx.db,
    sql`SELECT day::text AS day, provider, model, tokens, timeshards FROM token_usage
        WHERE user_id = ${userId} AND day >= ${from}::date ORDER BY day, provider, model`,
  );
  const usage = rows.map((r) => ({ day: r.day.slice(0, 10), provider: r.provider, model: r.model, tokens: Number(r.tokens), timeshards: Number(r.timeshards) }));
  const totals = usage.reduce((acc, r) => ({ tokens: acc.tokens + r.tokens, timeshards: acc.timeshards + r.timeshards }), { tokens: 0, timeshards: 0 });
  return { days: USAGE_DAYS, usage, totals };
}
