import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { todayInLosAngeles } from '@/contracts/dates';
import { firstRenewalOn } from '@/contracts/plan-terms';
import type { RentalBilling } from '@/contracts/billing';
import type { Db } from '@/server/platform/db/client';
import { additionalFees, invoices } from '@/server/platform/db/schema';
import { billingFactsOf, billingStatusOf, invoicesOfOrder } from './billing-status';
import { creditsOf, unusedCreditCents } from './credits';
import { refundedByInvoice } from './refunds';

/** How many invoices the portal lists (a year and a little more of monthly rent; half a year of weekly rent). */
const INVOICE_HISTORY = 24;

const calendarDate = (date: Date) => todayInLosAngeles(date);
const planOf = (order: { type: string }) => (order.type === 'weekly' ? 'weekly' : 'monthly');

/**
 * The rental's billing as the provider last reported it (the ledger), never computed from the start date: the
 * next charge is the subscription's period end, for the rent plus the fees waiting for that invoice, unless
 * billing stops before it.
 */
export async function rentalBilling(
  db: Db,
  order: {
    id: string;
    customerId: string;
    type: string;
    priceCents: number;
    status: string;
    stripeSubscriptionId: string | null;
    startDate: string;
  },
): Promise<RentalBilling> {
  const { subscription, openInvoice } = await billingFactsOf(db, order);
  const rows = await db
    .select()
    .from(invoices)
    .where(invoicesOfOrder(order.id, subscription?.id))
    .orderBy(desc(invoices.issuedAt))
    .limit(INVOICE_HISTORY);
  const status = billingStatusOf({
    orderStatus: order.status,
    subscriptionStatus: subscription?.status,
    openInvoiceAttempts: openInvoice?.attemptCount ?? 0,
  });
  const periodEnd = subscription?.currentPeriodEnd ?? null;
  const endsAt = subscription?.endedAt ?? subscription?.cancelAt ?? null;
  const renews = status !== 'ended' && periodEnd !== null && (!endsAt || endsAt > periodEnd);

  let nextAmountCents: number | null = null;
  if (renews) {
    // Fees billed through the provider wait for this customer's next invoice, unless billed on one of their own.
    const fees = await db
      .select({ amountCents: additionalFees.amountCents })
      .from(additionalFees)
      .where(
        and(
          eq(additionalFees.customerId, order.customerId),
          eq(additionalFees.status, 'pending'),
          isNotNull(additionalFees.stripeInvoiceId),
          isNull(additionalFees.invoiceId),
        ),
      );
    nextAmountCents = order.priceCents + fees.reduce((sum, fee) => sum + fee.amountCents, 0);
  }
  const [credits, refunded] = await Promise.all([
    creditsOf(db, order.customerId),
    refundedByInvoice(
      db,
      rows.map((invoice) => invoice.id),
    ),
  ]);
  // The provider takes what is left of the customer's credits off that bill (ADR 030).
  if (nextAmountCents !== null && credits.length > 0) {
    const unused = await unusedCreditCents(db, {
      id: order.customerId,
      stripeCustomerId: subscription?.gatewayCustomerId ?? null,
    });
    nextAmountCents = Math.max(nextAmountCents - unused, 0);
  }
  return {
    status,
    nextBillDate: renews ? calendarDate(periodEnd!) : null,
    nextAmountCents,
    endsAt: endsAt ? calendarDate(endsAt) : null,
    openInvoice: openInvoice
      ? {
          id: openInvoice.id,
          amountDueCents: openInvoice.amountDueCents - openInvoice.amountPaidCents,
          attemptCount: openInvoice.attemptCount,
          nextAttemptAt: openInvoice.nextPaymentAttemptAt?.toISOString() ?? null,
          url: openInvoice.hostedInvoiceUrl,
        }
      : null,
    invoices: rows.map((invoice) => ({
      id: invoice.id,
      // The checkout's invoice paid the first month (or week), which runs from the start date; its trial line's
      // period, the wait before the start date included, is the provider's view (ADR 012 addendum).
      ...(invoice.billingReason === 'subscription_create'
        ? { periodStart: order.startDate, periodEnd: firstRenewalOn(planOf(order), order.startDate) }
        : { periodStart: calendarDate(invoice.periodStart), periodEnd: calendarDate(invoice.periodEnd) }),
      amountCents: invoice.amountDueCents,
      status: invoice.status,
      attemptCount: invoice.attemptCount,
      paidAt: invoice.paidAt?.toISOString() ?? null,
      url: invoice.hostedInvoiceUrl,
      refundedCents: refunded.get(invoice.id) ?? 0,
    })),
    credits,
  };
}

/** What rentalBilling answers for an order the ledger has nothing for (no subscription): no queries needed. */
export function billingWithoutLedger(orderStatus: string): RentalBilling {
  const status = billingStatusOf({ orderStatus, subscriptionStatus: undefined, openInvoiceAttempts: 0 });
  return {
    status,
    nextBillDate: null,
    nextAmountCents: null,
    endsAt: null,
    openInvoice: null,
    invoices: [],
    credits: [],
  };
}
