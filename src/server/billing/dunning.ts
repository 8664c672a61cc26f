import { formatCalendarDateIn } from '@/i18n/format';
import type { Locale } from '@/contracts/locale';
import { localeOrDefault } from '@/i18n/locale';
import { translator } from '@/i18n/translator';
import { eq, sql } from 'drizzle-orm';
import { business } from '@/contracts/business';
import { formatCalendarDate, todayInLosAngeles } from '@/contracts/dates';
import { formatCents } from '@/contracts/money';
import type { Tx } from '@/server/platform/db/client';
import { customers, invoices, orders, subscriptions } from '@/server/platform/db/schema';
import { enqueueNotification, enqueueOwnerAlert } from '@/server/platform/mail/outbox';
import { refreshBillingStatus } from './billing-status';
import { lateFeeDue } from './late-fees';
import { orderOfSubscription } from './ledger';
import type { InvoiceState } from './stripe-objects';

const day = (date: Date) => formatCalendarDate(todayInLosAngeles(date));

/** Keeps the earliest failure of an invoice (events may arrive out of order): the late fee counts from it. */
export async function recordFailedCharge(tx: Tx, invoiceId: string, at: Date): Promise<void> {
  await tx
    .update(invoices)
    .set({ firstFailedAt: sql`least(coalesce(${invoices.firstFailedAt}, ${at}), ${at})` })
    .where(eq(invoices.id, invoiceId));
}

/** The order an invoice bills: through its subscription, or named by an invoice of its own (fees billed at once). */
export async function orderOfInvoice(tx: Tx, invoice: InvoiceState): Promise<string | null> {
  if (!invoice.subscriptionId) return invoice.orderId;
  const [subscription] = await tx
    .select({ orderId: subscriptions.orderId })
    .from(subscriptions)
    .where(eq(subscriptions.id, invoice.subscriptionId));
  return subscription?.orderId ?? (await orderOfSubscription(tx, invoice.subscriptionId));
}

/**
 * What the customer reads next to the amount: the retry, suspension and the late fee, with their dates. A rental
 * that has ended has nothing left to suspend and no late fee: only the fees bill remains, and the retry.
 */
function nextSteps(invoice: InvoiceState, firstFailedAt: Date, suspended: boolean, locale: Locale, ended: boolean) {
  const t = translator(locale, 'emails');
  const inLocale = (date: Date) => formatCalendarDateIn(locale, todayInLosAngeles(date));
  if (ended) {
    const retry =
      invoice.nextPaymentAttemptAt && t('dunning.tryAgain', { date: inLocale(invoice.nextPaymentAttemptAt) });
    return [t('dunning.feesAfterEnd'), ...(retry ? [retry] : [])].join(' ');
  }
  const steps = [
    suspended ? t('dunning.suspended') : t('dunning.nextFails', { count: business.suspensionAfterFailedPayments }),
  ];
  if (invoice.nextPaymentAttemptAt) steps.push(t('dunning.tryAgain', { date: inLocale(invoice.nextPaymentAttemptAt) }));
  steps.push(
    t('dunning.lateFee', { date: inLocale(lateFeeDue(firstFailedAt)), fee: formatCents(business.lateFeeCents) }),
  );
  return steps.join(' ');
}

/**
 * A charge failed (a verified invoice.payment_failed that moved the ledger): the rental's billing status follows
 * (past due, suspended after the second failure), the customer is e-mailed the payment_failed template with what
 * happens next and a link to pay, and the owner is alerted, all queued in the event's transaction, once per
 * invoice and attempt.
 */
export async function noteFailedCharge(tx: Tx, invoice: InvoiceState, at: Date): Promise<void> {
  const orderId = await orderOfInvoice(tx, invoice);
  if (!orderId) return;
  const change = await refreshBillingStatus(tx, orderId);
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  // An invoice of its own bills fees, often after the rental ended: the customer is told and given its page all the same.
  const ended = order?.status !== 'active';
  if (!order || (ended && invoice.subscriptionId)) return;
  const [customer] = await tx.select().from(customers).where(eq(customers.id, order.customerId));
  if (!customer) return;
  const [held] = await tx
    .select({ firstFailedAt: invoices.firstFailedAt })
    .from(invoices)
    .where(eq(invoices.id, invoice.id));
  // The order was read after the refresh above, so its billing status already counts this failure.
  const suspended = order.billingStatus === 'suspended';
  const amount = formatCents(invoice.amountDueCents - invoice.amountPaidCents);
  const common = { customerName: customer.name, orderNumber: order.orderNumber, amount };
  await enqueueNotification(tx, {
    key: `payment_failed:${invoice.id}:${invoice.attemptCount}`,
    audience: 'customer',
    kind: 'payment_failed',
    customerId: customer.id,
    orderId,
    values: {
      ...common,
      recipientEmail: customer.email,
      nextSteps: nextSteps(invoice, held?.firstFailedAt ?? at, suspended, localeOrDefault(customer.locale), ended),
      ...(invoice.hostedInvoiceUrl && { payUrl: invoice.hostedInvoiceUrl }),
    },
  });
  const ownerValues = {
    ...common,
    attempt: String(invoice.attemptCount),
    nextAttempt: invoice.nextPaymentAttemptAt ? day(invoice.nextPaymentAttemptAt) : '',
  };
  await enqueueOwnerAlert(tx, {
    kind: 'payment_failed',
    occasion: `${invoice.id}:${invoice.attemptCount}`,
    customerId: customer.id,
    orderId,
    values: ownerValues,
  });
  if (change?.to === 'suspended') {
    await enqueueOwnerAlert(tx, {
      kind: 'suspended',
      occasion: invoice.id,
      customerId: customer.id,
      orderId,
      values: ownerValues,
    });
  }
}
