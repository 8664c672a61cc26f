import type { orders } from '@/server/platform/db/schema';

type OrderRow = typeof orders.$inferSelect;

/**
 * An order's terms as both the owner's order detail and the customer's portal show them: what was rented, when,
 * at what price and minimum, and where to.
 */
export function orderTermsOf(order: OrderRow) {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    type: order.type,
    btuTier: order.btuTier,
    status: order.status,
    startDate: order.startDate,
    monthsMin: order.monthsMin,
    priceCents: order.priceCents,
    address: order.address,
    city: order.city,
    zipCode: order.zipCode,
    buildingNotes: order.buildingNotes,
  };
}
