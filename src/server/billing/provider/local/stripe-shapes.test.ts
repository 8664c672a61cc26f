import { describe, expect, it } from 'vitest';
import { readInvoice, readSubscription } from '@/server/billing/stripe-objects';
import { stripeFixture } from '@tests/support/stripe-fixtures';
import { invoiceObject } from './invoice-shape';
import { subscriptionObject } from './subscription-shape';

const at = (iso: string) => new Date(iso);
const subscription = subscriptionObject({
  id: 'sub_local_1',
  customer: 'cus_local_1',
  orderId: '0b0e4a52-2f53-4f3c-9d1c-6a3b2c1d0e9f',
  status: 'active',
  amountCents: 3900,
  created: at('2026-06-10T19:00:00Z'),
  periodStart: at('2026-07-10T19:00:00Z'),
  periodEnd: at('2026-08-10T19:00:00Z'),
  cancelAt: null,
  canceledAt: null,
  endedAt: null,
  latestInvoice: 'in_local_1',
  billingAnchor: at('2026-07-10T19:00:00Z'),
  trialStart: at('2026-06-10T19:00:00Z'),
  trialEnd: at('2026-07-10T19:00:00Z'),
  interval: 'month',
});
const invoice = invoiceObject({
  id: 'in_local_1',
  subscriptionId: 'sub_local_1',
  customer: 'cus_local_1',
  customerEmail: 'renter@example.com',
  status: 'paid',
  billingReason: 'subscription_cycle',
  amountDueCents: 6400,
  amountPaidCents: 6400,
  attemptCount: 1,
  nextPaymentAttempt: null,
  created: at('2026-07-10T19:00:00Z'),
  finalizedAt: at('2026-07-10T20:00:00Z'),
  paidAt: at('2026-07-10T20:00:00Z'),
  voidedAt: null,
  hostedInvoiceUrl: null,
  lines: [
    {
      id: 'il_rent',
      kind: 'rent',
      invoiceItemId: null,
      description: '1 × Monthly AC Rental',
      amountCents: 3900,
      periodStart: at('2026-07-10T19:00:00Z'),
      periodEnd: at('2026-08-10T19:00:00Z'),
    },
    {
      id: 'il_fee',
      kind: 'item',
      invoiceItemId: 'ii_local_1',
      description: 'Cracked exhaust hose',
      amountCents: 2500,
      periodStart: at('2026-07-02T18:00:00Z'),
      periodEnd: at('2026-07-02T18:00:00Z'),
    },
  ],
});
const keys = (object: object) => Object.keys(object).sort();

describe("the embedded gateway's objects have Stripe's current shape", () => {
  it('carries every field of the published subscription, subscription item, invoice and line fixtures', () => {
    expect(keys(subscription)).toEqual(expect.arrayContaining(keys(stripeFixture('subscription'))));
    expect(keys(subscription.items.data[0]!)).toEqual(
      expect.arrayContaining(keys(stripeFixture('subscription').items.data[0])),
    );
    expect(keys(invoice)).toEqual(expect.arrayContaining(keys(stripeFixture('invoice'))));
    expect(keys(invoice.lines.data[0]!)).toEqual(expect.arrayContaining(keys(stripeFixture('invoice').lines.data[0])));
  });

  it('reads back through the webhook readers as what was billed', () => {
    expect(readSubscription(subscription)).toEqual({
      id: 'sub_local_1',
      orderId: '0b0e4a52-2f53-4f3c-9d1c-6a3b2c1d0e9f',
      gatewayCustomerId: 'cus_local_1',
      status: 'active',
      currentPeriodStart: at('2026-07-10T19:00:00Z'),
      currentPeriodEnd: at('2026-08-10T19:00:00Z'),
      cancelAt: null,
      canceledAt: null,
      endedAt: null,
    });
    expect(readInvoice(invoice)).toMatchObject({
      id: 'in_local_1',
      subscriptionId: 'sub_local_1',
      status: 'paid',
      amountDueCents: 6400,
      amountPaidCents: 6400,
      periodStart: at('2026-07-10T19:00:00Z'),
      periodEnd: at('2026-08-10T19:00:00Z'),
      paidAt: at('2026-07-10T20:00:00Z'),
      lines: [
        expect.objectContaining({ kind: 'rent', amountCents: 3900, invoiceItemId: null }),
        expect.objectContaining({ kind: 'item', amountCents: 2500, invoiceItemId: 'ii_local_1' }),
      ],
    });
  });
});

describe("a weekly plan's subscription", () => {
  const weekly = subscriptionObject({
    id: 'sub_local_2',
    customer: 'cus_local_1',
    orderId: '0b0e4a52-2f53-4f3c-9d1c-6a3b2c1d0e9f',
    status: 'active',
    amountCents: 1500,
    created: at('2026-06-10T19:00:00Z'),
    periodStart: at('2026-06-24T19:00:00Z'),
    periodEnd: at('2026-07-01T19:00:00Z'),
    cancelAt: null,
    canceledAt: null,
    endedAt: null,
    latestInvoice: 'in_local_3',
    billingAnchor: at('2026-06-17T19:00:00Z'),
    trialStart: at('2026-06-10T19:00:00Z'),
    trialEnd: at('2026-06-17T19:00:00Z'),
    interval: 'week',
  });
  const item = weekly.items.data[0]!;

  it("prices its item weekly, with the published price and plan objects' fields", () => {
    expect(keys(item.price)).toEqual(expect.arrayContaining(keys(stripeFixture('price'))));
    expect(keys(item.price.recurring!)).toEqual(expect.arrayContaining(keys(stripeFixture('price').recurring)));
    expect(keys(item.plan)).toEqual(expect.arrayContaining(keys(stripeFixture('plan'))));
    expect(item.price).toMatchObject({
      id: 'price_local_weekly',
      type: 'recurring',
      unit_amount: 1500,
      recurring: { interval: 'week', interval_count: 1 },
    });
    expect(item.plan).toMatchObject({ id: 'price_local_weekly', amount: 1500, interval: 'week', interval_count: 1 });
    // The monthly plan keeps its own price.
    expect(subscription.items.data[0]!.price).toMatchObject({
      id: 'price_local_monthly',
      recurring: { interval: 'month' },
    });
  });

  it('reads back through the webhook reader with its weekly period', () => {
    expect(readSubscription(weekly)).toMatchObject({
      currentPeriodStart: at('2026-06-24T19:00:00Z'),
      currentPeriodEnd: at('2026-07-01T19:00:00Z'),
    });
  });
});

describe('an invoice of its own (fees billed at once, no subscription)', () => {
  const orderId = '0b0e4a52-2f53-4f3c-9d1c-6a3b2c1d0e9f';
  const standalone = invoiceObject({
    id: 'in_local_2',
    subscriptionId: null,
    orderId,
    customer: 'cus_local_1',
    customerEmail: 'renter@example.com',
    status: 'open',
    billingReason: 'manual',
    amountDueCents: 7500,
    amountPaidCents: 0,
    attemptCount: 1,
    nextPaymentAttempt: at('2026-09-04T18:00:00Z'),
    created: at('2026-09-01T18:00:00Z'),
    finalizedAt: at('2026-09-01T18:00:00Z'),
    paidAt: null,
    voidedAt: null,
    hostedInvoiceUrl: 'https://rent.example/api/pay/invoices/in_local_2',
    lines: [
      {
        id: 'il_fee_2',
        kind: 'item',
        invoiceItemId: 'ii_local_2',
        description: 'Cracked exhaust hose',
        amountCents: 7500,
        periodStart: at('2026-09-01T18:00:00Z'),
        periodEnd: at('2026-09-01T18:00:00Z'),
      },
    ],
  });

  it("has Stripe's shape with no parent, and names its order in its metadata", () => {
    expect(keys(standalone)).toEqual(expect.arrayContaining(keys(stripeFixture('invoice'))));
    expect(standalone).toMatchObject({ parent: null, subscription: null, metadata: { orderId } });
    expect(standalone.lines.data[0]!.parent).toMatchObject({
      type: 'invoice_item_details',
      invoice_item_details: { invoice_item: 'ii_local_2', subscription: null },
    });
    expect(readInvoice(standalone)).toMatchObject({
      subscriptionId: null,
      orderId,
      status: 'open',
      hostedInvoiceUrl: 'https://rent.example/api/pay/invoices/in_local_2',
      lines: [expect.objectContaining({ kind: 'item', invoiceItemId: 'ii_local_2', amountCents: 7500 })],
    });
  });
});
