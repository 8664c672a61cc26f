import { formatCalendarDateIn, formatMomentIn } from '@/i18n/format';
import { localeOrDefault } from '@/i18n/locale';
import type { Tx } from '@/server/platform/db/client';
import type { orders, customers } from '@/server/platform/db/schema';
import { enqueueCustomerEmail } from '@/server/platform/mail/outbox';
import { rateLine } from '@/server/rentals/orders/rate-line';

type OrderRow = typeof orders.$inferSelect;
type CustomerRow = typeof customers.$inferSelect;

/**
 * Queues the customer's e-mail with the link to sign and pay a phone order, in their language, inside the
 * transaction that made (or replaced) the link: one message per link version.
 */
export async function queueOrderLinkEmail(
  tx: Tx,
  link: { order: OrderRow; customer: CustomerRow; modelName: string; heldUntil: Date; linkUrl: string },
): Promise<void> {
  const { order, customer } = link;
  const locale = localeOrDefault(customer.locale);
  await enqueueCustomerEmail(tx, {
    kind: 'phone_order_link',
    occasion: `${order.id}:${order.linkVersion}`,
    order,
    customer,
    values: {
      unitModel: link.modelName,
      startDate: formatCalendarDateIn(locale, order.startDate),
      rate: rateLine(locale, order),
      address: [order.address, `${order.city}, CA ${order.zipCode}`, order.buildingNotes].filter(Boolean).join(', '),
      heldUntil: formatMomentIn(locale, link.heldUntil, { zone: true }),
      linkUrl: link.linkUrl,
    },
  });
}
