import { YUMI_BLESSING, type SubscriptionStatus } from '@yumi/core';
import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Runner } from '../../db/connection';
import { subscriptions } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { dayOf } from './fulfilment';
import { grantIn } from './ledger';

/*
 * The Yumi Blessing: 35,000 timeshards to claim once per UTC day for 30 days. From day 11 the user may
 * claim every remaining day at once, which ends the subscription. Missed days are gone, not carried over.
 * Each claim is a conditional UPDATE of the subscription plus one ledger entry keyed by subscription and
 * day, so double clicks and concurrent requests grant once.
 */

const columns = {
  id: subscriptions.id,
  planId: subscriptions.planId,
  dailyTokens: subscriptions.dailyTokens,
  durationDays: subscriptions.durationDays,
  startedOn: subscriptions.startedOn,
  claimedDays: subscriptions.claimedDays,
  lastClaimOn: subscriptions.lastClaimOn,
};
type SubscriptionRow = Pick<typeof subscriptions.$inferSelect, keyof typeof columns>;

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
const addDays = (day: string, n: number) => dayOf(new Date(Date.parse(day) + n * 86_400_000));

/** The subscription running today (a date plus its length in days is the day after its last). */
async function activeSubscription(db: Runner, userId: string, today: string, lock = false): Promise<SubscriptionRow | null> {
  const query = db
    .select(columns)
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.status, 'active'),
        lte(subscriptions.startedOn, today),
        sql`${subscriptions.startedOn} + ${subscriptions.durationDays} > ${today}::date`,
      ),
    )
    .orderBy(asc(subscriptions.startedOn))
    .limit(1);
  const [row] = await (lock ? query.for('update') : query);
  return row ?? null;
}

function toStatus(row: SubscriptionRow, today: string): SubscriptionStatus {
  const startedOn = row.startedOn;
  const dayIndex = daysBetween(startedOn, today) + 1;
  const claimedToday = row.lastClaimOn === today;
  const daysLeft = row.durationDays - dayIndex + (claimedToday ? 0 : 1);
  return {
    id: row.id,
    planId: row.planId,
    dayIndex,
    durationDays: row.durationDays,
    dailyTokens: row.dailyTokens,
    claimedDays: row.claimedDays,
    claimedToday,
    remainingTokens: Math.max(0, daysLeft) * row.dailyTokens,
    canClaimAll: dayIndex >= YUMI_BLESSING.claimAllFromDay && daysLeft > 0,
    startedOn,
    endsOn: addDays(startedOn, row.durationDays - 1),
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
      // The last day needs no status change: the subscription's dates end it.
      const updated = await tx
        .update(subscriptions)
        .set({ claimedDays: sql`${subscriptions.claimedDays} + 1`, lastClaimOn: today })
        .where(
          and(
            eq(subscriptions.id, row.id),
            eq(subscriptions.status, 'active'),
            or(isNull(subscriptions.lastClaimOn), lt(subscriptions.lastClaimOn, today)),
          ),
        )
        .returning({ id: subscriptions.id });
      if (!updated[0]) throw new HttpError(409, 'ALREADY_CLAIMED', "You have already claimed today's blessing. Come back tomorrow!");
      const { balance } = await grantIn(tx, now, {
        userId,
        amount: row.dailyTokens,
        reason: `Yumi Blessing, day ${status.dayIndex}`,
        sourceType: 'blessing',
        sourceId: `${row.id}:${status.dayIndex}`,
      });
      const next = status.dayIndex >= row.durationDays ? null : toStatus({ ...row, claimedDays: row.claimedDays + 1, lastClaimOn: today }, today);
      return { granted: row.dailyTokens, balance, subscription: next };
    }
    if (!status.canClaimAll) {
      throw new HttpError(409, 'CLAIM_ALL_NOT_YET', `All remaining days can be claimed from day ${YUMI_BLESSING.claimAllFromDay}.`);
    }
    const amount = status.remainingTokens;
    const days = amount / row.dailyTokens;
    const updated = await tx
      .update(subscriptions)
      .set({ claimedDays: sql`${subscriptions.claimedDays} + ${days}`, lastClaimOn: today, status: 'completed' })
      .where(and(eq(subscriptions.id, row.id), eq(subscriptions.status, 'active')))
      .returning({ id: subscriptions.id });
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
