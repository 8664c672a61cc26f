import { afterAll, describe, expect, it } from 'vitest';
import { startBillingTestApp } from '@tests/support/billing-fixtures';
import { goodCard, pay } from '@tests/support/payment-fixtures';

const { t, advance, paidRental, portalOf, useCard } = await startBillingTestApp();
afterAll(async () => t.close());

describe('receipts in the portal’s invoice table', { timeout: 120_000 }, () => {
  it('links each paid invoice to its page, which the local gateway serves as the receipt', async () => {
    const rental = await paidRental();
    await advance(31); // the first renewal, paid with the card on file

    const { billing } = await portalOf(rental);
    const paid = billing.invoices.filter((invoice: { status: string }) => invoice.status === 'paid');
    expect(paid.length).toBeGreaterThanOrEqual(2);
    for (const invoice of paid as { id: string; url: string | null; amountCents: number }[]) {
      // hosted_invoice_url, as the provider sent it in the invoice's events and the webhook stored it.
      expect(invoice.url).toMatch(new RegExp(`^${t.config.publicUrl}/api/pay/invoices/in_local_`));
      const page = await t.app.inject({ method: 'GET', url: new URL(invoice.url!).pathname });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('<h1>Receipt</h1>');
      expect(page.body).toContain('Amount paid: $');
    }
  });

  it('pays an open renewal on its page and comes back to the rental’s portal, not to account access', async () => {
    const rental = await paidRental();
    await useCard(rental.order.customerId, '4000 0000 0000 0341'); // declined: the renewal stays open
    await advance(32);
    const { billing } = await portalOf(rental);
    expect(billing.openInvoice?.url).toMatch(/\/api\/pay\/invoices\/in_local_/);

    const page = await t.app.inject({ method: 'GET', url: new URL(billing.openInvoice!.url!).pathname });
    expect(page.statusCode).toBe(303);
    const billingSession = page.headers.location!.split('/').pop()!;
    const paid = await pay(t, billingSession, goodCard);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().redirectUrl).toBe(`${t.config.publicUrl}/portal/${rental.orderId}`);
  });

  it('sends an unknown invoice’s page to a 404', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/pay/invoices/in_local_nothing' });
    expect(page.statusCode).toBe(404);
  });
});
