import { DAILY_FREE_TOKENS, METERED_PROVIDERS, type MeteredProvider } from '@yumi/core';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/http-error';
import { dayOf } from './fulfilment';
import { queryRows } from '../../db/rows';

/** Days shown in the token usage modal. */
const USAGE_DAYS = 30;

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

interface UsageRow {
  day: string;
  provider: string;
  model: string;
  tokens: string;
  free_tokens: string;
  timeshards: string;
}

/**
 * Usage rows since `from`: per-model rows (token_usage), plus the daily allowance counters (ai_usage_daily,
 * see allowance.ts) for the days and providers that have no per-model rows (model '' = not broken down by model).
 */
async function usageRows(ctx: AppContext, userId: string, from: string): Promise<UsageRow[]> {
  const own = sql`SELECT day::text AS day, provider, model, tokens::text AS tokens, free_tokens::text AS free_tokens, timeshards::text AS timeshards
                  FROM token_usage WHERE user_id = ${userId} AND day >= ${from}::date`;
  return queryRows<UsageRow>(
    ctx.db,
    sql`${own}
        UNION ALL
        SELECT a.day::text, a.provider, '' AS model, a.tokens::text, (a.free_tokens + a.free_reserved)::text, '0'
        FROM ai_usage_daily a
        WHERE a.subject = ${`user:${userId}`} AND a.day >= ${from}::date
          AND NOT EXISTS (SELECT 1 FROM token_usage t WHERE t.user_id = ${userId} AND t.day = a.day AND t.provider = a.provider)`,
  );
}

/** Free tokens left today and tokens used in total, per provider. */
export async function tokenSummary(ctx: AppContext, userId: string): Promise<{ freeTokensRemaining: PerProvider; totalTokensUsed: PerProvider }> {
  const today = dayOf(ctx.clock.now());
  const rows = await usageRows(ctx, userId, '2000-01-01');
  const totalTokensUsed = zero();
  const freeUsed = zero();
  for (const r of rows) {
    if (!(METERED_PROVIDERS as readonly string[]).includes(r.provider)) continue;
    const p = r.provider as MeteredProvider;
    totalTokensUsed[p] += Number(r.tokens);
    if (r.day.slice(0, 10) === today) freeUsed[p] += Number(r.free_tokens);
  }
  const freeTokensRemaining = zero();
  for (const p of METERED_PROVIDERS) freeTokensRemaining[p] = Math.max(0, DAILY_FREE_TOKENS[p] - freeUsed[p]);
  return { freeTokensRemaining, totalTokensUsed };
}

/** Usage per day, provider and model for the last 30 days (today included); paid AI calls add their timeshards. */
export async function tokenUsageByDay(ctx: AppContext, userId: string) {
  const now = ctx.clock.now();
  const from = dayOf(new Date(now.getTime() - (USAGE_DAYS - 1) * 86_400_000));
  const rows = await usageRows(ctx, userId, from);
  const usage = rows
    .map((r) => ({ day: r.day.slice(0, 10), provider: r.provider, model: r.model, tokens: Number(r.tokens), timeshards: Number(r.timeshards) }))
    .sort((a, b) => a.day.localeCompare(b.day) || a.provider.localeCompare(b.provider) || a.model.localeCompare(b.model));
  // What paid model calls cost, from the ledger (settled AI reservations), so the total is exact.
  const charged = await queryRows<{ total: string | null }>(
    ctx.db,
    sql`SELECT sum(charged) AS total FROM credit_reservations
        WHERE user_id = ${userId} AND source_type = 'ai-call' AND status = 'settled' AND created_at >= ${from}::date`,
  );
  const recorded = usage.reduce((s, r) => s + r.timeshards, 0);
  const totals = { tokens: usage.reduce((s, r) => s + r.tokens, 0), timeshards: Math.max(recorded, Number(charged[0]?.total ?? 0)) };
  return { days: USAGE_DAYS, usage, totals };
}
