import { DAILY_FREE_TOKENS, METERED_PROVIDERS, type MeteredProvider } from '@yumi/core';
import { and, eq, gte, sql, sum } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { aiUsageDaily, creditReservations, tokenUsage } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { dayOf } from './fulfilment';

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
  await ctx.db
    .insert(tokenUsage)
    .values({ userId: u.userId, day: dayOf(ctx.clock.now()), provider: u.provider, model: u.model, tokens: values[0], freeTokens: values[1], timeshards: values[2] })
    .onConflictDoUpdate({
      target: [tokenUsage.userId, tokenUsage.day, tokenUsage.provider, tokenUsage.model],
      set: {
        tokens: sql`${tokenUsage.tokens} + excluded.tokens`,
        freeTokens: sql`${tokenUsage.freeTokens} + excluded.free_tokens`,
        timeshards: sql`${tokenUsage.timeshards} + excluded.timeshards`,
      },
    });
}

type PerProvider = Record<MeteredProvider, number>;
const zero = (): PerProvider => ({ openai: 0, claude: 0, qwen: 0 });

interface UsageRow {
  day: string;
  provider: string;
  model: string;
  tokens: number;
  freeTokens: number;
  timeshards: number;
}

/**
 * Usage rows since `from` (a UTC day): per-model rows (token_usage), plus the daily allowance counters
 * (ai_usage_daily, see allowance.ts) for the days and providers that have no per-model rows (model '' = not
 * broken down by model).
 */
async function usageRows(ctx: AppContext, userId: string, from: string): Promise<UsageRow[]> {
  const own = await ctx.db
    .select({ day: tokenUsage.day, provider: tokenUsage.provider, model: tokenUsage.model, tokens: tokenUsage.tokens, freeTokens: tokenUsage.freeTokens, timeshards: tokenUsage.timeshards })
    .from(tokenUsage)
    .where(and(eq(tokenUsage.userId, userId), gte(tokenUsage.day, from)));
  const counters = await ctx.db
    .select({ day: aiUsageDaily.day, provider: aiUsageDaily.provider, tokens: aiUsageDaily.tokens, freeTokens: aiUsageDaily.freeTokens, freeReserved: aiUsageDaily.freeReserved })
    .from(aiUsageDaily)
    .where(and(eq(aiUsageDaily.subject, `user:${userId}`), gte(aiUsageDaily.day, from)));
  const broken = new Set(own.map((r) => `${r.day}|${r.provider}`));
  const unbroken = counters
    .filter((a) => !broken.has(`${a.day}|${a.provider}`))
    .map((a) => ({ day: a.day, provider: a.provider, model: '', tokens: a.tokens, freeTokens: a.freeTokens + a.freeReserved, timeshards: 0 }));
  return [...own, ...unbroken];
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
    totalTokensUsed[p] += r.tokens;
    if (r.day === today) freeUsed[p] += r.freeTokens;
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
    .map((r) => ({ day: r.day, provider: r.provider, model: r.model, tokens: r.tokens, timeshards: r.timeshards }))
    .sort((a, b) => a.day.localeCompare(b.day) || a.provider.localeCompare(b.provider) || a.model.localeCompare(b.model));
  // What paid model calls cost, from the ledger (settled AI reservations), so the total is exact.
  const [charged] = await ctx.db
    .select({ total: sum(creditReservations.charged) })
    .from(creditReservations)
    .where(
      and(
        eq(creditReservations.userId, userId),
        eq(creditReservations.sourceType, 'ai-call'),
        eq(creditReservations.status, 'settled'),
        gte(creditReservations.createdAt, sql`${from}::date`),
      ),
    );
  const recorded = usage.reduce((s, r) => s + r.timeshards, 0);
  const totals = { tokens: usage.reduce((s, r) => s + r.tokens, 0), timeshards: Math.max(recorded, Number(charged?.total ?? 0)) };
  return { days: USAGE_DAYS, usage, totals };
}
