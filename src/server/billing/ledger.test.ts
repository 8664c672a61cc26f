import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeFixture } from '@tests/support/stripe-fixtures';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import {
  createAdditionalFee,
  createAdminUser,
  createCustomer,
  createOrder,
  createUnitModel,
} from '@/server/platform/db/factories';
import { additionalFees, invoiceLines, invoices, paymentEvents, subscriptions } from '@/server/platform/db/schema';
import { signWebhookPayload } from './provider/webhook-signature';

let t: TestApp;
let orderId: string;
let feeId: string;
beforeAll(async () => {
  t = await createTestApp();
  const model = await createUnitModel(t.db);
  const customer = await createCustomer(t.db, { stripeCustomerId: 'cus_ledger' });
  const order = await createOrder(t.db, {
    customerId: customer.id,
    modelId: model.id,
    status: 'active',
    stripeSubscriptionId: 'sub_ledger',
  });
  orderId = order.id;
  const admin = await createAdminUser(t.db);
  const fee = await createAdditionalFee(t.db, {
    customerId: customer.id,
    orderId,
    createdBy: admin.id,
    amountCents: 2500,
    stripeInvoiceId: 'ii_damage',
  });
  feeId = fee.id;
});
afterAll(async () => t.close());

const DAY = 86_400;
const start = 1_780_000_000; // the first period's start, Unix seconds
const month = (n: number) => start + n * 30 * DAY;

interface Event {
  id: string;
  type: string;
  created: number;
  object: Record<string, unknown>;
}

function subscriptionEvent(id: string, type: string, created: number, status: string, period: number): Event {
  const object = stripeFixture('subscription');
  Object.assign(object, {
    id: 'sub_ledger',
    customer: 'cus_ledger',
    status,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    cancel_at_period_end: false,
    metadata: { orderId },
  });
  object.items.data[0].current_period_start = month(period);
  object.items.data[0].current_period_end = month(period + 1);
  return { id, type, created, object };
}

function invoiceEvent(
  id: string,
  type: string,
  created: number,
  invoice: { id: string; status: string; period: number; attempts?: number; fee?: boolean; paidAt?: number },
): Event {
  const object = stripeFixture('invoice');
  const template = object.lines.data[0];
  const rent = structuredClone(template);
  Object.assign(rent, { id: `${invoice.id}_rent`, amount: 3900, description: '1 × Monthly AC Rental' });
  Object.assign(rent.parent, { type: 'subscription_item_details' });
  rent.period = { start: month(invoice.period), end: month(invoice.period + 1) };
  const fee = structuredClone(template);
  Object.assign(fee, { id: `${invoice.id}_fee`, amount: 2500, description: 'Cracked exhaust hose' });
  fee.parent.invoice_item_details.invoice_item = 'ii_damage';
  const lines = invoice.fee ? [rent, fee] : [rent];
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  Object.assign(object, {
    id: invoice.id,
    customer: 'cus_ledger',
    status: invoice.status,
    amount_due: total,
    amount_paid: invoice.status === 'paid' ? total : 0,
    attempt_count: invoice.attempts ?? 0,
    next_payment_attempt: invoice.status === 'open' ? created + 3 * DAY : null,
    created: month(invoice.period),
    hosted_invoice_url: `https://invoice.stripe.com/i/${invoice.id}`,
  });
  object.parent.subscription_details.subscription = 'sub_ledger';
  object.status_transitions.paid_at = invoice.paidAt ?? null;
  object.lines.data = lines;
  return { id, type, created, object };
}

/** Two months of a rental: the first invoice paid at once, the second (with a fee) failing once, then paid. */
const history: Event[] = [
  subscriptionEvent('evt_1', 'customer.subscription.created', month(0), 'incomplete', 0),
  invoiceEvent('evt_2', 'invoice.created', month(0), { id: 'in_1', status: 'draft', period: 0 }),
  invoiceEvent('evt_3', 'invoice.finalized', month(0) + 1, { id: 'in_1', status: 'open', period: 0 }),
  invoiceEvent('evt_4', 'invoice.paid', month(0) + 2, { id: 'in_1', status: 'paid', period: 0, paidAt: month(0) + 2 }),
  subscriptionEvent('evt_5', 'customer.subscription.updated', month(0) + 2, 'active', 0),
  subscriptionEvent('evt_6', 'customer.subscription.updated', month(1), 'active', 1),
  invoiceEvent('evt_7', 'invoice.created', month(1), { id: 'in_2', status: 'draft', period: 1, fee: true }),
  invoiceEvent('evt_8', 'invoice.finalized', month(1) + 60, { id: 'in_2', status: 'open', period: 1, fee: true }),
  invoiceEvent('evt_9', 'invoice.payment_failed', month(1) + 61, {
    id: 'in_2',
    status: 'open',
    period: 1,
    fee: true,
    attempts: 1,
  }),
  subscriptionEvent('evt_10', 'customer.subscription.updated', month(1) + 61, 'past_due', 1),
  invoiceEvent('evt_11', 'invoice.paid', month(1) + 3 * DAY, {
    id: 'in_2',
    status: 'paid',
    period: 1,
    fee: true,
    attempts: 2,
    paidAt: month(1) + 3 * DAY,
  }),
  subscriptionEvent('evt_12', 'customer.subscription.updated', month(1) + 3 * DAY, 'active', 1),
];

async function deliver(event: Event) {
  const payload = JSON.stringify({
    id: event.id,
    object: 'event',
    api_version: '2025-08-27.basil',
    created: event.created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: event.type,
    data: { object: event.object },
  });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signWebhookPayload(payload, t.config.stripe.webhookSecret),
    },
    payload,
  });
  expect(response.statusCode).toBe(200);
}

async function startOver() {
  await t.db.delete(invoices);
  await t.db.delete(subscriptions);
  await t.db.delete(paymentEvents);
  await t.db.update(additionalFees).set({ status: 'pending', paidAt: null }).where(eq(additionalFees.id, feeId));
}

async function ledger() {
  const strip = <T extends { updatedAt: Date }>({ updatedAt: _, ...row }: T) => row;
  const [fee] = await t.db
    .select({ status: additionalFees.status, paidAt: additionalFees.paidAt })
    .from(additionalFees)
    .where(eq(additionalFees.id, feeId));
  return {
    subscriptions: (await t.db.select().from(subscriptions)).map(strip),
    invoices: (await t.db.select().from(invoices).orderBy(asc(invoices.id))).map(strip),
    lines: await t.db.select().from(invoiceLines).orderBy(asc(invoiceLines.id)),
    fee,
  };
}

/** A fixed shuffle (a linear congruential generator), so a failure replays the same way. */
function shuffled<T>(items: T[], seed: number): T[] {
  const copy = [...items];
  let state = seed;
  for (let i = copy.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

describe('the billing ledger', () => {
  it('mirrors the subscription, its invoices and their lines from the events', async () => {
    await startOver();
    for (const event of history) await deliver(event);
    const held = await ledger();

    expect(held.subscriptions).toEqual([
      expect.objectContaining({
        id: 'sub_ledger',
        orderId,
        gatewayCustomerId: 'cus_ledger',
        status: 'active',
        currentPeriodStart: new Date(month(1) * 1000),
        currentPeriodEnd: new Date(month(2) * 1000),
        cancelAt: null,
        endedAt: null,
      }),
    ]);
    expect(held.invoices).toEqual([
      expect.objectContaining({ id: 'in_1', status: 'paid', amountDueCents: 3900, amountPaidCents: 3900 }),
      expect.objectContaining({
        id: 'in_2',
        subscriptionId: 'sub_ledger',
        status: 'paid',
        amountDueCents: 6400,
        amountPaidCents: 6400,
        attemptCount: 2,
        nextPaymentAttemptAt: null,
        periodStart: new Date(month(1) * 1000),
        periodEnd: new Date(month(2) * 1000),
        paidAt: new Date((month(1) + 3 * DAY) * 1000),
        hostedInvoiceUrl: 'https://invoice.stripe.com/i/in_2',
      }),
    ]);
    expect(held.lines.map((line) => [line.invoiceId, line.kind, line.invoiceItemId, line.amountCents])).toEqual([
      ['in_1', 'rent', null, 3900],
      ['in_2', 'item', 'ii_damage', 2500],
      ['in_2', 'rent', null, 3900],
    ]);
    // The fee billed on the second invoice is paid when that invoice is.
    expect(held.fee).toEqual({ status: 'paid', paidAt: new Date((month(1) + 3 * DAY) * 1000) });
  });

  it('keeps a failed attempt open with its next retry until it is paid', async () => {
    await startOver();
    for (const event of history.slice(0, 10)) await deliver(event);
    const held = await ledger();
    expect(held.subscriptions[0]?.status).toBe('past_due');
    expect(held.invoices[1]).toMatchObject({
      status: 'open',
      attemptCount: 1,
      amountPaidCents: 0,
      nextPaymentAttemptAt: new Date((month(1) + 61 + 3 * DAY) * 1000),
    });
    expect(held.fee?.status).toBe('pending');
  });

  it('ends in the same state whatever order the events arrive in, and however often', async () => {
    await startOver();
    for (const event of history) await deliver(event);
    const inOrder = await ledger();

    const orderings = [
      [...history].reverse(),
      shuffled(history, 7),
      shuffled(history, 2026),
      [...history, ...shuffled(history, 11)],
    ];
    for (const events of orderings) {
      await startOver();
      for (const event of events) await deliver(event);
      expect(await ledger()).toEqual(inOrder);
    }
  });

  it('never lets an older state overwrite a newer one', async () => {
    await startOver();
    const paid = history[3]!;
    const finalized = history[2]!;
    await deliver(paid);
    await deliver(finalized);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.id, 'in_1'));
    expect(invoice).toMatchObject({ status: 'paid', amountPaidCents: 3900 });
  });

  it('ignores an event whose object it cannot read, and records nothing for it', async () => {
    await startOver();
    const broken = invoiceEvent('evt_broken', 'invoice.paid', month(0), { id: 'in_x', status: 'paid', period: 0 });
    broken.object.status = 'settled';
    await deliver(broken);
    expect(await t.db.select().from(invoices)).toEqual([]);
  });
});
