import { intlLocale } from '@/i18n/format';
import { formatCalendarDateIn } from '@/i18n/format';
import { localeOrDefault } from '@/i18n/locale';
import type { Tx } from '@/server/platform/db/client';
import type { orders, customers } from '@/server/platform/db/schema';
import { enqueueCustomerEmail } from '@/server/platform/mail/outbox';
import { rateLine } from '@/server/rentals/orders/rate-line';

type OrderRow = typeof orders.$inferSelect;
type CustomerRow = typeof customers.$inferSelect;

/** "Saturday, November 28, 4:30 PM" in Los Angeles time, in the customer's language: when the hold ends. */
export function heldUntilIn(locale: string, at: Date): string {
  return at.toLocaleString(intlLocale(localeOrDefault(locale)), {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'America/Los_Angeles',
    timeZoneName: 'short',
  });
}

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
      heldUntil: heldUntilIn(locale, link.heldUntil),
      linkUrl: link.linkUrl,
    },
  });
}
