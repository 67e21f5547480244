import { useQuery } from '@tanstack/react-query';
import type { Credits, Purchase, UsageStatistics } from '@wiggle/common/schemas/shop';
import { api } from '../../../lib/api-client';

/** GET /account/statistics: originals, wiggles and frames spent. */
export function useUsageStatistics() {
  return useQuery({
    queryKey: ['account', 'statistics'],
    queryFn: () => api.get<UsageStatistics>('account/statistics'),
  });
}

/** GET /account/credits: every granted roll with what is left of it. */
export function useCredits() {
  return useQuery({ queryKey: ['account', 'credits'], queryFn: () => api.get<Credits>('account/credits') });
}

/** GET /shop/purchases: the purchase history, newest first. */
export function usePurchaseHistory() {
  return useQuery({
    queryKey: ['account', 'purchases'],
    queryFn: async () => (await api.get<{ purchases: Purchase[] }>('shop/purchases')).purchases,
  });
}

/** GET /shop/purchases/{id}: the purchase the payer returned from (My account's ?purchase= notice). */
export function useReturnedPurchase(id: number | null) {
  return useQuery({
    queryKey: ['account', 'returned-purchase', id],
    queryFn: () => api.get<Purchase>(`shop/purchases/${id}`),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'Pending' ? 1500 : false),
  });
}
