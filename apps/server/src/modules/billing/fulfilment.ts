import { PACKAGES, YUMI_BLESSING } from '@yumi/core';
import { and, eq, inArray, like, ne, sql, sum } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { grantIn, revokeIn } from './ledger';
import type { Runner } from '../../db/connection';
import { creditLedger, earlyReversals, paymentEvents, purchases, subscriptions } from '../../db/schema';

/*
 * The one path from "the provider says it is paid" to credits: Stripe webhooks, Alipay notifies and the
 * TEST MODE checkout all end here. Everything happens in one transaction: the delivery is recorded
 * (dedupe on event id), the purchase flips to paid only if it was not paid yet (conditional UPDATE),
 * and the credits or the subscription are written with it. A crash anywhere before COMMIT leaves
 * nothing behind, so the provider's retry fulfils it; a crash after COMMIT makes the retry a no-op.
 */

export interface PaymentEvidence {
  provider: 'stripe' | 'alipay' | 'test';
  eventId: string;
  eventType: string;
  /** The provider's payment id (payment intent, trade no), kept to match refunds later. */
  paymentRef?: string | null;
}

export type FulfilResult = 'fulfilled' | 'already-paid' | 'duplicate-event' | 'not-found' | 'refunded' | 'payment-of-another-purchase';

/** Test seam: lets the reliability tests crash a fulfilment half way (between the credit and the commit). */
export const fulfilmentFaults: { beforeCommit?: (purchaseId: string, tx: Runner) => Promise<void> | void } = {};

export const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** Records a provider delivery once; false when it was seen before (in this or an earlier transaction). */
async function recordEvent(tx: Runner, e: PaymentEvidence, purchaseId: string | null, now: Date): Promise<boolean> {
  const recorded = await tx
    .insert(paymentEvents)
    .values({ provider: e.provider, eventId: e.eventId, type: e.eventType, purchaseId, receivedAt: now })
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
    .returning({ eventId: paymentEvents.eventId });
  return recorded.length > 0;
}

export async function fulfilPurchase(ctx: AppContext, purchaseId: string, evidence: PaymentEvidence): Promise<FulfilResult> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    if (!(await recordEvent(tx, evidence, purchaseId, now))) return 'duplicate-event';
    if (evidence.paymentRef) {
      // One payment pays one purchase: a payment already tied to another (someone else's) is refused.
      const [owner] = await tx
        .select({ id: purchases.id })
        .from(purchases)
        .where(and(eq(purchases.provider, evidence.provider), eq(purchases.paymentRef, evidence.paymentRef), ne(purchases.id, purchaseId)));
      if (owner) return 'payment-of-another-purchase';
    }
    const [row] = await tx
      .update(purchases)
      .set({ status: 'paid', paidAt: now, updatedAt: now, paymentRef: sql`COALESCE(${evidence.paymentRef ?? null}, ${purchases.paymentRef})` })
      .where(and(eq(purchases.id, purchaseId), inArray(purchases.status, ['pending', 'failed', 'expired'])))
      .returning({ id: purchases.id, userId: purchases.userId, kind: purchases.kind, itemId: purchases.itemId, tokens: purchases.tokens, provider: purchases.provider });
    if (!row) {
      const [found] = await tx.select({ status: purchases.status }).from(purchases).where(eq(purchases.id, purchaseId));
      if (!found) return 'not-found';
      return found.status === 'refunded' ? 'refunded' : 'already-paid';
    }
    if (row.kind === 'package') {
      const pkg = PACKAGES.find((p) => p.id === row.itemId);
      await grantIn(tx, now, {
        userId: row.userId,
        amount: row.tokens,
        reason: `Purchase: ${pkg?.label ?? row.itemId} package`,
        sourceType: 'purchase',
        sourceId: row.id,
        test: row.provider === 'test',
      });
    } else {
      // The subscription starts today (UTC day 1); its daily timeshards are claimed by the user.
      await tx
        .insert(subscriptions)
        .values({
          userId: row.userId,
          purchaseId: row.id,
          planId: YUMI_BLESSING.id,
          dailyTokens: YUMI_BLESSING.dailyTokens,
          durationDays: YUMI_BLESSING.durationDays,
          startedOn: dayOf(now),
          createdAt: now,
        })
        .onConflictDoNothing({ target: subscriptions.purchaseId });
    }
    if (evidence.paymentRef) await applyEarlyReversals(tx, now, row.id, evidence.provider, evidence.paymentRef);
    await fulfilmentFaults.beforeCommit?.(row.id, tx);
    return 'fulfilled';
  });
}

/** A payment that did not go through (declined, cancelled, expired). A paid purchase is never downgraded. */
export async function markUnpaid(
  ctx: AppContext,
  purchaseId: string,
  status: 'failed' | 'expired',
  evidence?: PaymentEvidence,
): Promise<boolean> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    if (evidence && !(await recordEvent(tx, evidence, purchaseId, now))) return false;
    const updated = await tx
      .update(purchases)
      .set({ status, updatedAt: now })
      .where(and(eq(purchases.id, purchaseId), eq(purchases.status, 'pending')))
      .returning({ id: purchases.id });
    return updated.length > 0;
  });
}

/**
 * Refund or dispute. `refundedCents` is the provider's cumulative refunded amount (Stripe's
 * amount_refunded, Alipay's refund_fee); absent, or the whole price, it is a full reversal. A partial refund
 * takes back the package's timeshards in proportion, rounded down, cumulatively over several refunds and
 * never more than the package granted; the purchase stays paid until it is refunded in full. What the
 * purchase granted is taken back as new ledger entries (never below zero: credits already spent stay
 * spent). A subscription is cancelled on a full reversal.
 */
export async function reversePurchase(ctx: AppContext, purchaseId: string, evidence: PaymentEvidence, refundedCents?: number): Promise<boolean> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    if (!(await recordEvent(tx, evidence, purchaseId, now))) return false;
    return reverseIn(tx, now, purchaseId, refundedCents);
  });
}

/**
 * A refund or dispute whose payment no purchase was fulfilled with yet: recorded once (with the event) and
 * applied when the purchase is fulfilled. False for a redelivery.
 */
export async function recordEarlyReversal(ctx: AppContext, evidence: PaymentEvidence & { paymentRef: string }, refund?: { refundedCents: number; chargeCents: number }): Promise<boolean> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    if (!(await recordEvent(tx, evidence, null, now))) return false;
    await tx.insert(earlyReversals).values({
      provider: evidence.provider,
      eventId: evidence.eventId,
      paymentRef: evidence.paymentRef,
      refundedCents: refund?.refundedCents ?? null,
      chargeCents: refund?.chargeCents ?? null,
      receivedAt: now,
    });
    return true;
  });
}

/** In the fulfilment's transaction: the largest of the early reversals of this payment (refunds are cumulative), then they are done. */
async function applyEarlyReversals(tx: Runner, now: Date, purchaseId: string, provider: PaymentEvidence['provider'], paymentRef: string): Promise<void> {
  const early = await tx.delete(earlyReversals).where(and(eq(earlyReversals.provider, provider), eq(earlyReversals.paymentRef, paymentRef))).returning();
  if (early.length === 0) return;
  const [purchase] = await tx.select({ amountCents: purchases.amountCents }).from(purchases).where(eq(purchases.id, purchaseId));
  const price = purchase!.amountCents;
  const refunded = Math.max(
    ...early.map((e) => (e.refundedCents === null || e.chargeCents === null || e.chargeCents <= 0 ? price : Math.floor((e.refundedCents * price) / e.chargeCents))),
  );
  await reverseIn(tx, now, purchaseId, refunded >= price ? undefined : refunded);
}

/** The reversal itself, inside a transaction that already recorded its cause. */
async function reverseIn(tx: Runner, now: Date, purchaseId: string, refundedCents?: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: purchases.id, userId: purchases.userId, kind: purchases.kind, tokens: purchases.tokens, amountCents: purchases.amountCents, refundedCents: purchases.refundedCents })
    .from(purchases)
    .where(and(eq(purchases.id, purchaseId), eq(purchases.status, 'paid')))
    .for('update');
  if (!row) return false;
  const amount = row.amountCents;
  const before = row.refundedCents;
  const after = Math.min(amount, refundedCents === undefined ? amount : Math.max(before, Math.floor(refundedCents)));
  if (after === before) return false;
  const full = after >= amount;
  await tx
    .update(purchases)
    .set({ refundedCents: after, status: full ? 'refunded' : 'paid', updatedAt: now })
    .where(eq(purchases.id, row.id));
  let take: number;
  if (row.kind === 'package') {
    const tokens = row.tokens;
    const share = (cents: number) => Math.floor((tokens * cents) / amount);
    take = share(after) - share(before);
  } else {
    take = 0;
    if (full) {
      const [sub] = await tx
        .update(subscriptions)
        .set({ status: 'cancelled' })
        .where(eq(subscriptions.purchaseId, row.id))
        .returning({ id: subscriptions.id });
      if (sub) {
        // Everything the Blessing granted so far (its daily claims are entries '<subscription id>:<day>').
        const [granted] = await tx
          .select({ total: sum(creditLedger.delta) })
          .from(creditLedger)
          .where(and(inArray(creditLedger.sourceType, ['blessing', 'blessing-all']), like(creditLedger.sourceId, `${sub.id}:%`)));
        take = Number(granted?.total ?? 0);
      }
    }
  }
  if (take > 0) {
    await revokeIn(tx, now, {
      userId: row.userId,
      amount: take,
      reason: full ? 'Refund or dispute of a purchase' : 'Partial refund of a purchase',
      sourceType: 'purchase-reversal',
      // One entry per refunded level: a replayed event finds its entry and takes nothing twice.
      sourceId: full && before === 0 ? row.id : `${row.id}:${after}`,
    });
  }
  return true;
}
