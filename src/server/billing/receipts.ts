import { formatCalendarDateIn } from '@/i18n/format';
import { localeOrDefault } from '@/i18n/locale';
import { translator } from '@/i18n/translator';
import { eq, inArray, or } from 'drizzle-orm';
import { todayInLosAngeles } from '@/contracts/dates';
import { formatCents } from '@/contracts/money';
import type { Db } from '@/server/platform/db/client';
import { findOrderWithCustomer } from '@/server/platform/db/order-with-customer';
import { orders, subscriptions } from '@/server/platform/db/schema';
import type { Mailer } from '@/server/platform/mail/mailer';
import { sendOrderEmail } from '@/server/platform/mail/order-email';
import type { InvoiceState } from './stripe-objects';

export interface ReceiptDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  business: { phone: string };
}

/** E-mails the customer a receipt for a paid renewal invoice (the `payment_receipt` template). */
export async function sendRenewalReceipt(deps: ReceiptDeps, invoice: InvoiceState): Promise<void> {
  if (!invoice.subscriptionId) return;
  // The order the ledger's subscription names, or the one the provider's subscription id was written on.
  const row = await findOrderWithCustomer(
    deps.db,
    or(
      inArray(
        orders.id,
        deps.db
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
  await sendOrderEmail(deps.db, deps.mailer, {
    templateType: 'payment_receipt',
    order,
    customer,
    values: {
      amount: formatCents(invoice.amountPaidCents),
      period: translator(locale, 'emails')('period', { start: day(invoice.periodStart), end: day(invoice.periodEnd) }),
      paidDate: invoice.paidAt ? day(invoice.paidAt) : '',
      portalUrl: `${deps.publicUrl}/portal/${order.id}`,
      businessPhone: deps.business.phone,
    },
  });
}
