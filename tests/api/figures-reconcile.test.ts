import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAILED_PAYMENT_WINDOW_DAYS,
  invoiceChargeAttempts,
  invoiceOutstandingCents,
  orderMonthlyRentCents,
  orderWasActive,
  subscriptionIsCurrent,
  type BusinessFigures,
} from '@/contracts/admin/figures';
import { todayInLosAngeles } from '@/contracts/dates';
import { startBillingTestApp } from '@tests/support/billing-fixtures';
import {
  additionalFees,
  customers,
  invoiceLines,
  invoices,
  localGatewayInvoices,
  localGatewaySubscriptions,
  orders,
  subscriptions,
} from '@/server/platform/db/schema';
import { simulateYear, type YearOfBusiness } from '@tests/support/year-of-business';

/**
 * Issue 10's acceptance: a year of simulated business on the billing clock, then every money figure reconciled
 * with the ledger rows it is defined over (through the pure rules of contracts/admin/figures.ts, a second
 * implementation of the SQL), with the provider's own tables (the embedded gateway's), and between the stat
 * cards and Analytics.
 */
const billing = await startBillingTestApp();
const { t, admin } = billing;
afterAll(async () => t.close());

const YEAR = { months: 12, perMonth: 3 };
const DAY_MS = 86_400_000;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const losAngelesMonth = (at: Date) => todayInLosAngeles(at).slice(0, 7);

let simulated: YearOfBusiness;
let now: Date;
let stats: { figures: BusinessFigures } & Record<string, unknown>;
let analytics: {
  figures: BusinessFigures;
  collectedByMonth: Array<{ month: string; collectedCents: number }>;
} & Record<string, unknown>;
let rows: {
  orders: Array<typeof orders.$inferSelect>;
  subscriptions: Array<typeof subscriptions.$inferSelect>;
  invoices: Array<typeof invoices.$inferSelect>;
  lines: Array<typeof invoiceLines.$inferSelect>;
  fees: Array<typeof additionalFees.$inferSelect>;
  customers: number;
  providerInvoices: Array<typeof localGatewayInvoices.$inferSelect>;
  providerSubscriptions: Array<typeof localGatewaySubscriptions.$inferSelect>;
};

beforeAll(async () => {
  const started = Date.now();
  simulated = await simulateYear(billing, YEAR);
  // The clock stands still between requests only if nothing moves it: read it, then the figures, then compare
  // everything at that instant (the billing clock is real time plus an offset, so a few ms pass; no bill is due
  // within them, the last advance having run everything up to its end).
  stats = (await admin.request({ method: 'GET', url: '/api/admin/stats' })).json();
  analytics = (await admin.request({ method: 'GET', url: '/api/admin/analytics' })).json();
  now = new Date(stats.figures.asOf);
  rows = {
    orders: await t.db.select().from(orders),
    subscriptions: await t.db.select().from(subscriptions),
    invoices: await t.db.select().from(invoices),
    lines: await t.db.select().from(invoiceLines),
    fees: await t.db.select().from(additionalFees),
    customers: (await t.db.select().from(customers)).length,
    providerInvoices: await t.db.select().from(localGatewayInvoices),
    providerSubscriptions: await t.db.select().from(localGatewaySubscriptions),
  };
  console.info(`a year of business simulated in ${Math.round((Date.now() - started) / 1000)} s`, simulated);
}, 900_000);

describe('a year of business: the figures reconcile', () => {
  it('ran the business it was meant to run', () => {
    expect(simulated.rentals).toBeGreaterThanOrEqual(30);
    // 36 rentals: 7 on the failing card (3 fixed), 5 with a fee, 4 completed, 4 cancelled, 3 ended by request.
    expect(simulated).toEqual({
      rentals: 36,
      declinedCheckouts: 12,
      failingCards: 7,
      cardsFixed: 3,
      fees: 5,
      completed: 4,
      cancelled: 4,
      scheduledEnds: 3,
    });
    expect(rows.invoices.length).toBeGreaterThan(150);
    expect(rows.invoices.some((invoice) => invoice.status === 'open')).toBe(true);
  });

  it('shows the same figures on the stat cards and in Analytics', () => {
    expect({ ...analytics.figures, asOf: null }).toEqual({ ...stats.figures, asOf: null });
    expect(stats).toMatchObject({
      activeSubscriptions: stats.figures.activeRentals,
      totalCustomers: stats.figures.customers,
      monthlyRevenue: stats.figures.mrrCents,
      pendingFeesCount: stats.figures.pendingFees.count,
      pendingFeesAmount: stats.figures.pendingFees.amountCents,
    });
    expect(analytics.collectedByMonth.at(-1)).toEqual(stats.figures.collectedThisMonth);
    const rentals = analytics.rentalsByMonth as Array<{ activeRentals: number; recurringRevenueCents: number }>;
    expect(rentals.at(-1)).toEqual({
      month: losAngelesMonth(now),
      activeRentals: stats.figures.activeRentals,
      recurringRevenueCents: stats.figures.mrrCents,
    });
  });

  it('collects, month by month, the sum of paid invoices, in the ledger and at the provider', () => {
    const byMonth = (paid: Array<{ paidAt: Date | null; amountPaidCents: number }>) => {
      const months = new Map<string, number>();
      for (const invoice of paid) {
        const month = losAngelesMonth(invoice.paidAt!);
        months.set(month, (months.get(month) ?? 0) + invoice.amountPaidCents);
      }
      return months;
    };
    const ledger = byMonth(rows.invoices.filter((invoice) => invoice.status === 'paid'));
    const provider = byMonth(rows.providerInvoices.filter((invoice) => invoice.status === 'paid'));
    expect(ledger).toEqual(provider);
    for (const { month, collectedCents } of analytics.collectedByMonth) {
      expect(collectedCents, month).toBe(ledger.get(month) ?? 0);
    }
    // Every month of the simulation but the first is in the 12-month window, and each collected something.
    expect(analytics.collectedByMonth.filter((month) => month.collectedCents > 0).length).toBeGreaterThanOrEqual(11);
    // What was collected is what the paid invoices' lines add up to: rent and fees, nothing else.
    const paidIds = new Set(rows.invoices.filter((invoice) => invoice.status === 'paid').map((invoice) => invoice.id));
    expect(sum([...ledger.values()])).toBe(
      sum(rows.lines.filter((line) => paidIds.has(line.invoiceId)).map((line) => line.amountCents)),
    );
  });

  it('counts as MRR the rent of the current subscriptions, which are the active rentals', () => {
    const current = rows.subscriptions.filter((subscription) => subscriptionIsCurrent(subscription, now));
    const billedOrders = new Set(current.map((subscription) => subscription.orderId));
    const expected = sum(rows.orders.filter((order) => billedOrders.has(order.id)).map(orderMonthlyRentCents));
    expect(stats.figures.mrrCents).toBe(expected);
    // The provider's view: the rent of its live subscriptions.
    const live = rows.providerSubscriptions.filter((subscription) => subscriptionIsCurrent(subscription, now));
    expect(stats.figures.mrrCents).toBe(sum(live.map((subscription) => subscription.amountCents)));
    // Here every active rental is billed, and no ended one is: MRR is the active rentals' rent.
    const active = rows.orders.filter((order) => order.status === 'active');
    expect(stats.figures.activeRentals).toBe(active.length);
    expect([...billedOrders].sort()).toEqual(active.map((order) => order.id).sort());
    const pastDue = current.filter((subscription) => subscription.status === 'past_due');
    expect(pastDue.length).toBeGreaterThan(0);
    expect(stats.figures.mrrAtRiskCents).toBe(pastDue.length * 3900);
  });

  it('leaves no ended order with a live subscription, in the ledger or at the provider', () => {
    // Rentals that ended (a declined checkout's order may be cancelled too, by the gateway's expiry sweep: it
    // never ran, so it has no subscription at all).
    const ended = rows.orders.filter((order) => order.status !== 'active' && orderWasActive(order));
    expect(ended.length).toBe(simulated.completed + simulated.cancelled + simulated.scheduledEnds);
    for (const order of ended) {
      const mirrored = rows.subscriptions.filter((subscription) => subscription.orderId === order.id);
      const provider = rows.providerSubscriptions.filter((subscription) => subscription.orderId === order.id);
      expect(
        mirrored.map((subscription) => subscription.status),
        order.orderNumber,
      ).toEqual(['canceled']);
      expect(
        provider.map((subscription) => subscription.status),
        order.orderNumber,
      ).toEqual(['canceled']);
    }
  });

  it('counts as customers only those who paid; declined checkouts are leads, and hidden from the orders list', async () => {
    const payers = new Set(rows.orders.filter(orderWasActive).map((order) => order.customerId));
    expect(stats.figures.customers).toBe(payers.size);
    expect(stats.figures.customers).toBe(simulated.rentals);
    expect(stats.figures.leads).toBe(simulated.declinedCheckouts);
    expect(stats.figures.customers + stats.figures.leads).toBe(rows.customers);

    // Each declined checkout is either still pending with its hold long over (abandoned: hidden from the default
    // list), or cancelled unpaid once the embedded gateway's real-time sweep (every minute) expired its session.
    const unpaid = rows.orders.filter((order) => !orderWasActive(order));
    expect(unpaid).toHaveLength(simulated.declinedCheckouts);
    expect(unpaid.every((order) => order.status === 'pending' || order.status === 'cancelled')).toBe(true);
    const abandoned = unpaid.filter((order) => order.status === 'pending').length;
    const list = async (status: string) =>
      (await admin.request({ method: 'GET', url: `/api/admin/orders/filtered?status=${status}` })).json().total;
    expect(await list('abandoned')).toBe(abandoned);
    expect(await list('pending')).toBe(0);
    expect(await list('all')).toBe(rows.orders.length - abandoned);
  });

  it('owes the open invoices plus the pending fees not on them, as the provider sees them', () => {
    const openInvoicesCents = sum(rows.invoices.map(invoiceOutstandingCents));
    expect(openInvoicesCents).toBeGreaterThan(0);
    const providerOpen = rows.providerInvoices.filter((invoice) => invoice.status === 'open');
    expect(openInvoicesCents).toBe(
      sum(providerOpen.map((invoice) => invoice.amountDueCents - invoice.amountPaidCents)),
    );
    const open = new Set(rows.invoices.filter((invoice) => invoice.status === 'open').map((invoice) => invoice.id));
    const onOpenInvoices = new Set(
      rows.lines.filter((line) => open.has(line.invoiceId)).map((line) => line.invoiceItemId),
    );
    const pending = rows.fees.filter((fee) => fee.status === 'pending');
    const unbilled = sum(
      pending.filter((fee) => !onOpenInvoices.has(fee.stripeInvoiceId)).map((fee) => fee.amountCents),
    );
    expect(stats.figures.outstanding).toEqual({
      openInvoices: open.size,
      openInvoicesCents,
      unbilledFeesCents: unbilled,
      // No account credits in this year of business (refunds-and-credits.test.ts nets them).
      creditsCents: 0,
      totalCents: openInvoicesCents + unbilled,
    });
    // A fee on an unpaid renewal is owed once, in the invoice, though it is still a pending fee.
    expect(pending.some((fee) => onOpenInvoices.has(fee.stripeInvoiceId))).toBe(true);
    expect(stats.figures.pendingFees.amountCents).toBe(sum(pending.map((fee) => fee.amountCents)));
  });

  it('rates failed payments over the charge attempts of the last 30 days, as the provider counted them', () => {
    const since = now.getTime() - FAILED_PAYMENT_WINDOW_DAYS * DAY_MS;
    const inWindow = <T extends { issuedAt: Date }>(invoice: T) =>
      invoice.issuedAt.getTime() > since && invoice.issuedAt <= now;
    const attempts = rows.invoices.filter(inWindow).map(invoiceChargeAttempts);
    const expected = { attempts: sum(attempts.map((a) => a.attempts)), failed: sum(attempts.map((a) => a.failed)) };
    expect(stats.figures.failedPayments).toEqual({ windowDays: FAILED_PAYMENT_WINDOW_DAYS, ...expected });
    expect(expected.failed).toBeGreaterThan(0);
    expect(expected.attempts).toBeGreaterThan(expected.failed);
    const provider = rows.providerInvoices.filter(inWindow);
    expect(sum(provider.map((invoice) => invoice.attemptCount))).toBe(expected.attempts);
  });
});
