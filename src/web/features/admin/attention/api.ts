import { useQuery } from '@tanstack/react-query';
import type { NeedsAttention } from '@/contracts/admin/attention';
import { adminKeys, adminRequest, adminResource, type MutationCallbacks, useAdminMutation } from '../api';

// Under the orders' key: any order change (a payment, a decision, a pickup) refreshes the list too.
const attention = adminResource([...adminKeys.orders, 'needs-attention'], '/api/admin/needs-attention');

export function useNeedsAttention() {
  return useQuery(attention.all<NeedsAttention>());
}

/**
 * "Schedule pickup" on a rental with no pickup open: opens one with no day (nothing booked, nothing e-mailed); the
 * caller then opens its booking. No toast: the booking dialog that follows says what happens.
 */
export function useOpenPickup(callbacks: MutationCallbacks<{ id: string }, string> = {}) {
  return useAdminMutation({
    ...callbacks,
    mutationFn: (orderId: string) => adminRequest<{ id: string }>('POST', `/api/admin/orders/${orderId}/pickup`, {}),
    invalidates: [adminKeys.orders, adminKeys.stats],
    errorFallback: 'The pickup could not be opened',
  });
}
