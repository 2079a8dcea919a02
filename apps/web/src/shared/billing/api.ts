import { artApi, creditsApi } from '@yumi/core';
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

export const billingApi = {
  info: (options?: CallOptions) => billingCall(() => call(creditsApi.info, {}, options)),
  packages: () => billingCall(() => call(creditsApi.packages)),
  purchases: () => billingCall(() => call(creditsApi.purchases)),
  purchase: (id: string) => billingCall(() => call(creditsApi.purchase, { params: { id } }, { retries: 1 })),
  cancelPurchase: (id: string) => billingCall(() => call(creditsApi.cancelPurchase, { params: { id } })),
  checkout: (method: 'stripe' | 'alipay', body: { packageId: string } | { planId: string }) =>
    billingCall(() => call(method === 'stripe' ? creditsApi.checkoutStripe : creditsApi.checkoutAlipay, { body })),
  testCheckout: (id: string, action: 'pay' | 'cancel') => billingCall(() => call(creditsApi.testCheckout, { params: { id }, body: { action } })),
  claimBlessing: (mode: 'daily' | 'all') => billingCall(() => call(creditsApi.claimBlessing, { body: { mode } })),
  tokenUsage: () => billingCall(() => call(creditsApi.tokenUsage)),
  contributions: () => billingCall(() => call(artApi.contributions)),
};
