import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderLinkSignInput, OrderLinkView } from '@/contracts/phone-orders';
import { apiRequest } from '@/web/lib/api';

// A phone order's link (issue 29): the order behind /order/{orderId}?key=…, its agreement, and its payment page.

const linkPath = (orderId: string) => `/api/order-links/${encodeURIComponent(orderId)}`;

export const orderLinkKeys = {
  view: (orderId: string, key: string) => ['/api/order-links', orderId, key] as const,
};

/** Also marks the link opened and gives this browser the checkout cookie (so /success works after paying). */
export const getOrderLink = (orderId: string, key: string) =>
  apiRequest<OrderLinkView>('GET', `${linkPath(orderId)}?key=${encodeURIComponent(key)}`);

export const signOrderLink = (orderId: string, input: OrderLinkSignInput) =>
  apiRequest<{ id: string; pdfUrl: string }>('POST', `${linkPath(orderId)}/sign`, input);

export const payOrderLink = (orderId: string, key: string) =>
  apiRequest<{ sessionUrl: string }>('POST', `${linkPath(orderId)}/pay`, { key });

export function useOrderLink(orderId: string, key: string) {
  return useQuery({
    queryKey: orderLinkKeys.view(orderId, key),
    queryFn: () => getOrderLink(orderId, key),
    // A link without its key cannot match: the page says it is not valid without asking.
    enabled: Boolean(orderId && key),
    // A 404 (a key that does not match) is an answer, not a failure worth repeating.
    retry: false,
    // Returning to the tab must not swap the page under a customer who is typing their name.
    refetchOnWindowFocus: false,
  });
}

/** What the sign-and-pay button hands over: the signature, unless the order is signed already. */
export type SignAndPay = { signature: Omit<OrderLinkSignInput, 'key'> | null };

/**
 * Signs the agreement (unless it was signed before), then opens the payment provider's page for the order. A
 * signature that went through stays signed on the page even when the payment page then cannot be opened.
 */
export function useSignAndPay(orderId: string, key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ signature }: SignAndPay) => {
      if (signature) {
        const { pdfUrl } = await signOrderLink(orderId, { key, ...signature });
        queryClient.setQueryData<OrderLinkView>(orderLinkKeys.view(orderId, key), (view) =>
          view?.order ? { ...view, order: { ...view.order, signed: true, agreementPdfUrl: pdfUrl } } : view,
        );
      }
      return payOrderLink(orderId, key);
    },
    onSuccess: ({ sessionUrl }) => window.location.assign(sessionUrl),
  });
}
