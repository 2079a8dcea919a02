import { PACKAGES, YUMI_BLESSING } from '@yumi/core';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { grantIn, revokeIn } from './ledger';
import { queryRows, type Runner } from '../../db/rows';

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

export type FulfilResult = 'fulfilled' | 'already-paid' | 'duplicate-event' | 'not-found' | 'refunded';

/** Test seam: lets the reliability tests crash a fulfilment half way (between the credit and the commit). */
export const fulfilmentFaults: { beforeCommit?: (purchaseId: string, tx: Runner) => Promise<void> | void } = {};

export const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** Records a provider delivery once; false when it was seen before (in this or an earlier transaction). */
async function recordEvent(tx: Runner, e: PaymentEvidence, purchaseId: string | null, now: Date): Promise<boolean> {
  const rows = await queryRows<{ event_id: string }>(
    tx,
    sql`INSERT INTO payment_events (provider, event_id, type, purchase_id, received_at)
        VALUES (${e.provider}, ${e.eventId}, ${e.eventType}, ${purchaseId}, ${now.toISOString()})
        ON CONFLICT (provider, event_id) DO NOTHING RETURNING event_id`,
  );
  return rows.length > 0;
}

interface PaidRow {
  id: string;
  user_id: string;
  kind: 'package' | 'subscription';
  item_id: string;
  tokens: string;
  provider?: string;
}

export async function fulfilPurchase(ctx: AppContext, purchaseId: string, evidence: PaymentEvidence): Promise<FulfilResult> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    if (!(await recordEvent(tx, evidence, purchaseId, now))) return 'duplicate-event';
    const paid = await queryRows<PaidRow>(
      tx,
      sql`UPDATE purchases SET status = 'paid', paid_at = ${now.toISOString()}, updated_at = ${now.toISOString()},
            payment_ref = COALESCE(${evidence.paymentRef ?? null}, payment_ref)
          WHERE id = ${purchaseId} AND status IN ('pending', 'failed', 'expired')
          RETURNING id, user_id, kind, item_id, tokens, provider`,
    );
    const row = paid[0];
    if (!row) {
      const found = await queryRows<{ status: string }>(tx, sql`SELECT status FROM purchases WHERE id = ${purchaseId}`);
      if (!found[0]) return 'not-found';
      return found[0].status === 'refunded' ? 'refunded' : 'already-paid';
    }
    if (row.kind === 'package') {
      const pkg = PACKAGES.find((p) => p.id === row.item_id);
      await grantIn(tx, now, {
        userId: row.user_id,
        amount: Number(row.tokens),
        reason: `Purchase: ${pkg?.label ?? row.item_id} package`,
        sourceType: 'purchase',
        sourceId: row.id,
        test: row.provider === 'test',
      });
    } else {
      // The subscription starts today (UTC day 1); its daily timeshards are claimed by the user.
      await tx.execute(sql`INSERT INTO subscriptions (user_id, purchase_id, plan_id, daily_tokens, duration_days, started_on, created_at)
        VALUES (${row.user_id}, ${row.id}, ${YUMI_BLESSING.id}, ${YUMI_BLESSING.dailyTokens}, ${YUMI_BLESSING.durationDays}, ${dayOf(now)}, ${now.toISOString()})
        ON CONFLICT (purchase_id) DO NOTHING`);
    }
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
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`UPDATE purchases SET status = ${status}, updated_at = ${now.toISOString()}
          WHERE id = ${purchaseId} AND status = 'pending' RETURNING id`,
    );
    return rows.length > 0;
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
    const locked = await queryRows<PaidRow & { amount_cents: number; refunded_cents: number }>(
      tx,
      sql`SELECT id, user_id, kind, item_id, tokens, amount_cents, refunded_cents FROM purchases
          WHERE id = ${purchaseId} AND status = 'paid' FOR UPDATE`,
    );
    const row = locked[0];
    if (!row) return false;
    const amount = Number(row.amount_cents);
    const before = Number(row.refunded_cents);
    const after = Math.min(amount, refundedCents === undefined ? amount : Math.max(before, Math.floor(refundedCents)));
    if (after === before) return false;
    const full = after >= amount;
    await tx.execute(sql`UPDATE purchases SET refunded_cents = ${after}, status = ${full ? 'refunded' : 'paid'}, updated_at = ${now.toISOString()} WHERE id = ${row.id}`);
    let take: number;
    if (row.kind === 'package') {
      const tokens = Number(row.tokens);
      const share = (cents: number) => Math.floor((tokens * cents) / amount);
      take = share(after) - share(before);
    } else {
      take = 0;
      if (full) {
        const subs = await queryRows<{ id: string }>(
          tx,
          sql`UPDATE subscriptions SET status = 'cancelled' WHERE purchase_id = ${row.id} RETURNING id`,
        );
        const subId = subs[0]?.id;
        if (subId) {
          const sum = await queryRows<{ total: string | null }>(
            tx,
            sql`SELECT sum(delta) AS total FROM credit_ledger WHERE source_type IN ('blessing', 'blessing-all') AND source_id LIKE ${`${subId}:%`}`,
          );
          take = Number(sum[0]?.total ?? 0);
        }
      }
    }
    if (take > 0) {
      await revokeIn(tx, now, {
        userId: row.user_id,
        amount: take,
        reason: full ? 'Refund or dispute of a purchase' : 'Partial refund of a purchase',
        sourceType: 'purchase-reversal',
        // One entry per refunded level: a replayed event finds its entry and takes nothing twice.
        sourceId: full && before === 0 ? row.id : `${row.id}:${after}`,
      });
    }
    return true;
  });
}
