import { formatCalendarDateIn } from '@/i18n/format';
import { localeOrDefault } from '@/i18n/locale';
import { translator } from '@/i18n/translator';
import { eq, inArray, or } from 'drizzle-orm';
import { todayInLosAngeles } from '@/contracts/dates';
import { formatCents } from '@/contracts/money';
import type { Tx } from '@/server/platform/db/client';
import { findOrderWithCustomer } from '@/server/platform/db/order-with-customer';
import { orders, subscriptions } from '@/server/platform/db/schema';
import { enqueueCustomerEmail } from '@/server/platform/mail/outbox';
import type { InvoiceState } from './stripe-objects';

/**
 * Queues the customer's receipt for a paid renewal invoice (the `payment_receipt` template) in the transaction that
 * recorded the payment: it exists if and only if the payment does, once per invoice, and the outbox sends it
 * (retrying through an SMTP outage).
 */
export async function queueRenewalReceipt(tx: Tx, invoice: InvoiceState): Promise<void> {
  if (!invoice.subscriptionId) return;
  // The order the ledger's subscription names, or the one the provider's subscription id was written on.
  const row = await findOrderWithCustomer(
    tx,
    or(
      inArray(
        orders.id,
        tx
          .select({ orderId: subscriptions.orderId })
          .from(subscriptions)
          .where(eq(subscriptions.id, invoice.subscriptionId)),
      ),
      eq(orders.stripeSubscriptionId, invoice.subscriptionId),
    ),
  );
  if (!row) return;
  const { order, customer } = row;
  const locale = localeOrDefault(customer.locale);
  const day = (date: Date) => formatCalendarDateIn(locale, todayInLosAngeles(date));
  await enqueueCustomerEmail(tx, {
    kind: 'payment_receipt',
    occasion: invoice.id,
    order,
    customer,
    values: {
      amount: formatCents(invoice.amountPaidCents),
      period: translator(locale, 'emails')('period', { start: day(invoice.periodStart), end: day(invoice.periodEnd) }),
      paidDate: invoice.paidAt ? day(invoice.paidAt) : '',
    },
  });
}
