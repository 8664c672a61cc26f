import { formatCalendarDateIn } from '@/i18n/format';
import { localeOrDefault } from '@/i18n/locale';
import { translator } from '@/i18n/translator';
import { eq, or } from 'drizzle-orm';
import { todayInLosAngeles } from '@/contracts/dates';
import { formatCents } from '@/contracts/money';
import type { Db } from '@/server/platform/db/client';
import { customers, orders, subscriptions } from '@/server/platform/db/schema';
import type { Mailer } from '@/server/platform/mail/mailer';
import { sendTemplatedEmail } from '@/server/platform/mail/templated-email';
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
  const [row] = await deps.db
    .select({ order: orders, customer: customers })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(subscriptions, eq(subscriptions.orderId, orders.id))
    .where(or(eq(subscriptions.id, invoice.subscriptionId), eq(orders.stripeSubscriptionId, invoice.subscriptionId)))
    .limit(1);
  if (!row) return;
  const { order, customer } = row;
  const locale = localeOrDefault(customer.locale);
  const day = (date: Date) => formatCalendarDateIn(locale, todayInLosAngeles(date));
  await sendTemplatedEmail(deps.db, deps.mailer, {
    templateType: 'payment_receipt',
    locale,
    customerId: customer.id,
    recipientEmail: customer.email,
    values: {
      customerName: customer.name,
      orderNumber: order.orderNumber,
      amount: formatCents(invoice.amountPaidCents),
      period: translator(locale, 'emails')('period', { start: day(invoice.periodStart), end: day(invoice.periodEnd) }),
      paidDate: invoice.paidAt ? day(invoice.paidAt) : '',
      portalUrl: `${deps.publicUrl}/portal/${order.id}`,
      businessPhone: deps.business.phone,
    },
  });
}
