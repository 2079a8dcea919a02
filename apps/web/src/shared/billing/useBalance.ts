import type { BillingInfo } from '@yumi/core';
import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '../hooks/useCurrentUser';
import { billingApi } from './api';

export const BILLING_INFO_KEY = ['billing', 'info'] as const;

/** Billing info of the signed-in user (shared contract: query key ['billing','info'] on GET /api/billing/info). */
export function useBillingInfo() {
  const { user } = useCurrentUser();
  return useQuery<BillingInfo>({
    queryKey: BILLING_INFO_KEY,
    queryFn: () => billingApi.info({ retries: 1 }),
    enabled: !!user,
    staleTime: 30_000,
  });
}

/** The signed-in user's timeshard balance. */
export function useBalance(): { balance: number | undefined; isLoading: boolean } {
  const { user } = useCurrentUser();
  const query = useBillingInfo();
  return { balance: query.data?.balance, isLoading: !!user && query.isLoading };
}
