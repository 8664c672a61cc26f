import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readInvoice } from '@/server/billing/stripe-objects';
import { startStripeFake, stripeGatewayFor, type StripeFake } from '@tests/support/stripe-fake';
import type { StripePaymentGateway } from './stripe-gateway';

/** invoicePendingItemsNow through the real SDK against the local fake of Stripe's API (tests/support/stripe-fake.ts). */
let stripe: StripeFake;
let gateway: StripePaymentGateway;
beforeAll(async () => {
  stripe = await startStripeFake();
  gateway = stripeGatewayFor(stripe);
});
afterAll(async () => stripe.close());

const customerWithFee = async (amountCents = 7500) => {
  const gatewayCustomerId = `cus_${randomUUID().slice(0, 8)}`;
  const item = await gateway.createInvoiceItem({ gatewayCustomerId, amountCents, description: 'Cracked exhaust hose' });
  return { gatewayCustomerId, item };
};
const sent = (path: string) => stripe.requests.filter((r) => r.method === 'POST' && r.path === path);

describe('StripePaymentGateway.invoicePendingItemsNow', () => {
  it('bills the pending fee on an invoice of its own, finalized and paid with the card on file', async () => {
    const { gatewayCustomerId, item } = await customerWithFee();
    const orderId = randomUUID();
    const invoice = await gateway.invoicePendingItemsNow({ gatewayCustomerId, orderId, idempotencyKey: 'fee-1' });

    expect(invoice).toEqual({
      id: expect.stringMatching(/^in_/),
      status: 'paid',
      amountDueCents: 7500,
      hostedInvoiceUrl: expect.stringMatching(/^https:\/\/invoice\.stripe\.test\/i\/in_/),
      invoiceItemIds: [item.id],
    });
    const created = sent('/v1/invoices').at(-1)!;
    expect(created.params).toEqual({
      customer: gatewayCustomerId,
      collection_method: 'charge_automatically',
      pending_invoice_items_behavior: 'include',
      auto_advance: 'true',
      'metadata[orderId]': orderId,
    });
    expect(created.headers['idempotency-key']).toBe('fee-1');
    expect(sent(`/v1/invoices/${invoice!.id}/finalize`)).toHaveLength(1);
    expect(sent(`/v1/invoices/${invoice!.id}/pay`)).toHaveLength(1);
    // What Stripe then sends in invoice.paid is what the ledger reads: no subscription, our order, the fee's item.
    expect(readInvoice(stripe.invoices.invoices.get(invoice!.id))).toMatchObject({
      subscriptionId: null,
      orderId,
      status: 'paid',
      billingReason: 'manual',
      lines: [{ kind: 'item', invoiceItemId: item.id, amountCents: 7500 }],
    });
  });

  it('leaves an invoice open with its hosted page when the card is declined, without failing', async () => {
    const { gatewayCustomerId } = await customerWithFee();
    stripe.invoices.decliningCustomers.add(gatewayCustomerId);
    const invoice = await gateway.invoicePendingItemsNow({ gatewayCustomerId, orderId: null, idempotencyKey: 'fee-2' });
    expect(invoice).toMatchObject({ status: 'open', hostedInvoiceUrl: expect.stringContaining('invoice.stripe.test') });
    expect(stripe.invoices.invoices.get(invoice!.id)).toMatchObject({ attempt_count: 1, metadata: {} });
  });

  it('answers a retried key with the first invoice, and null when nothing is pending', async () => {
    const { gatewayCustomerId } = await customerWithFee();
    const request = { gatewayCustomerId, orderId: null, idempotencyKey: `fee-${randomUUID()}` };
    const first = await gateway.invoicePendingItemsNow(request);
    const again = await gateway.invoicePendingItemsNow(request);
    expect(again).toEqual(first);
    expect([...stripe.invoices.invoices.values()].filter((i) => i.customer === gatewayCustomerId)).toHaveLength(1);
    expect(await gateway.invoicePendingItemsNow({ ...request, idempotencyKey: `fee-${randomUUID()}` })).toBeNull();
  });
});
