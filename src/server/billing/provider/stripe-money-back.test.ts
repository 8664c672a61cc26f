import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeFake, stripeGatewayFor, type StripeFake } from '@tests/support/stripe-fake';
import type { StripePaymentGateway } from './stripe-gateway';

/** refundInvoice and creditCustomer through the real SDK against the local fake of Stripe's API (ADR 030). */
let stripe: StripeFake;
let gateway: StripePaymentGateway;
beforeAll(async () => {
  stripe = await startStripeFake();
  gateway = stripeGatewayFor(stripe);
});
afterAll(async () => stripe.close());

/** A customer's $75 fee, billed on an invoice of its own and paid: the fake's invoice object. */
async function paidInvoice() {
  const gatewayCustomerId = `cus_${randomUUID().slice(0, 8)}`;
  await gateway.createInvoiceItem({ gatewayCustomerId, amountCents: 7500, description: 'Cracked exhaust hose' });
  const invoice = await gateway.invoicePendingItemsNow({
    gatewayCustomerId,
    orderId: null,
    idempotencyKey: randomUUID(),
  });
  expect(invoice).toMatchObject({ status: 'paid' });
  return stripe.invoices.invoices.get(invoice!.id)!;
}
const lastPost = (path: string) => stripe.requests.filter((r) => r.method === 'POST' && r.path === path).at(-1)!;

describe('StripePaymentGateway.refundInvoice: a credit note that refunds', () => {
  it('refunds part of a paid invoice with a credit note, and a retried key answers with the same note', async () => {
    const invoice = await paidInvoice();
    const request = {
      invoiceId: invoice.id,
      invoiceLineId: null,
      amountCents: 2500,
      reason: 'Charged twice',
      idempotencyKey: `refund-${randomUUID()}`,
    };
    const refund = await gateway.refundInvoice(request);
    expect(refund).toEqual({ id: expect.stringMatching(/^cn_/), refundedCents: 2500 });
    const sent = lastPost('/v1/credit_notes');
    expect(sent.params).toEqual({
      invoice: invoice.id,
      amount: '2500',
      refund_amount: '2500',
      memo: 'Charged twice',
      email_type: 'none',
    });
    expect(sent.headers['idempotency-key']).toBe(request.idempotencyKey);
    expect(await gateway.refundInvoice(request)).toEqual(refund);
    expect(invoice.post_payment_credit_notes_amount).toBe(2500);
  });

  it("credits one line (a fee's) when named, and Stripe's refusal past what is left is an error naming why", async () => {
    const invoice = await paidInvoice();
    const lineId = invoice.lines.data[0].id;
    const base = { invoiceId: invoice.id, invoiceLineId: lineId, reason: 'Hose was worn already' };
    await gateway.refundInvoice({ ...base, amountCents: 7000, idempotencyKey: randomUUID() });
    expect(lastPost('/v1/credit_notes').params).toMatchObject({
      'lines[0][type]': 'invoice_line_item',
      'lines[0][invoice_line_item]': lineId,
      'lines[0][amount]': '7000',
      refund_amount: '7000',
    });
    const refused = await gateway
      .refundInvoice({ ...base, amountCents: 501, idempotencyKey: randomUUID() })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((refused as Error).message).toContain("must be at most the invoice's remaining amount (500)");
  });
});

describe('StripePaymentGateway.creditCustomer: a customer balance transaction', () => {
  it('credits the balance with a negative amount, once per key', async () => {
    const gatewayCustomerId = `cus_${randomUUID().slice(0, 8)}`;
    const request = { gatewayCustomerId, amountCents: 1500, description: 'Unit down a week', idempotencyKey: 'c-1' };
    const credit = await gateway.creditCustomer(request);
    expect(credit).toEqual({ id: expect.stringMatching(/^cbtxn_/), endingBalanceCents: -1500 });
    const sent = lastPost(`/v1/customers/${gatewayCustomerId}/balance_transactions`);
    expect(sent.params).toEqual({ amount: '-1500', currency: 'usd', description: 'Unit down a week' });
    expect(sent.headers['idempotency-key']).toBe('c-1');
    expect(await gateway.creditCustomer(request)).toEqual(credit);
    expect(stripe.moneyBack.balances.get(gatewayCustomerId)).toBe(-1500);
  });
});
