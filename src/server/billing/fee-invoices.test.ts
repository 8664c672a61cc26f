import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { additionalFees, emailLogs, invoiceLines, invoices } from '@/server/platform/db/schema';
import type { PaymentGateway } from '@/server/billing/provider/gateway';
import { createFee } from '@/server/billing/fees';
import { runScheduledWork } from '@/server/scheduled-work';
import { goodCard, pay } from '@tests/support/payment-fixtures';
import { startBillingTestApp } from '@tests/support/billing-fixtures';

/**
 * Issue 27's acceptance on the embedded gateway: a fee no renewal will carry is billed on an invoice of its own,
 * charged to the card on file; a declined card leaves the customer a pay link in the e-mail and the portal.
 */
const { t, admin, paidRental, portalOf, useCard } = await startBillingTestApp();
afterAll(async () => t.close());

const failingCard = '4000 0000 0000 0341';
const log = { error: () => undefined };
const runOnce = () => runScheduledWork(t.deps, t.deps.clock.now(), log);

async function endedRental(cardNumber?: string) {
  const rental = await paidRental();
  if (cardNumber) await useCard(rental.order.customerId, cardNumber);
  const completed = await admin.request({
    method: 'POST',
    url: `/api/admin/orders/${rental.orderId}/status`,
    payload: { status: 'completed' },
  });
  expect(completed.statusCode).toBe(200);
  return rental;
}

const damageFee = (rental: Awaited<ReturnType<typeof endedRental>>) => ({
  customerId: rental.order.customerId,
  orderId: rental.orderId,
  feeType: 'damage' as const,
  description: 'Cracked exhaust hose after pickup',
  amountCents: 7500,
});

async function feeRow(id: string) {
  const [fee] = await t.db.select().from(additionalFees).where(eq(additionalFees.id, id));
  return fee!;
}

async function ownInvoiceOf(orderId: string) {
  const rows = await t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
  const lines = rows[0] ? await t.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, rows[0].id)) : [];
  return { rows, lines };
}

const emailsOf = (customerId: string, subject: string) =>
  t.db
    .select()
    .from(emailLogs)
    .where(and(eq(emailLogs.customerId, customerId), eq(emailLogs.subject, subject)));

describe('a fee added after the order ended (embedded gateway)', { timeout: 120_000 }, () => {
  it('is e-mailed, then paid on its own invoice with a good card, and the receipt lists it', async () => {
    const rental = await endedRental();
    const created = await admin.request({
      method: 'POST',
      url: '/api/admin/additional-fees',
      payload: damageFee(rental),
    });
    expect(created.statusCode).toBe(201);
    await runOnce();

    const fee = await feeRow(created.json().id);
    const { rows, lines } = await ownInvoiceOf(rental.orderId);
    expect(rows).toEqual([
      expect.objectContaining({ subscriptionId: null, orderId: rental.orderId, status: 'paid', amountPaidCents: 7500 }),
    ]);
    expect(lines).toEqual([expect.objectContaining({ kind: 'item', invoiceItemId: fee.stripeInvoiceId })]);
    expect(fee).toMatchObject({ status: 'paid', invoiceId: rows[0]!.id });

    // Every fee is explained when it is added, and the receipt says what was paid for.
    const [told] = await emailsOf(rental.order.customerId, 'A fee has been added to your account');
    expect(told!.body).toContain('A fee of $75.00 has been added to your account: Cracked exhaust hose after pickup.');
    const [receipt] = await emailsOf(
      rental.order.customerId,
      `Receipt: $75.00 paid for your AC rental (${rental.order.orderNumber})`,
    );
    expect(receipt!.body).toContain('Fee: Cracked exhaust hose after pickup: $75.00\nTotal paid: $75.00');

    const portal = await portalOf(rental);
    expect(portal.fees).toEqual([expect.objectContaining({ status: 'paid', ownInvoice: true })]);
    // Its invoice is among the rental's (issued within the checkout's second: Stripe's times are whole seconds).
    expect(portal.billing.invoices).toContainEqual(
      expect.objectContaining({ id: rows[0]!.id, status: 'paid', amountCents: 7500 }),
    );
  });

  it('with a failing card: the customer has a pay link in the e-mail and the portal, and paying it settles the fee', async () => {
    const rental = await endedRental(failingCard);
    const created = await admin.request({
      method: 'POST',
      url: '/api/admin/additional-fees',
      payload: damageFee(rental),
    });
    expect(created.statusCode).toBe(201);
    await runOnce();

    const { rows } = await ownInvoiceOf(rental.orderId);
    const invoice = rows[0]!;
    expect(invoice).toMatchObject({ status: 'open', attemptCount: 1, amountDueCents: 7500 });
    const payUrl = invoice.hostedInvoiceUrl!;
    expect(payUrl).toBe(`${t.config.publicUrl}/api/pay/invoices/${invoice.id}`);

    const [failed] = await emailsOf(
      rental.order.customerId,
      `Action needed: your payment for ${rental.order.orderNumber} did not go through`,
    );
    expect(failed!.body).toContain('We could not charge $75.00 to your card');
    expect(failed!.body).toContain(`To fix your card and pay now: ${payUrl}`);
    expect(failed!.body).toContain('no monthly bill is left to carry them');

    const portal = await portalOf(rental);
    expect(portal.fees).toEqual([
      expect.objectContaining({ status: 'pending', ownInvoice: true, invoice: { status: 'open', url: payUrl } }),
    ]);

    // The link opens the provider's billing page, where a new card pays what is open.
    const page = await t.app.inject({ method: 'GET', url: new URL(payUrl).pathname });
    expect(page.statusCode).toBe(303);
    const sessionId = new URL(page.headers.location as string).pathname.split('/').pop()!;
    expect((await pay(t, sessionId, goodCard)).statusCode).toBe(200);
    expect(await feeRow(created.json().id)).toMatchObject({ status: 'paid', invoiceId: invoice.id });
    // Paid, the same page is its receipt (ADR 040).
    const paid = await t.app.inject({ method: 'GET', url: new URL(payUrl).pathname });
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('Amount paid: $75.00');
  });

  it('is billed by the next scheduled run when it could not be at once, and only once', async () => {
    const rental = await endedRental();
    // The provider took the fee's invoice item, then refused the invoice: the fee waits, pending.
    const refusing = Object.create(t.deps.payments, {
      invoicePendingItemsNow: { value: () => Promise.reject(new Error('provider down')) },
    }) as PaymentGateway;
    const fee = await createFee({ ...t.deps, payments: refusing }, admin.adminUserId, damageFee(rental));
    expect(fee).toMatchObject({ status: 'pending', invoiceId: null });
    const portal = await portalOf(rental);
    expect(portal.fees).toEqual([expect.objectContaining({ status: 'pending', ownInvoice: false, invoice: null })]);

    const [first, second] = [await runOnce(), await runOnce()];
    expect(first.feeInvoicesIssued).toBe(1);
    expect(second.feeInvoicesIssued).toBe(0);
    expect((await ownInvoiceOf(rental.orderId)).rows).toHaveLength(1);
    expect(await feeRow(fee.id)).toMatchObject({ status: 'paid' });
  });

  it('waits for the next bill while the subscription renews', async () => {
    const rental = await paidRental();
    const created = await admin.request({
      method: 'POST',
      url: '/api/admin/additional-fees',
      payload: damageFee(rental),
    });
    await runOnce();
    expect(await feeRow(created.json().id)).toMatchObject({ status: 'pending', invoiceId: null });
    expect((await ownInvoiceOf(rental.orderId)).rows).toEqual([]);
    const portal = await portalOf(rental);
    expect(portal.fees).toEqual([expect.objectContaining({ ownInvoice: false, invoice: null })]);
    expect(portal.billing.nextAmountCents).toBe(rental.order.priceCents + 7500);
  });
});
