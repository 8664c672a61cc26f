import { formatCalendarDateIn } from '@/i18n/format';
import { localeOrDefault } from '@/i18n/locale';
import { translator } from '@/i18n/translator';
import { and, eq, inArray, or } from 'drizzle-orm';
import { todayInLosAngeles } from '@/contracts/dates';
import { formatCents } from '@/contracts/money';
import type { Tx } from '@/server/platform/db/client';
import { findOrderWithCustomer } from '@/server/platform/db/order-with-customer';
import { additionalFees, orders, subscriptions } from '@/server/platform/db/schema';
import { enqueueCustomerEmail } from '@/server/platform/mail/outbox';
import type { InvoiceState } from './stripe-objects';

/** The order a paid invoice is for: its subscription's, or the one an invoice of its own (fees) names. */
function orderOf(tx: Tx, invoice: InvoiceState) {
  if (!invoice.subscriptionId) return invoice.orderId ? eq(orders.id, invoice.orderId) : undefined;
  // The order the ledger's subscription names, or the one the provider's subscription id was written on.
  return or(
    inArray(
      orders.id,
      tx
        .select({ orderId: subscriptions.orderId })
        .from(subscriptions)
        .where(eq(subscriptions.id, invoice.subscriptionId)),
    ),
    eq(orders.stripeSubscriptionId, invoice.subscriptionId),
  );
}

/**
 * What the receipt lists, one line each: the rent with its dates, each fee (as the owner described it), any other
 * charge as the provider names it (the delivery charge), the account credit the provider took off (the lines' sum
 * less the amount due, as creditTakenOffSql reads it), then the total paid. A refund comes later, with its own e-mail.
 */
async function receiptLines(
  tx: Tx,
  invoice: InvoiceState,
  order: { type: string },
  locale: ReturnType<typeof localeOrDefault>,
) {
  const t = translator(locale, 'emails');
  const day = (date: Date) => formatCalendarDateIn(locale, todayInLosAngeles(date));
  const items = invoice.lines.flatMap((line) => (line.invoiceItemId ? [line.invoiceItemId] : []));
  const fees = items.length
    ? await tx
        .select({ item: additionalFees.stripeInvoiceId, description: additionalFees.description })
        .from(additionalFees)
        .where(and(inArray(additionalFees.stripeInvoiceId, items)))
    : [];
  const charges = invoice.lines.map((line) => {
    const fee = fees.find((row) => row.item === line.invoiceItemId);
    const what =
      line.kind === 'rent'
        ? t(order.type === 'weekly' ? 'receipt.weeklyRent' : 'receipt.rent', {
            period: t('period', { start: day(line.periodStart), end: day(line.periodEnd) }),
          })
        : fee
          ? t('receipt.fee', { description: fee.description })
          : (line.description ?? t('receipt.charge'));
    return t('receipt.line', { what, amount: formatCents(line.amountCents) });
  });
  const creditCents = Math.max(
    0,
    invoice.lines.reduce((sum, line) => sum + line.amountCents, 0) - invoice.amountDueCents,
  );
  const credit =
    creditCents > 0 ? [t('receipt.line', { what: t('receipt.credit'), amount: `-${formatCents(creditCents)}` })] : [];
  return [...charges, ...credit, t('receipt.total', { amount: formatCents(invoice.amountPaidCents) })].join('\n');
}

/**
 * Queues the customer's receipt for a paid invoice after the first (a renewal, or fees billed on their own; the
 * `payment_receipt` template), listing its lines, in the transaction that recorded the payment: it exists if and only
 * if the payment does, once per invoice, and the outbox sends it (retrying through an SMTP outage).
 */
export async function queueRenewalReceipt(tx: Tx, invoice: InvoiceState): Promise<void> {
  const where = orderOf(tx, invoice);
  if (!where) return;
  const row = await findOrderWithCustomer(tx, where);
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
      lines: await receiptLines(tx, invoice, order, locale),
      // Still filled for a template the owner edited before receipts listed their lines.
      period: translator(locale, 'emails')('period', { start: day(invoice.periodStart), end: day(invoice.periodEnd) }),
      paidDate: invoice.paidAt ? day(invoice.paidAt) : '',
    },
  });
}
