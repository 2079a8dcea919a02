import {
  alipayPriceCents,
  ALIPAY_TAX_RATE,
  PACKAGES,
  YUMI_BLESSING,
  type BillingInfo,
  type PackagesResponse,
  type Purchase,
  type TestGrantsResponse,
} from '@yumi/core';
import type { AppContext } from '../../context';
import type { Db } from '../../db/connection';
import { HttpError, notFound } from '../../lib/http-error';
import { paymentModes, testModeOn } from '../../providers/payment';
import { hasImageGenAccess } from './access';
import { subscriptionStatus } from './blessing';
import { fulfilPurchase, markUnpaid } from './fulfilment';
import { getBalance } from './ledger';
import * as repo from './repository';
import { usernamesByIds } from '../auth';
import { tokenSummary } from './usage';

export function packagesResponse(ctx: AppContext): PackagesResponse {
  return {
    packages: PACKAGES.map((p) => ({ ...p, alipayPriceCents: alipayPriceCents(p.priceCents) })),
    subscription: { ...YUMI_BLESSING, alipayPriceCents: alipayPriceCents(YUMI_BLESSING.priceCents) },
    providers: paymentModes(ctx.config),
    alipayTaxRate: ALIPAY_TAX_RATE,
  };
}

export function toPurchase(row: repo.PurchaseRow): Purchase {
  const label = row.kind === 'subscription' ? YUMI_BLESSING.label : (PACKAGES.find((p) => p.id === row.itemId)?.label ?? row.itemId);
  return {
    id: row.id,
    provider: row.provider,
    method: row.method,
    kind: row.kind,
    itemId: row.itemId,
    label,
    tokens: row.tokens,
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
  };
}

/** Every field of spec §3 "Billing info", plus the balance and the Blessing's state. */
export async function billingInfo(ctx: AppContext, userId: string, artworkCount: (db: Db, userId: string) => Promise<number>): Promise<BillingInfo> {
  const [balance, tokens, subscription, access, spentCents, rewards, artworks] = await Promise.all([
    getBalance(ctx, userId),
    tokenSummary(ctx, userId),
    subscriptionStatus(ctx, userId),
    hasImageGenAccess(ctx, userId),
    repo.paidCents(ctx.db, userId),
    repo.artRewards(ctx.db, userId),
    artworkCount(ctx.db, userId),
  ]);
  return {
    balance,
    freeTokensRemaining: tokens.freeTokensRemaining,
    totalTokensUsed: tokens.totalTokensUsed,
    dailyTokensRemaining: subscription && !subscription.claimedToday ? subscription.dailyTokens : 0,
    premiumPlanId: subscription?.planId ?? null,
    totalAmountSpent: spentCents / 100,
    contributionRewards: rewards,
    artworkContributions: artworks,
    hasAccessToImageGen: access,
    subscription,
  };
}

export async function listPurchases(ctx: AppContext, userId: string): Promise<Purchase[]> {
  return (await repo.listPurchases(ctx.db, userId)).map(toPurchase);
}

/** A purchase of this user; another user's id is answered exactly like a missing one. */
export async function ownPurchase(ctx: AppContext, userId: string, id: string): Promise<repo.PurchaseRow> {
  const row = await repo.findOwnPurchase(ctx.db, userId, id);
  if (!row) throw notFound('Purchase');
  return row;
}

/** The user came back from the provider without paying: the checkout is over (a later paid webhook still wins). */
export async function cancelPurchase(ctx: AppContext, userId: string, id: string): Promise<Purchase> {
  const row = await ownPurchase(ctx, userId, id);
  await markUnpaid(ctx, row.id, 'failed');
  return toPurchase(await ownPurchase(ctx, userId, id));
}

/** TEST MODE: Pay goes through the very fulfilment path of the real providers; Cancel marks it failed. */
export async function completeTestCheckout(ctx: AppContext, userId: string, id: string, action: 'pay' | 'cancel'): Promise<Purchase> {
  // With a real provider configured (or TEST MODE switched off) there is no test checkout at all, not even
  // for a test purchase started before the keys were set: paying it would grant real timeshards.
  if (!testModeOn(ctx.config)) throw notFound('Test checkout');
  const row = await ownPurchase(ctx, userId, id);
  if (row.provider !== 'test') throw new HttpError(409, 'NOT_TEST_CHECKOUT', 'This purchase is paid through a real provider');
  if (action === 'pay') {
    if (row.status === 'refunded') throw new HttpError(409, 'PURCHASE_REFUNDED', 'This purchase was refunded');
    await fulfilPurchase(ctx, row.id, { provider: 'test', eventId: `test-pay:${row.id}`, eventType: 'test.paid' });
  } else {
    await markUnpaid(ctx, row.id, 'failed');
  }
  return toPurchase(await ownPurchase(ctx, userId, id));
}

/** Admins: the most recent grants of the TEST MODE checkout, and their sum over all time. */
export async function testGrants(ctx: AppContext): Promise<TestGrantsResponse> {
  const [rows, total] = await Promise.all([repo.testGrantEntries(ctx.db, 100), repo.testGrantTotal(ctx.db)]);
  const names = await usernamesByIds(ctx.db, rows.map((r) => r.userId));
  return {
    total,
    grants: rows.map((r) => ({ id: r.id, username: names.get(r.userId) ?? '', amount: r.delta, reason: r.reason, createdAt: r.createdAt.toISOString() })),
  };
}
