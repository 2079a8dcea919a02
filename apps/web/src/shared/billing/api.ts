import type {
  BillingInfo,
  ContributionsResponse,
  PackagesResponse,
  Purchase,
  TokenUsageResponse,
} from '@yumi/core';
import { api, ApiError, type RequestOptions } from '../api/client';

/**
 * Billing calls (bearer token, credentials included by the one client). A non-OK answer throws the
 * server's `error` text, or 'HTTP error! status: N' when the server sent none (second document §8).
 */
async function billingCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ApiError && err.status > 0 && !err.code) {
      throw new ApiError(`HTTP error! status: ${err.status}`, err.type, err.status, err.isRetryable);
    }
    throw err;
  }
}

export const billingApi = {
  info: (options?: RequestOptions) => billingCall(() => api.get<BillingInfo>('/api/billing/info', options)),
  packages: () => billingCall(() => api.get<PackagesResponse>('/api/billing/packages')),
  purchases: () => billingCall(() => api.get<{ purchases: Purchase[] }>('/api/billing/purchases')),
  purchase: (id: string) => billingCall(() => api.get<Purchase>(`/api/billing/purchases/${encodeURIComponent(id)}`, { retries: 1 })),
  cancelPurchase: (id: string) => billingCall(() => api.post<Purchase>(`/api/billing/purchases/${encodeURIComponent(id)}/cancel`)),
  checkout: (method: 'stripe' | 'alipay', body: { packageId: string } | { planId: string }) =>
    billingCall(() => api.post<{ url: string; purchaseId: string }>(`/api/billing/checkout/${method}`, body)),
  testCheckout: (id: string, action: 'pay' | 'cancel') =>
    billingCall(() => api.post<Purchase>(`/api/billing/test-checkout/${encodeURIComponent(id)}`, { action })),
  claimBlessing: (mode: 'daily' | 'all') =>
    billingCall(() => api.post<{ granted: number; balance: number }>('/api/billing/claim-blessing-tokens', { mode })),
  tokenUsage: () => billingCall(() => api.get<TokenUsageResponse>('/api/billing/token-usage')),
  contributions: () => billingCall(() => api.get<ContributionsResponse>('/api/art/contributions')),
};
