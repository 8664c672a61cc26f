import { useQuery } from '@tanstack/react-query';
import type { NeedsAttention } from '@/contracts/admin/attention';
import { adminKeys, adminRequest, adminResource, saved, useAdminMutation } from '../api';

// Under the orders' key: any order change (a payment, a decision, a pickup) refreshes the list too.
const attention = adminResource([...adminKeys.orders, 'needs-attention'], '/api/admin/needs-attention');

export function useNeedsAttention() {
  return useQuery(attention.all<NeedsAttention>());
}

/** The one-click pickup for a suspended rental or a unit still out after the rental ended: tomorrow. */
export function useSchedulePickup() {
  return useAdminMutation({
    mutationFn: (orderId: string) =>
      adminRequest<{ id: string; scheduledDate: string }>('POST', `/api/admin/orders/${orderId}/pickup`, {}),
    success: (booked) => saved(`Pickup booked for ${booked.scheduledDate}`),
    invalidates: [adminKeys.orders, adminKeys.stats],
    errorFallback: 'The pickup could not be booked',
  });
}
