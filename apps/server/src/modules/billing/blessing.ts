import { YUMI_BLESSING, type SubscriptionStatus } from '@yumi/core';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/http-error';
import { dayOf } from './fulfilment';
import { grantIn } from './ledger';
import { queryRows, type Runner } from '../../db/rows';

/*
 * The Yumi Blessing: 35,000 timeshards to claim once per UTC day for 30 days. From day 11 the user may
 * claim every remaining day at once, which ends the subscription. Missed days are gone, not carried over.
 * Each claim is a conditional UPDATE of the subscription plus one ledger entry keyed by subscription and
 * day, so double clicks and concurrent requests grant once.
 */

interface SubscriptionRow {
  id: string;
  plan_id: string;
  daily_tokens: number;
  duration_days: number;
  started_on: string | Date;
  claimed_days: number;
  last_claim_on: string | Date | null;
}

const asDay = (v: string | Date) => (typeof v === 'string' ? v.slice(0, 10) : dayOf(v));
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
const addDays = (day: string, n: number) => dayOf(new Date(Date.parse(day) + n * 86_400_000));

async function activeSubscription(db: Runner, userId: string, today: string, lock = false): Promise<SubscriptionRow | null> {
  const rows = await queryRows<SubscriptionRow>(
    db,
    lock
      ? sql`SELECT id, plan_id, daily_tokens, duration_days, started_on::text AS started_on, claimed_days, last_claim_on::text AS last_claim_on
            FROM subscriptions WHERE user_id = ${userId} AND status = 'active' AND started_on <= ${today}::date
              AND started_on + duration_days > ${today}::date
            ORDER BY started_on LIMIT 1 FOR UPDATE`
      : sql`SELECT id, plan_id, daily_tokens, duration_days, started_on::text AS started_on, claimed_days, last_claim_on::text AS last_claim_on
            FROM subscriptions WHERE user_id = ${userId} AND status = 'active' AND started_on <= ${today}::date
              AND started_on + duration_days > ${today}::date
            ORDER BY started_on LIMIT 1`,
  );
  return rows[0] ?? null;
}

function toStatus(row: SubscriptionRow, today: string): SubscriptionStatus {
  const startedOn = asDay(row.started_on);
  const dayIndex = daysBetween(startedOn, today) + 1;
  const claimedToday = row.last_claim_on !== null && asDay(row.last_claim_on) === today;
  const daysLeft = row.duration_days - dayIndex + (claimedToday ? 0 : 1);
  return {
    id: row.id,
    planId: row.plan_id,
    dayIndex,
    durationDays: row.duration_days,
    dailyTokens: row.daily_tokens,
    claimedDays: row.claimed_days,
    claimedToday,
    remainingTokens: Math.max(0, daysLeft) * row.daily_tokens,
    canClaimAll: dayIndex >= YUMI_BLESSING.claimAllFromDay && daysLeft > 0,
    startedOn,
    endsOn: addDays(startedOn, row.duration_days - 1),
  };
}

export async function subscriptionStatus(ctx: AppContext, userId: string): Promise<SubscriptionStatus | null> {
  const today = dayOf(ctx.clock.now());
  const row = await activeSubscription(ctx.db, userId, today);
  return row ? toStatus(row, today) : null;
}

export async function claimBlessing(
  ctx: AppContext,
  userId: string,
  mode: 'daily' | 'all',
): Promise<{ granted: number; balance: number; subscription: SubscriptionStatus | null }> {
  const now = ctx.clock.now();
  const today = dayOf(now);
  return ctx.db.transaction(async (tx) => {
    const row = await activeSubscription(tx, userId, today, true);
    if (!row) throw new HttpError(404, 'NO_SUBSCRIPTION', 'You have no active Yumi Blessing to claim.');
    const status = toStatus(row, today);
    if (mode === 'daily') {
      if (status.claimedToday) throw new HttpError(409, 'ALREADY_CLAIMED', "You have already claimed today's blessing. Come back tomorrow!");
      const updated = await queryRows<{ id: string }>(
        tx,
        // The last day needs no status change: the subscription's dates end it.
        sql`UPDATE subscriptions SET claimed_days = claimed_days + 1, last_claim_on = ${today}::date
            WHERE id = ${row.id} AND status = 'active' AND (last_claim_on IS NULL OR last_claim_on < ${today}::date) RETURNING id`,
      );
      if (!updated[0]) throw new HttpError(409, 'ALREADY_CLAIMED', "You have already claimed today's blessing. Come back tomorrow!");
      const { balance } = await grantIn(tx, now, {
        userId,
        amount: row.daily_tokens,
        reason: `Yumi Blessing, day ${status.dayIndex}`,
        sourceType: 'blessing',
        sourceId: `${row.id}:${status.dayIndex}`,
      });
      const next = status.dayIndex >= row.duration_days ? null : toStatus({ ...row, claimed_days: row.claimed_days + 1, last_claim_on: today }, today);
      return { granted: row.daily_tokens, balance, subscription: next };
    }
    if (!status.canClaimAll) {
      throw new HttpError(409, 'CLAIM_ALL_NOT_YET', `All remaining days can be claimed from day ${YUMI_BLESSING.claimAllFromDay}.`);
    }
    const amount = status.remainingTokens;
    const days = amount / row.daily_tokens;
    const updated = await queryRows<{ id: string }>(
      tx,
      sql`UPDATE subscriptions SET claimed_days = claimed_days + ${days}, last_claim_on = ${today}::date, status = 'completed'
          WHERE id = ${row.id} AND status = 'active' RETURNING id`,
    );
    if (!updated[0]) throw new HttpError(409, 'ALREADY_CLAIMED', 'This blessing has already been claimed.');
    const { balance } = await grantIn(tx, now, {
      userId,
      amount,
      reason: `Yumi Blessing, remaining ${days} days`,
      sourceType: 'blessing-all',
      sourceId: `${row.id}:all`,
    });
    return { granted: amount, balance, subscription: null };
  });
}
