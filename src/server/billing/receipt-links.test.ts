import { afterAll, describe, expect, it } from 'vitest';
import { startBillingTestApp } from '@tests/support/billing-fixtures';

const { t, advance, paidRental, portalOf } = await startBillingTestApp();
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

  it('sends an unknown invoice’s page to a 404', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/pay/invoices/in_local_nothing' });
    expect(page.statusCode).toBe(404);
  });
});
