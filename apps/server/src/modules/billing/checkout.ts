import { alipayPriceCents, centsToAmount, findPackage, YUMI_BLESSING, type CheckoutRequest, type User } from '@yumi/core';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { subscriptions } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { paymentModes, type CheckoutMethod } from '../../providers/payment';
import { alipayPageUrl } from '../../providers/payment/alipay';
import { createStripeCheckout } from '../../providers/payment/stripe';
import { markUnpaid } from './fulfilment';
import * as repo from './repository';

const METHOD_UNAVAILABLE = {
  en: 'This payment method is not available on this server. Please choose another one.',
  ja: 'このサーバーではこの支払い方法を利用できません。別の方法をお選びください。',
  zh: '此服务器不支持该支付方式，请选择其他方式。',
  ko: '이 서버에서는 이 결제 수단을 사용할 수 없습니다. 다른 수단을 선택해 주세요.',
} as const;

const CHECKOUTS_PER_WINDOW = 30;
const CHECKOUT_WINDOW_SECONDS = 600;

interface CatalogueItem {
  kind: 'package' | 'subscription';
  itemId: string;
  label: string;
  description: string;
  tokens: number;
  priceCents: number;
}

/** Resolves what is being bought from our catalogue; unknown ids are refused. The client never sends a price. */
function resolveItem(body: CheckoutRequest): CatalogueItem {
  if ('packageId' in body) {
    const pkg = findPackage(body.packageId);
    if (!pkg) throw new HttpError(404, 'UNKNOWN_PACKAGE', 'This package does not exist');
    return { kind: 'package', itemId: pkg.id, label: `${pkg.label} package`, description: pkg.description, tokens: pkg.tokens, priceCents: pkg.priceCents };
  }
  if (body.planId !== YUMI_BLESSING.id) throw new HttpError(404, 'UNKNOWN_PLAN', 'This plan does not exist');
  return {
    kind: 'subscription',
    itemId: YUMI_BLESSING.id,
    label: YUMI_BLESSING.label,
    description: YUMI_BLESSING.description,
    tokens: YUMI_BLESSING.totalTokens,
    priceCents: YUMI_BLESSING.priceCents,
  };
}

/** Where the provider sends the browser back: our return page, which polls the purchase until it settles. */
function returnUrls(origin: string, purchaseId: string) {
  const base = `${origin}/charge/return?purchase=${encodeURIComponent(purchaseId)}`;
  return { success: base, cancel: `${base}&cancelled=1` };
}

export async function startCheckout(
  ctx: AppContext,
  user: User,
  method: CheckoutMethod,
  body: CheckoutRequest,
  origin: string,
): Promise<{ url: string; purchaseId: string }> {
  const provider = paymentModes(ctx.config)[method];
  if (provider === 'off') throw new HttpError(503, 'PAYMENT_METHOD_UNAVAILABLE', METHOD_UNAVAILABLE);
  const item = resolveItem(body);
  // Each click creates a pending purchase (and a provider session): cap them per user.
  await ctx.rateLimits.hit(`checkout:${user.id}`, CHECKOUTS_PER_WINDOW, CHECKOUT_WINDOW_SECONDS);
  if (item.kind === 'subscription') {
    const active = await ctx.db
      .select({ id: subscriptions.id, startedOn: subscriptions.startedOn, durationDays: subscriptions.durationDays })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.status, 'active')));
    const today = Date.parse(ctx.clock.now().toISOString().slice(0, 10));
    const running = active.some((s) => (today - Date.parse(s.startedOn)) / 86_400_000 < s.durationDays);
    if (running) throw new HttpError(409, 'SUBSCRIPTION_ACTIVE', 'Your Yumi Blessing is still active. Claim it to the end before buying another.');
  }
  const amountCents = method === 'alipay' ? alipayPriceCents(item.priceCents) : item.priceCents;
  const purchase = await repo.insertPurchase(ctx.db, {
    userId: user.id,
    provider,
    method,
    kind: item.kind,
    itemId: item.itemId,
    tokens: item.tokens,
    amountCents,
    currency: 'USD',
    createdAt: ctx.clock.now(),
    updatedAt: ctx.clock.now(),
  });
  const urls = returnUrls(origin, purchase.id);
  try {
    if (provider === 'test') {
      return { url: `/charge/test-checkout/${purchase.id}`, purchaseId: purchase.id };
    }
    if (provider === 'stripe') {
      const session = await createStripeCheckout(ctx.config, {
        purchaseId: purchase.id,
        userId: user.id,
        itemId: item.itemId,
        kind: item.kind,
        name: item.label,
        description: item.description,
        amountCents,
        successUrl: `${urls.success}&session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: urls.cancel,
        email: user.email,
      });
      await repo.setProviderRef(ctx.db, purchase.id, session.id);
      return { url: session.url, purchaseId: purchase.id };
    }
    await repo.setProviderRef(ctx.db, purchase.id, purchase.id);
    const url = alipayPageUrl(ctx.config, {
      purchaseId: purchase.id,
      subject: `Yumi Studio: ${item.label}`,
      totalAmount: centsToAmount(amountCents),
      returnUrl: urls.success,
      notifyUrl: `${origin}/api/billing/webhooks/alipay`,
    });
    return { url, purchaseId: purchase.id };
  } catch (err) {
    ctx.log.error({ err, purchaseId: purchase.id, provider }, 'checkout could not be started');
    await markUnpaid(ctx, purchase.id, 'failed');
    throw new HttpError(502, 'PAYMENT_PROVIDER_ERROR', 'The payment provider could not be reached. Please try again.');
  }
}
