import { useMutation, useQuery } from '@tanstack/react-query';
import type { CardPayment, PayResult, PaySessionView } from '@/contracts/payments';
import { apiRequest } from '@/web/lib/api';

// The local payment provider's own page (used when Stripe is not configured).

const sessionPath = (sessionId: string) => `/api/pay/sessions/${encodeURIComponent(sessionId)}`;

export const payKeys = {
  session: (sessionId: string) => ['/api/pay/sessions', sessionId] as const,
};

export const getPaySession = (sessionId: string) => apiRequest<PaySessionView>('GET', sessionPath(sessionId));

export const payWithCard = (sessionId: string, card: CardPayment) =>
  apiRequest<PayResult>('POST', sessionPath(sessionId), card);

export function usePaySession(sessionId: string) {
  return useQuery({ queryKey: payKeys.session(sessionId), queryFn: () => getPaySession(sessionId) });
}

/** Pays (or saves the card) and follows the provider back to the shop's return address. */
export function usePayWithCard(sessionId: string) {
  return useMutation({
    mutationFn: (card: CardPayment) => payWithCard(sessionId, card),
    onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
  });
}
