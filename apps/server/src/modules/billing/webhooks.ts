import { centsToAmount } from '@yumi/core';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { purchases } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { ALIPAY_PAID_STATUSES, verifyAlipayNotify } from '../../providers/payment/alipay';
import { verifyStripeEvent, type StripeCheckoutSession, type StripeEvent } from '../../providers/payment/stripe';
import { fulfilPurchase, markUnpaid, recordEarlyReversal, reversePurchase, type PaymentEvidence } from './fulfilment';
import * as repo from './repository';

const invalidSignature = () => new HttpError(400, 'INVALID_SIGNATURE', 'Webhook signature verification failed');

/** The purchase a Checkout Session pays for, only if session, metadata, amount and currency all agree with ours. */
async function purchaseForSession(ctx: AppContext, session: StripeCheckoutSession) {
  const purchaseId = session.metadata?.purchaseId ?? session.client_reference_id;
  if (!purchaseId || !/^[0-9a-f-]{36}$/i.test(purchaseId)) return null;
  const purchase = await repo.findPurchase(ctx.db, purchaseId);
  if (!purchase || purchase.provider !== 'stripe') return null;
  const matches =
    purchase.providerRef === session.id &&
    session.metadata?.userId === purchase.userId &&
    session.amount_total === purchase.amountCents &&
    (session.currency ?? '').toLowerCase() === 'usd';
  if (!matches) {
    ctx.log.warn({ purchaseId, sessionId: session.id }, 'stripe session does not match its purchase; ignored');
    return null;
  }
  return purchase;
}

const intentId = (paymentIntent: unknown): string | null =>
  (typeof paymentIntent === 'string' ? paymentIntent : (paymentIntent as { id?: string } | null)?.id) || null;

async function purchaseForPaymentIntent(ctx: AppContext, id: string) {
  const [row] = await ctx.db
    .select()
    .from(purchases)
    .where(and(eq(purchases.provider, 'stripe'), eq(purchases.paymentRef, id)));
  return row ?? null;
}

/**
 * Handles one signed Stripe delivery. Fulfils on completed (when paid) and async_payment_succeeded,
 * marks failures and expiry, reverses on refunds and disputes. Unknown events are acknowledged.
 */
export async function handleStripeWebhook(ctx: AppContext, rawBody: Buffer, signature: string | undefined): Promise<string> {
  if (!signature) throw invalidSignature();
  let event: StripeEvent;
  try {
    event = verifyStripeEvent(ctx.config, rawBody, signature, ctx.clock.now().getTime());
  } catch {
    throw invalidSignature();
  }
  const evidence = (paymentRef?: string | null): PaymentEvidence => ({ provider: 'stripe', eventId: event.id, eventType: event.type, paymentRef });
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const purchase = await purchaseForSession(ctx, session);
      if (!purchase) return 'ignored';
      // A completed session with a delayed method (bank debit) is not paid yet: async_payment_succeeded follows.
      if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return 'awaiting-payment';
      const result = await fulfilPurchase(ctx, purchase.id, evidence(intentId(session.payment_intent)));
      if (result === 'payment-of-another-purchase') ctx.log.warn({ eventId: event.id, purchaseId: purchase.id }, 'stripe session pays with a payment of another purchase; refused');
      return result;
    }
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const purchase = await purchaseForSession(ctx, event.data.object);
      if (!purchase) return 'ignored';
      const status = event.type === 'checkout.session.expired' ? 'expired' : 'failed';
      return (await markUnpaid(ctx, purchase.id, status, evidence())) ? status : 'unchanged';
    }
    case 'charge.refunded':
    case 'charge.dispute.created': {
      const object = event.data.object;
      const intent = intentId(object.payment_intent);
      if (!intent) return 'ignored';
      // amount_refunded is cumulative over every refund of the charge, in the charge's cents; a dispute reverses all.
      const refund = event.type === 'charge.refunded' ? { refundedCents: event.data.object.amount_refunded, chargeCents: event.data.object.amount } : undefined;
      const purchase = await purchaseForPaymentIntent(ctx, intent);
      if (!purchase) {
        // Before its checkout.session.completed (Stripe does not promise order): applied at fulfilment.
        return (await recordEarlyReversal(ctx, { ...evidence(intent), paymentRef: intent }, refund)) ? 'recorded' : 'unchanged';
      }
      const claimed = (object.metadata ?? {}) as Record<string, string | undefined>;
      if ((claimed.userId && claimed.userId !== purchase.userId) || (claimed.purchaseId && claimed.purchaseId !== purchase.id)) {
        ctx.log.warn({ eventId: event.id, purchaseId: purchase.id }, 'stripe event names a payment of another purchase; refused');
        return 'refused';
      }
      const refunded = refund && refund.chargeCents > 0 ? Math.floor((refund.refundedCents * purchase.amountCents) / refund.chargeCents) : undefined;
      return (await reversePurchase(ctx, purchase.id, evidence(), refunded)) ? 'reversed' : 'unchanged';
    }
    default:
      return 'ignored';
  }
}

/**
 * Handles one Alipay asynchronous notify: RSA2 signature, our app id and seller, our trade number and the
 * exact amount we asked for. Paid states fulfil; a closed trade marks the purchase failed.
 */
export async function handleAlipayNotify(ctx: AppContext, params: Record<string, string>): Promise<string> {
  if (!verifyAlipayNotify(ctx.config, params)) throw invalidSignature();
  const mismatch = (what: string) => new HttpError(400, 'NOTIFY_MISMATCH', `Notify ${what} does not match`);
  if (params.app_id !== ctx.config.ALIPAY_APP_ID) throw mismatch('app id');
  if (ctx.config.ALIPAY_SELLER_ID && params.seller_id !== ctx.config.ALIPAY_SELLER_ID) throw mismatch('seller');
  const purchaseId = params.out_trade_no ?? '';
  const purchase = /^[0-9a-f-]{36}$/i.test(purchaseId) ? await repo.findPurchase(ctx.db, purchaseId) : undefined;
  if (!purchase || purchase.provider !== 'alipay') throw mismatch('trade number');
  if (params.total_amount !== centsToAmount(purchase.amountCents)) throw mismatch('amount');
  const eventId = params.notify_id || `${params.trade_no}:${params.trade_status}`;
  const evidence: PaymentEvidence = { provider: 'alipay', eventId, eventType: params.trade_status ?? 'unknown', paymentRef: params.trade_no ?? null };
  // A refund of a paid trade: refund_fee is the cumulative refunded amount (a partial refund keeps the trade open).
  if (params.refund_fee && purchase.status === 'paid' && params.trade_status !== 'TRADE_CLOSED') {
    const cents = Math.round(Number(params.refund_fee) * 100);
    if (!Number.isFinite(cents) || cents <= 0) throw mismatch('refund amount');
    return (await reversePurchase(ctx, purchase.id, evidence, cents)) ? 'reversed' : 'unchanged';
  }
  if ((ALIPAY_PAID_STATUSES as readonly string[]).includes(params.trade_status ?? '')) {
    return fulfilPurchase(ctx, purchase.id, evidence);
  }
  if (params.trade_status === 'TRADE_CLOSED') {
    // A closed trade after payment is a full refund; before payment it is an abandoned checkout.
    if (purchase.status === 'paid') return (await reversePurchase(ctx, purchase.id, evidence)) ? 'reversed' : 'unchanged';
    return (await markUnpaid(ctx, purchase.id, 'expired', evidence)) ? 'expired' : 'unchanged';
  }
  return 'ignored';
}
