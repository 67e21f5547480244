import { useMutation, useQuery } from '@tanstack/react-query';
import type { PaymentRequest, PaymentStarted, Purchase } from '@wiggle/common/schemas/shop';
import { api } from '../../../lib/api-client';

/** POST /shop/payment: starts a card payment; the answer's redirectUrl is Saferpay's payment page. */
export function startPayment(request: PaymentRequest): Promise<PaymentStarted> {
  return api.post<PaymentStarted>('shop/payment', request);
}

export function useStartPayment() {
  return useMutation({ mutationFn: startPayment });
}

/** How often the dialog asks for the purchase while the payer is on the payment page. */
export const PURCHASE_POLL_MS = 1500;

/** GET /shop/purchases/{id}, asked again while the purchase is Pending, so the dialog follows it without a reload. */
export function usePurchase(id: number | null) {
  return useQuery({
    queryKey: ['shop', 'purchase', id],
    queryFn: () => api.get<Purchase>(`shop/purchases/${id}`),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.status === 'Pending' || !query.state.data ? PURCHASE_POLL_MS : false,
  });
}
