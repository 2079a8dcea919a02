import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { billingApi } from '../../shared/billing/api';

export type CheckoutMethod = 'stripe' | 'alipay';
export interface CheckoutTarget {
  /** A package id, or the Blessing's plan id. */
  id: string;
  kind: 'package' | 'subscription';
}

/**
 * One checkout at a time: the clicked item shows Processing, then the browser leaves for the provider
 * (or the in-app TEST MODE page). On failure the item is selectable again and the error is kept.
 */
export function useCheckout() {
  const navigate = useNavigate();
  const [processing, setProcessing] = useState<{ id: string; method: CheckoutMethod } | null>(null);
  const [error, setError] = useState<{ code?: string } | null>(null);

  async function start(target: CheckoutTarget, method: CheckoutMethod) {
    if (processing) return;
    setError(null);
    setProcessing({ id: target.id, method });
    try {
      const body = target.kind === 'package' ? { packageId: target.id } : { planId: target.id };
      const { url } = await billingApi.checkout(method, body);
      if (url.startsWith('/')) navigate(url);
      else window.location.assign(url);
    } catch (err) {
      setError({ code: err instanceof ApiError ? err.code : undefined });
      setProcessing(null);
    }
  }
  return { processing, error, start, clearError: () => setError(null) };
}
