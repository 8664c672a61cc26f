import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkoutIsAbandoned,
  failedPaymentRate,
  invoiceChargeAttempts,
  invoiceOutstandingCents,
  orderMonthlyRentCents,
  orderWasActive,
  subscriptionIsCurrent,
} from '@/contracts/admin/figures';
import {
  createAdditionalFee,
  createAdminUser,
  createCustomer,
  createOrder,
  createUnit,
  createUnitModel,
} from '@/server/platform/db/factories';
import { accountCredits, invoiceLines, invoices, orders, refunds, subscriptions } from '@/server/platform/db/schema';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-app';
import { businessFigures, collectedByMonth } from './figures';

/**
 * Each definition of src/contracts/admin/figures.ts on hand-built ledger rows, at a fixed instant chosen on a
 * month's edge: 2031-03-01 07:30 UTC is still February 28 in Los Angeles.
 */
const now = new Date('2031-03-01T07:30:00Z');
const at = (iso: string) => new Date(iso);

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

async function subscription(values: {
  status: string;
  orderId?: string | null;
  endedAt?: Date;
  cancelAt?: Date;
}): Promise<string> {
  const id = `sub_${randomUUID().slice(0, 8)}`;
  await t.db.insert(subscriptions).values({ id, orderId: null, stateAt: now, ...values });
  return id;
}

async function invoice(values: {
  status: string;
  issuedAt: string;
  amountDueCents: number;
  amountPaidCents?: number;
  attemptCount: number;
  paidAt?: string;
  gatewayCustomerId?: string;
  items?: Array<{ invoiceItemId: string; amountCents: number }>;
}): Promise<void> {
  const id = `in_${randomUUID().slice(0, 8)}`;
  const { issuedAt, paidAt, items = [], ...rest } = values;
  const period = { periodStart: at(issuedAt), periodEnd: at(issuedAt) };
  await t.db.insert(invoices).values({
    id,
    amountPaidCents: 0,
    ...rest,
    ...period,
    issuedAt: at(issuedAt),
    paidAt: paidAt ? at(paidAt) : null,
    stateAt: now,
  });
  for (const item of items) {
    await t.db
      .insert(invoiceLines)
      .values({ id: `il_${randomUUID().slice(0, 8)}`, invoiceId: id, kind: 'item', ...item, ...period });
  }
}

describe('the money figures', () => {
  beforeAll(async () => {
    const model = await createUnitModel(t.db);
    const person = (name: string, stripeCustomerId?: string) => createCustomer(t.db, { name, stripeCustomerId });
    const order = (customerId: string, values: Partial<Parameters<typeof createOrder>[1]>) =>
      createOrder(t.db, { customerId, modelId: model.id, ...values });

    const [ana, ben, cy, dee, eve, fran, gus, hal, ivy] = await Promise.all(
      ['Ana', 'Ben', 'Cy', 'Dee', 'Eve', 'Fran', 'Gus', 'Hal', 'Ivy'].map((name) => person(name)),
    );
    const jo = await person('Jo', 'cus_jo');
    const kim = await person('Kim', 'cus_kim');

    // Current: active (linked both ways, counted once), past due (linked only by the order's subscription id),
    // and active with a scheduled end still ahead.
    const anaOrder = await order(ana!.id, { status: 'active', priceCents: 3900 });
    const anaSub = await subscription({ status: 'active', orderId: anaOrder.id });
    await t.db.update(orders).set({ stripeSubscriptionId: anaSub }).where(eq(orders.id, anaOrder.id));
    const benSub = await subscription({ status: 'past_due' });
    await order(ben!.id, { status: 'active', type: 'weekly', priceCents: 1900, stripeSubscriptionId: benSub });
    const eveLater = await order(eve!.id, { status: 'active', priceCents: 3900 });
    await subscription({ status: 'active', orderId: eveLater.id, cancelAt: at('2031-03-15T00:00:00Z') });
    // Not current: unpaid (retries over), ended, and a scheduled end already passed.
    const cyOrder = await order(cy!.id, { status: 'active', priceCents: 4500 });
    await subscription({ status: 'unpaid', orderId: cyOrder.id });
    const deeOrder = await order(dee!.id, { status: 'completed', endDate: '2031-01-10' });
    await subscription({ status: 'canceled', orderId: deeOrder.id, endedAt: at('2031-01-10T18:00:00Z') });
    const eveEnded = await order(eve!.id, { status: 'active', priceCents: 3900 });
    await subscription({ status: 'active', orderId: eveEnded.id, cancelAt: at('2031-02-20T00:00:00Z') });
    // Active with no subscription yet: an active rental, no recurring revenue.
    await order(fran!.id, { status: 'active' });
    // Cancelled after it ran (an end date): Gus paid once. Hal is mid-checkout; Ivy abandoned hers.
    await order(gus!.id, { status: 'cancelled', endDate: '2030-12-01' });
    const halOrder = await order(hal!.id, { status: 'pending' });
    await createUnit(t.db, { modelId: model.id, heldByOrderId: halOrder.id, heldUntil: at('2031-03-01T07:45:00Z') });
    await order(ivy!.id, { status: 'pending' });
    await order(ivy!.id, { status: 'cancelled' });

    // Invoices. In the 30-day window (issued after 2031-01-30 07:30 UTC): attempts 1+3+2+1+1+0 = 8, failed 6.
    await invoice({ status: 'paid', issuedAt: '2031-02-01T07:00:00Z', amountDueCents: 3900, amountPaidCents: 3900, attemptCount: 1, paidAt: '2031-02-01T08:00:00Z', gatewayCustomerId: jo.stripeCustomerId! }); // prettier-ignore
    await invoice({ status: 'paid', issuedAt: '2031-01-20T00:00:00Z', amountDueCents: 4500, amountPaidCents: 4500, attemptCount: 1, paidAt: '2031-02-01T07:59:00Z' }); // prettier-ignore
    await invoice({ status: 'paid', issuedAt: '2031-02-27T00:00:00Z', amountDueCents: 6400, amountPaidCents: 6400, attemptCount: 3, paidAt: '2031-03-01T07:00:00Z' }); // prettier-ignore
    await invoice({ status: 'open', issuedAt: '2031-02-20T00:00:00Z', amountDueCents: 3900, attemptCount: 2 });
    await invoice({ status: 'open', issuedAt: '2031-02-25T00:00:00Z', amountDueCents: 6400, amountPaidCents: 1000, attemptCount: 1, items: [{ invoiceItemId: 'ii_on_open', amountCents: 2500 }] }); // prettier-ignore
    await invoice({ status: 'void', issuedAt: '2031-02-10T00:00:00Z', amountDueCents: 3900, attemptCount: 1 });
    await invoice({ status: 'paid', issuedAt: '2031-02-15T00:00:00Z', amountDueCents: 0, attemptCount: 0, paidAt: '2031-02-15T00:00:00Z', gatewayCustomerId: kim.stripeCustomerId! }); // prettier-ignore
    await invoice({ status: 'draft', issuedAt: '2031-03-01T07:29:00Z', amountDueCents: 3900, attemptCount: 0, items: [{ invoiceItemId: 'ii_on_draft', amountCents: 700 }] }); // prettier-ignore
    // Outside the window (and written off): no attempts counted, nothing outstanding.
    await invoice({ status: 'uncollectible', issuedAt: '2031-01-01T00:00:00Z', amountDueCents: 3900, attemptCount: 3 });

    // Fees: pending on the open invoice (counted in it), pending on a draft and pending unbilled; one paid.
    const admin = await createAdminUser(t.db);
    const fee = (values: Partial<Parameters<typeof createAdditionalFee>[1]>) =>
      createAdditionalFee(t.db, { customerId: ana!.id, createdBy: admin.id, ...values });
    await fee({ amountCents: 2500, stripeInvoiceId: 'ii_on_open' });
    await fee({ amountCents: 700, stripeInvoiceId: 'ii_on_draft' });
    await fee({ amountCents: 1500 });
    await fee({ amountCents: 999, status: 'paid', paidAt: now });
  });

  it('computes each figure as defined', async () => {
    expect(await businessFigures(t.db, now)).toEqual({
      asOf: now.toISOString(),
      activeRentals: 6, // Ana, Ben, Eve ×2, Cy, Fran
      mrrCents: 3900 + 8233 + 3900, // Ana, Ben's weekly 1900 × 52 / 12, Eve's order still before its end
      mrrAtRiskCents: 8233,
      customers: 8, // Ana, Ben, Cy, Dee, Eve, Fran, Gus, and Jo by a paid invoice alone
      leads: 3, // Hal (checkout open), Ivy (abandoned), Kim (an invoice of $0)
      collectedThisMonth: { month: '2031-02', collectedCents: 3900 + 6400 },
      outstanding: {
        openInvoices: 2,
        openInvoicesCents: 3900 + 5400,
        unbilledFeesCents: 700 + 1500,
        creditsCents: 0,
        totalCents: 3900 + 5400 + 700 + 1500,
      },
      pendingFees: { count: 3, amountCents: 2500 + 700 + 1500 },
      failedPayments: { windowDays: 30, attempts: 8, failed: 6 },
    });
  });

  it('buckets collected revenue by the Los Angeles month it was paid in', async () => {
    expect(await collectedByMonth(t.db, now, 3)).toEqual([
      { month: '2030-12', collectedCents: 0 },
      { month: '2031-01', collectedCents: 4500 }, // 07:59 UTC on Feb 1 is still January 31 in Los Angeles
      { month: '2031-02', collectedCents: 10_300 },
    ]);
    // A minute into March in Los Angeles, February's money is last month's.
    const march = await collectedByMonth(t.db, at('2031-03-01T08:01:00Z'), 2);
    expect(march).toEqual([
      { month: '2031-02', collectedCents: 10_300 },
      { month: '2031-03', collectedCents: 0 },
    ]);
  });
});

describe('money given back (ADR 030)', () => {
  it('nets refunds out of collected, by their month, and unused credits out of the fees still to bill', async () => {
    const before = await businessFigures(t.db, now);
    const model = await createUnitModel(t.db);
    const lou = await createCustomer(t.db, { name: 'Lou', stripeCustomerId: 'cus_lou' });
    const order = await createOrder(t.db, { customerId: lou.id, modelId: model.id, status: 'active' });
    const admin = await createAdminUser(t.db);
    // Paid in February; $10 of it refunded in February, $5 in January (before it was paid: only to test the months).
    const paid = { status: 'paid', amountDueCents: 3900, amountPaidCents: 3900, attemptCount: 1 };
    await invoice({ ...paid, issuedAt: '2031-02-10T00:00:00Z', paidAt: '2031-02-10T01:00:00Z', gatewayCustomerId: 'cus_lou' }); // prettier-ignore
    const [paidInvoice] = await t.db.select().from(invoices).where(eq(invoices.gatewayCustomerId, 'cus_lou'));
    const refund = { orderId: order.id, customerId: lou.id, invoiceId: paidInvoice!.id, reason: 'Double charge' };
    await t.db.insert(refunds).values([
      { ...refund, amountCents: 1000, status: 'succeeded', createdAt: at('2031-02-11T00:00:00Z'), refundedAt: at('2031-02-11T00:00:00Z') }, // prettier-ignore
      { ...refund, amountCents: 500, status: 'succeeded', createdAt: at('2031-01-11T00:00:00Z'), refundedAt: at('2031-01-11T00:00:00Z') }, // prettier-ignore
      // Being made (not yet agreed by the provider): not counted.
      { ...refund, amountCents: 700, status: 'pending', createdAt: now },
    ]);
    // $30 of credits, $8 of it already taken off an invoice (lines $39, $31 due); a $15 fee still to bill.
    await t.db.insert(accountCredits).values(
      [2000, 1000].map((amountCents) => ({ customerId: lou.id, amountCents, reason: 'Unit down', providerTransactionId: `cbtxn_${amountCents}`, createdAt: now })), // prettier-ignore
    );
    await invoice({ status: 'paid', issuedAt: '2031-01-05T00:00:00Z', paidAt: '2031-01-05T01:00:00Z', amountDueCents: 3100, amountPaidCents: 3100, attemptCount: 1, gatewayCustomerId: 'cus_lou', items: [{ invoiceItemId: 'ii_lou_rent', amountCents: 3900 }] }); // prettier-ignore
    await createAdditionalFee(t.db, { customerId: lou.id, createdBy: admin.id, amountCents: 1500 });

    const after = await businessFigures(t.db, now);
    expect(after.collectedThisMonth.collectedCents - before.collectedThisMonth.collectedCents).toBe(3900 - 1000);
    const [january] = await collectedByMonth(t.db, at('2031-01-20T00:00:00Z'), 1);
    expect(january).toEqual({ month: '2031-01', collectedCents: 4500 + 3100 - 500 });
    // $22 of credit left, but only the $15 fee is still to bill: $15 comes off what is owed.
    expect(after.outstanding).toEqual({
      ...before.outstanding,
      unbilledFeesCents: before.outstanding.unbilledFeesCents + 1500,
      creditsCents: 1500,
      totalCents: before.outstanding.totalCents,
    });
  });
});

describe('the figures as pure rules', () => {
  it('says which subscription is current', () => {
    const base = { endedAt: null, cancelAt: null };
    expect(subscriptionIsCurrent({ ...base, status: 'active' }, now)).toBe(true);
    expect(subscriptionIsCurrent({ ...base, status: 'past_due' }, now)).toBe(true);
    // Every rental starts trialing: its first month was paid at checkout, and its rent renews at the trial's end.
    expect(subscriptionIsCurrent({ ...base, status: 'trialing' }, now)).toBe(true);
    for (const status of ['unpaid', 'canceled', 'incomplete', 'incomplete_expired', 'paused']) {
      expect(subscriptionIsCurrent({ ...base, status }, now)).toBe(false);
    }
    expect(subscriptionIsCurrent({ ...base, status: 'active', cancelAt: now }, now)).toBe(false);
    expect(subscriptionIsCurrent({ ...base, status: 'active', cancelAt: at('2031-03-02T00:00:00Z') }, now)).toBe(true);
    expect(subscriptionIsCurrent({ status: 'active', cancelAt: null, endedAt: now }, now)).toBe(false);
  });

  it('counts rent, payers, abandoned checkouts, attempts and what is owed', () => {
    expect(orderMonthlyRentCents({ type: 'weekly', priceCents: 1900 })).toBe(8233);
    expect(orderMonthlyRentCents({ type: 'monthly', priceCents: 3900 })).toBe(3900);
    expect(orderWasActive({ status: 'cancelled', endDate: null })).toBe(false);
    expect(orderWasActive({ status: 'cancelled', endDate: '2031-01-01' })).toBe(true);
    expect(orderWasActive({ status: 'pending', endDate: null })).toBe(false);
    expect(checkoutIsAbandoned({ status: 'pending', holdUntil: now }, now)).toBe(true);
    expect(checkoutIsAbandoned({ status: 'pending', holdUntil: null }, now)).toBe(true);
    expect(checkoutIsAbandoned({ status: 'pending', holdUntil: at('2031-03-01T07:31:00Z') }, now)).toBe(false);
    expect(checkoutIsAbandoned({ status: 'cancelled', holdUntil: null }, now)).toBe(false);
    const paid = { status: 'paid', amountDueCents: 3900, amountPaidCents: 3900 };
    expect(invoiceChargeAttempts({ ...paid, attemptCount: 3 })).toEqual({ attempts: 3, failed: 2 });
    expect(invoiceChargeAttempts({ ...paid, attemptCount: 0 })).toEqual({ attempts: 0, failed: 0 });
    expect(invoiceChargeAttempts({ ...paid, status: 'open', attemptCount: 2 })).toEqual({ attempts: 2, failed: 2 });
    expect(invoiceOutstandingCents({ ...paid, status: 'open', amountPaidCents: 1000, attemptCount: 1 })).toBe(2900);
    expect(invoiceOutstandingCents({ ...paid, status: 'uncollectible', amountPaidCents: 0, attemptCount: 3 })).toBe(0);
    expect(failedPaymentRate({ attempts: 8, failed: 6 })).toBe(0.75);
    expect(failedPaymentRate({ attempts: 0, failed: 0 })).toBeNull();
  });
});
