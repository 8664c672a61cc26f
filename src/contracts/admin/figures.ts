import { z } from 'zod';

/**
 * The business's money figures: one definition each, used by the dashboard's stat cards (GET /api/admin/stats)
 * and the Analytics tab (GET /api/admin/analytics) alike. The server computes them in one query module
 * (src/server/admin/shared/figures.ts); the pure functions below state the same rules over single rows, for the
 * browser and for tests. Every figure is "as of" one instant, the app clock's now. Money is in cents; months are
 * calendar months in America/Los_Angeles.
 *
 * - activeRentals: orders with status 'active' (paid, unit out or on its way; monthly and weekly alike).
 * - mrrCents (monthly recurring revenue): Σ monthly rent (orderMonthlyRentCents) of the orders whose provider
 *   subscription is current (subscriptionIsCurrent). The order's own status does not enter: MRR is what the
 *   provider will keep billing, and an ended order's subscription is ended too (ADR 012).
 * - mrrAtRiskCents: the part of mrrCents whose subscription is past due (a renewal not yet paid).
 * - customers: customers who ever paid: an order that became active (customerHasPaid), or a paid invoice.
 * - leads: customers who never paid (checkouts abandoned or still open); customers + leads = every customer row.
 * - collected (revenue collected): Σ amount paid of the ledger's paid invoices, by the month of their paid_at, less
 *   the refunds made through the provider, by the month they were made (ADR 030). Fees the owner marks paid by hand
 *   (cash) never went through the provider and are not in it. An account credit is in it as the provider applies it:
 *   the invoice it came off was paid that much less.
 * - outstanding: what customers owe now: the open invoices' amount remaining (due − paid), plus pending fees not
 *   already on one of those open invoices (a fee billed on an open invoice is counted once, in the invoice), less
 *   what is left of each customer's account credits, up to their unbilled fees (their next bill takes it off).
 * - failedPayments: charge attempts on the invoices issued in the last FAILED_PAYMENT_WINDOW_DAYS days, as the
 *   provider counts them (the invoice's attempt_count); failed = every attempt but the one that paid
 *   (invoiceChargeAttempts). The rate is failed / attempts (failedPaymentRate), none without attempts.
 */

/** How far back the failed-payment rate looks: invoices issued in the last 30 days. */
export const FAILED_PAYMENT_WINDOW_DAYS = 30;

/**
 * Provider subscription statuses that count as current: 'trialing', 'active' and 'past_due'. Trialing is how
 * every rental begins (ADR 012 addendum: the first month, from the start date, was paid at checkout as a one-time
 * price, and the rent renews at the trial's end). Past due still counts: the provider keeps the subscription,
 * retries the charge and renews it, and the customer keeps the unit, so it is recurring revenue (at risk:
 * mrrAtRiskCents). Not current: 'canceled' and 'incomplete_expired' (ended), 'incomplete' (the first payment never
 * went through), 'unpaid' (retries are over and the provider stopped charging), 'paused' (nothing is being
 * billed). Our own suspension of service (dunning) is not a provider state: a suspended rental counts while the
 * provider still bills it, in the at-risk part.
 */
export const CURRENT_SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due'] as const;

export interface LedgerSubscription {
  status: string;
  endedAt: Date | null;
  cancelAt: Date | null;
}

/** Current at `now`: a current status, not ended, and no scheduled end already passed (its event may be late). */
export function subscriptionIsCurrent(subscription: LedgerSubscription, now: Date): boolean {
  return (
    (CURRENT_SUBSCRIPTION_STATUSES as readonly string[]).includes(subscription.status) &&
    subscription.endedAt === null &&
    (subscription.cancelAt === null || subscription.cancelAt > now)
  );
}

/** An order's monthly rent: a monthly order's price; a weekly order's price × 52 / 12, rounded. */
export function orderMonthlyRentCents(order: { type: string; priceCents: number }): number {
  return order.type === 'weekly' ? Math.round((order.priceCents * 52) / 12) : order.priceCents;
}

/**
 * An order that became active (it was paid): active or completed, or cancelled after it ran (ending an active
 * order sets its end date; cancelling a pending checkout does not).
 */
export function orderWasActive(order: { status: string; endDate: string | null }): boolean {
  return order.status === 'active' || order.status === 'completed' || (order.status === 'cancelled' && !!order.endDate);
}

/**
 * A checkout abandoned: the order is still pending and its unit hold is over (no unit held for it past `now`).
 * The provider's payment page expires with the hold, so such an order can no longer be paid.
 */
export function checkoutIsAbandoned(order: { status: string; holdUntil: Date | null }, now: Date): boolean {
  return order.status === 'pending' && (order.holdUntil === null || order.holdUntil <= now);
}

export interface LedgerInvoice {
  status: string;
  amountDueCents: number;
  amountPaidCents: number;
  attemptCount: number;
}

/** Charge attempts on an invoice and how many failed: all but the one that paid it (none paid with no attempt). */
export function invoiceChargeAttempts(invoice: LedgerInvoice): { attempts: number; failed: number } {
  const succeeded = invoice.status === 'paid' && invoice.attemptCount > 0 ? 1 : 0;
  return { attempts: invoice.attemptCount, failed: invoice.attemptCount - succeeded };
}

/** What is still owed on an invoice: an open invoice's amount due less what was paid; nothing otherwise. */
export function invoiceOutstandingCents(invoice: LedgerInvoice): number {
  return invoice.status === 'open' ? Math.max(invoice.amountDueCents - invoice.amountPaidCents, 0) : 0;
}

/** failed / attempts, from 0 to 1; null when there were no attempts (no rate, rather than a misleading 0 %). */
export function failedPaymentRate(failedPayments: { attempts: number; failed: number }): number | null {
  return failedPayments.attempts === 0 ? null : failedPayments.failed / failedPayments.attempts;
}

const cents = z.number().int();
const count = z.number().int().min(0);

export const monthCollected = z.object({ month: z.string(), collectedCents: cents });
export type MonthCollected = z.infer<typeof monthCollected>;

export const businessFigures = z.object({
  /** The instant the figures describe (the app clock's now). */
  asOf: z.string(),
  activeRentals: count,
  mrrCents: cents,
  mrrAtRiskCents: cents,
  customers: count,
  leads: count,
  /** Revenue collected in the current month (YYYY-MM, Los Angeles): the last point of Analytics' series. */
  collectedThisMonth: monthCollected,
  outstanding: z.object({
    openInvoices: count,
    openInvoicesCents: cents,
    /** Pending fees not on an open invoice (still to be billed, or to be paid by hand). */
    unbilledFeesCents: cents,
    /** What is left of customers' account credits, up to each one's unbilled fees: their next bill takes it off. */
    creditsCents: cents,
    totalCents: cents,
  }),
  /** Every pending fee, billed or not (the spec's Pending Fees card). */
  pendingFees: z.object({ count, amountCents: cents }),
  failedPayments: z.object({ windowDays: z.number().int(), attempts: count, failed: count }),
});
export type BusinessFigures = z.infer<typeof businessFigures>;
