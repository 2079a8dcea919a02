import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { useCurrentUser } from '../hooks/useCurrentUser';

/**
 * The signed-in user's timeshard balance (shared contract: TanStack Query key ['billing','info'] on
 * GET /api/billing/info, whose body includes `balance`). Written by the launcher to that contract so the
 * stat cards work; the billing feature owns this file and may extend it.
 */
export function useBalance(): { balance: number | undefined; isLoading: boolean } {
  const { user } = useCurrentUser();
  const query = useQuery({
    queryKey: ['billing', 'info'],
    queryFn: () => api.get<{ balance: number }>('/api/billing/info'),
    enabled: !!user,
    staleTime: 30_000,
  });
  return { balance: query.data?.balance, isLoading: !!user && query.isLoading };
}
