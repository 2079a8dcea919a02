import { endpointRef, type artApi, type creditsApi } from '@yumi/core';
import { ApiError, call, type CallOptions } from '../api/client';

/**
 * Billing calls (bearer token, credentials included by the one client). A non-OK answer throws the
 * server's `error` text, or 'HTTP error! status: N' when the server sent none (second document §8).
 */
async function billingCall<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (err) {
    if (err instanceof ApiError && err.status > 0 && !err.code) {
      throw new ApiError(`HTTP error! status: ${err.status}`, err.type, err.status, err.isRetryable);
    }
    throw err;
  }
}

// The header's balance is part of the shell, which loads no zod: these calls name their endpoints by
// reference (method and path checked against the contract at compile time).
const INFO = endpointRef<typeof creditsApi.info>('GET', '/api/billing/info');
const PACKAGES = endpointRef<typeof creditsApi.packages>('GET', '/api/billing/packages');
const PURCHASES = endpointRef<typeof creditsApi.purchases>('GET', '/api/billing/purchases');
const PURCHASE = endpointRef<typeof creditsApi.purchase>('GET', '/api/billing/purchases/:id');
const CANCEL_PURCHASE = endpointRef<typeof creditsApi.cancelPurchase>('POST', '/api/billing/purchases/:id/cancel');
const CHECKOUT_STRIPE = endpointRef<typeof creditsApi.checkoutStripe>('POST', '/api/billing/checkout/stripe');
const CHECKOUT_ALIPAY = endpointRef<typeof creditsApi.checkoutAlipay>('POST', '/api/billing/checkout/alipay');
const TEST_CHECKOUT = endpointRef<typeof creditsApi.testCheckout>('POST', '/api/billing/test-checkout/:id');
const CLAIM_BLESSING = endpointRef<typeof creditsApi.claimBlessing>('POST', '/api/billing/claim-blessing-tokens');
const TOKEN_USAGE = endpointRef<typeof creditsApi.tokenUsage>('GET', '/api/billing/token-usage');
const CONTRIBUTIONS = endpointRef<typeof artApi.contributions>('GET', '/api/art/contributions');

export const billingApi = {
  info: (options?: CallOptions) => billingCall(() => call(INFO, {}, options)),
  packages: () => billingCall(() => call(PACKAGES)),
  purchases: () => billingCall(() => call(PURCHASES)),
  purchase: (id: string) => billingCall(() => call(PURCHASE, { params: { id } }, { retries: 1 })),
  cancelPurchase: (id: string) => billingCall(() => call(CANCEL_PURCHASE, { params: { id } })),
  checkout: (method: 'stripe' | 'alipay', body: { packageId: string } | { planId: string }) =>
    billingCall(() => call(method === 'stripe' ? CHECKOUT_STRIPE : CHECKOUT_ALIPAY, { body })),
  testCheckout: (id: string, action: 'pay' | 'cancel') => billingCall(() => call(TEST_CHECKOUT, { params: { id }, body: { action } })),
  claimBlessing: (mode: 'daily' | 'all') => billingCall(() => call(CLAIM_BLESSING, { body: { mode } })),
  tokenUsage: () => billingCall(() => call(TOKEN_USAGE)),
  contributions: () => billingCall(() => call(CONTRIBUTIONS)),
};
