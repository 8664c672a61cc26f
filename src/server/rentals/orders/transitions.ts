import type { OrderStatus } from '@/contracts/admin/orders';

/**
 * The one place that says how an order's status may change (docs/decisions/010-admin-api.md):
 * - pending → active (paid, or confirmed by the owner) or cancelled (abandoned, or refused);
 * - active → completed (the rental ended and the unit came back) or cancelled (ended early);
 * - completed and cancelled are final.
 * Ending an active order (completed or cancelled) frees its unit; see changeOrderStatus.
 */
export const orderTransitions: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['active', 'cancelled'],
  active: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

export function allowedNextStatuses(from: string): OrderStatus[] {
  return [...(orderTransitions[from as OrderStatus] ?? [])];
}

export function canChangeStatus(from: string, to: OrderStatus): boolean {
  return allowedNextStatuses(from).includes(to);
}
