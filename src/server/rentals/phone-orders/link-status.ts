import type { PhoneLinkStatus } from '@/contracts/admin/orders';

/**
 * Where a phone order's link stands as the owner reads it ("link sent / opened / signed / paid"), from the order's
 * own columns, so a list page needs no join; null for a checkout's order. Paid is any order that became a rental.
 */
export function phoneLinkStatus(order: {
  source: string;
  status: string;
  linkOpenedAt: Date | null;
  linkSignedAt: Date | null;
}): PhoneLinkStatus | null {
  if (order.source !== 'phone') return null;
  if (order.status === 'active' || order.status === 'completed') return 'paid';
  if (order.linkSignedAt) return 'signed';
  if (order.linkOpenedAt) return 'opened';
  return 'sent';
}
