import { describe, expect, it } from 'vitest';
import { stripeFixture } from '@tests/support/stripe-fixtures';
import { readInvoice, readSubscription } from './stripe-objects';

describe("reading Stripe's subscription object", () => {
  it('takes the billing period from the items, where the current API keeps it', () => {
    const fixture = stripeFixture('subscription');
    expect(readSubscription(fixture)).toEqual({
      id: 'sub_1Pgc6rB7WZ01zgkWNy0Cn5nw',
      orderId: null,
      gatewayCustomerId: 'cus_QXg1o8vcGmoR32',
      status: 'active',
      currentPeriodStart: new Date(fixture.items.data[0].current_period_start * 1000),
      currentPeriodEnd: new Date(fixture.items.data[0].current_period_end * 1000),
      cancelAt: new Date(1234567890 * 1000),
      canceledAt: new Date(1234567890 * 1000),
      endedAt: new Date(1234567890 * 1000),
    });
  });

  it('links the subscription to our order through its metadata', () => {
    const fixture = stripeFixture('subscription');
    fixture.metadata = { orderId: '0b0e4a52-2f53-4f3c-9d1c-6a3b2c1d0e9f', orderNumber: 'CR-1001' };
    expect(readSubscription(fixture)?.orderId).toBe('0b0e4a52-2f53-4f3c-9d1c-6a3b2c1d0e9f');
    fixture.metadata = { orderId: 'not-an-order' };
    expect(readSubscription(fixture)?.orderId).toBeNull();
  });

  it('reads an expanded customer as its id', () => {
    const fixture = stripeFixture('subscription');
    fixture.customer = stripeFixture('customer');
    expect(readSubscription(fixture)?.gatewayCustomerId).toBe(stripeFixture('customer').id);
  });

  it('refuses what is not a subscription it can read', () => {
    expect(readSubscription(stripeFixture('invoice'))).toBeNull();
    expect(readSubscription({ ...stripeFixture('subscription'), status: 'sleeping' })).toBeNull();
    expect(readSubscription(null)).toBeNull();
  });
});

describe("reading Stripe's invoice object", () => {
  it('finds the subscription under parent.subscription_details (the top-level field is gone)', () => {
    const fixture = stripeFixture('invoice');
    expect(fixture.subscription).toBeNull();
    expect(readInvoice(fixture)).toMatchObject({
      id: 'in_1Pgc6tB7WZ01zgkWu9fdqL6I',
      subscriptionId: 'subscription',
      gatewayCustomerId: 'cus_QXg1o8vcGmoR32',
      status: 'draft',
      amountDueCents: 1000,
      amountPaidCents: 0,
      attemptCount: 0,
      nextPaymentAttemptAt: new Date(1234567890 * 1000),
      paidAt: null,
      hostedInvoiceUrl: null,
      issuedAt: new Date(1234567890 * 1000),
    });
  });

  it('tells a fee (an invoice item) from the rent by the line parent', () => {
    const fixture = stripeFixture('invoice');
    const itemLine = fixture.lines.data[0];
    const rentLine = structuredClone(itemLine);
    rentLine.id = 'il_rent';
    rentLine.amount = 3900;
    rentLine.parent.type = 'subscription_item_details';
    rentLine.period = { start: 1_780_000_000, end: 1_782_592_000 };
    fixture.lines.data = [rentLine, itemLine];

    const invoice = readInvoice(fixture)!;
    expect(invoice.lines).toEqual([
      {
        id: 'il_rent',
        kind: 'rent',
        invoiceItemId: null,
        description: itemLine.description,
        amountCents: 3900,
        periodStart: new Date(1_780_000_000 * 1000),
        periodEnd: new Date(1_782_592_000 * 1000),
      },
      {
        id: itemLine.id,
        kind: 'item',
        invoiceItemId: 'invoice_item',
        description: 'My First Invoice Item (created for API docs)',
        amountCents: 1000,
        periodStart: new Date(itemLine.period.start * 1000),
        periodEnd: new Date(itemLine.period.end * 1000),
      },
    ]);
    // The service period shown is the rent line's, not Stripe's invoice period (the previous one).
    expect(invoice.periodStart).toEqual(new Date(1_780_000_000 * 1000));
    expect(invoice.periodEnd).toEqual(new Date(1_782_592_000 * 1000));
  });

  it('reads when a paid invoice was paid', () => {
    const fixture = stripeFixture('invoice');
    fixture.status = 'paid';
    fixture.status_transitions.paid_at = 1_790_000_000;
    expect(readInvoice(fixture)?.paidAt).toEqual(new Date(1_790_000_000 * 1000));
  });

  it('refuses what is not an invoice it can read', () => {
    expect(readInvoice(stripeFixture('subscription'))).toBeNull();
    expect(readInvoice({ ...stripeFixture('invoice'), status: 'settled' })).toBeNull();
    expect(readInvoice({ ...stripeFixture('invoice'), amount_due: '10.00' })).toBeNull();
  });
});
