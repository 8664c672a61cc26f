import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  accountCredits,
  auditEvents,
  emailLogs,
  localGatewayCustomers,
  localGatewayInvoices,
  refunds,
} from '@/server/platform/db/schema';
import { signInAdmin } from '@tests/support/admin-client';
import { startBillingTestApp } from '@tests/support/billing-fixtures';
import { snapshotTables } from '@tests/support/table-snapshot';

/**
 * Issue 27 item 4 on the embedded gateway: a partial refund and a credit each show in the portal, the e-mail, the
 * ledger and the figures (which agree on the stat cards and in Analytics); what cannot be given back is a 400 that
 * changes nothing.
 */
const billing = await startBillingTestApp();
const { t, admin, advance, paidRental, portalOf, ledgerOf, customerGatewayId } = billing;
afterAll(async () => t.close());

type Rental = Awaited<ReturnType<typeof paidRental>>;
const refund = (rental: Rental, payload: Record<string, unknown>) =>
  admin.request({ method: 'POST', url: `/api/admin/orders/${rental.orderId}/refunds`, payload });
const credit = (rental: Rental, payload: Record<string, unknown>) =>
  admin.request({ method: 'POST', url: `/api/admin/customers/${rental.order.customerId}/credits`, payload });

async function figures() {
  const stats = (await admin.request({ method: 'GET', url: '/api/admin/stats' })).json();
  const analytics = (await admin.request({ method: 'GET', url: '/api/admin/analytics' })).json();
  // The stat cards and Analytics agree, collected money included.
  expect({ ...analytics.figures, asOf: null }).toEqual({ ...stats.figures, asOf: null });
  expect(analytics.collectedByMonth.at(-1)).toEqual(stats.figures.collectedThisMonth);
  return stats.figures as {
    collectedThisMonth: { collectedCents: number };
    outstanding: { unbilledFeesCents: number; creditsCents: number; totalCents: number; openInvoicesCents: number };
  };
}

const emailTo = async (customerId: string, subject: string) =>
  (
    await t.db
      .select()
      .from(emailLogs)
      .where(and(eq(emailLogs.customerId, customerId), eq(emailLogs.subject, subject)))
  )[0];

describe('refunds and credits (embedded gateway)', { timeout: 120_000 }, () => {
  it('a partial refund and a credit each show in the portal, the e-mail, the ledger and the figures', async () => {
    const rental = await paidRental();
    const [first] = (await ledgerOf(rental.orderId)).invoices;
    expect(first).toMatchObject({ status: 'paid', amountPaidCents: 3900 });
    const before = await figures();

    // A partial refund of the first payment.
    const refunded = await refund(rental, { invoiceId: first!.id, amountCents: 1000, reason: 'Charged twice' });
    expect(refunded.statusCode).toBe(201);
    expect(refunded.json()).toMatchObject({ invoiceId: first!.id, amountCents: 1000, feeId: null });
    const [row] = await t.db.select().from(refunds).where(eq(refunds.id, refunded.json().id));
    expect(row).toMatchObject({ status: 'succeeded', amountCents: 1000, reason: 'Charged twice' });
    // The provider made it: a credit note on its invoice.
    const [providerInvoice] = await t.db
      .select()
      .from(localGatewayInvoices)
      .where(eq(localGatewayInvoices.id, first!.id));
    expect(providerInvoice!.creditedCents).toBe(1000);
    expect(row!.providerRefundId).toMatch(/^cn_local_/);

    // A fee waits for the next bill; then a credit of $15.
    const fee = await admin.request({
      method: 'POST',
      url: '/api/admin/additional-fees',
      payload: { customerId: rental.order.customerId, orderId: rental.orderId, feeType: 'damage', description: 'Cracked hose', amountCents: 2000 }, // prettier-ignore
    });
    expect(fee.statusCode).toBe(201);
    const credited = await credit(rental, { amountCents: 1500, reason: 'The unit was down for a week' });
    expect(credited.statusCode).toBe(201);
    const [creditRow] = await t.db.select().from(accountCredits).where(eq(accountCredits.id, credited.json().id));
    expect(creditRow).toMatchObject({ amountCents: 1500, orderId: rental.orderId });
    const gatewayId = (await customerGatewayId(rental.order.customerId))!;
    const [providerCustomer] = await t.db
      .select()
      .from(localGatewayCustomers)
      .where(eq(localGatewayCustomers.id, gatewayId));
    expect(providerCustomer!.balanceCents).toBe(-1500);

    // The portal: the refund on its invoice, the credit as a line of its own, and the next bill $15 less.
    let portal = await portalOf(rental);
    expect(portal.billing.invoices).toEqual([expect.objectContaining({ id: first!.id, refundedCents: 1000 })]);
    expect(portal.billing.credits).toEqual([
      {
        id: credited.json().id,
        amountCents: 1500,
        reason: 'The unit was down for a week',
        createdAt: expect.any(String),
      },
    ]);
    expect(portal.billing.nextAmountCents).toBe(3900 + 2000 - 1500);

    // The e-mails, sent through the outbox.
    const orderNumber = rental.order.orderNumber;
    const refundEmail = await emailTo(rental.order.customerId, `We refunded $10.00 to your card (${orderNumber})`);
    expect(refundEmail!.body).toContain('We refunded $10.00 of your payment of');
    expect(refundEmail!.body).toContain('Why: Charged twice');
    const creditEmail = await emailTo(rental.order.customerId, 'A credit of $15.00 was added to your account');
    expect(creditEmail!.body).toContain('Why: The unit was down for a week');

    // Audited, on the order and on the customer.
    const actions = (await t.db.select().from(auditEvents)).map((event) => [event.action, event.entityId]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['order.refunded', rental.orderId],
        ['customer.credited', rental.order.customerId],
      ]),
    );

    // The figures: $10 less collected this month; the credit comes off the fee still to be billed.
    const after = await figures();
    expect(after.collectedThisMonth.collectedCents).toBe(before.collectedThisMonth.collectedCents - 1000);
    expect(after.outstanding.unbilledFeesCents).toBe(before.outstanding.unbilledFeesCents + 2000);
    expect(after.outstanding.creditsCents).toBe(1500);
    expect(after.outstanding.totalCents).toBe(
      after.outstanding.openInvoicesCents + after.outstanding.unbilledFeesCents - 1500,
    );

    // The renewal: the provider takes the credit off (as Stripe's starting_balance), and the fee on it is paid.
    await advance(32);
    const renewal = (await ledgerOf(rental.orderId)).invoices.at(-1)!;
    expect(renewal).toMatchObject({ status: 'paid', amountDueCents: 4400, amountPaidCents: 4400 });
    expect(renewal.lines).toEqual(
      expect.arrayContaining([
        ['rent', 3900],
        ['item', 2000],
      ]),
    );
    portal = await portalOf(rental);
    expect(portal.billing.nextAmountCents).toBe(3900);
    expect((await figures()).outstanding.creditsCents).toBe(0);
    // Its receipt lists the credit between the charges and the total.
    const receipt = await emailTo(
      rental.order.customerId,
      `Receipt: $44.00 paid for your AC rental (${rental.order.orderNumber})`,
    );
    expect(receipt!.body).toContain('Account credit applied: -$15.00\nTotal paid: $44.00');

    // A refund of part of the fee, on its line of the renewal; then more than is left of the fee is refused.
    const feeId = fee.json().id;
    expect((await refund(rental, { feeId, amountCents: 500, reason: 'Hose was already worn' })).statusCode).toBe(201);
    const tooMuch = await refund(rental, { feeId, amountCents: 1501, reason: 'Whole fee back' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe('That is more than is left to refund: at most $15.00 of the $20.00 paid');
    portal = await portalOf(rental);
    expect(portal.billing.invoices[0]).toMatchObject({ id: renewal.id, refundedCents: 500 });
  });

  it('refuses more than was paid, a second refund past the total, and bad input: 400, nothing changed', async () => {
    const rental = await paidRental();
    const [first] = (await ledgerOf(rental.orderId)).invoices;
    expect((await refund(rental, { invoiceId: first!.id, amountCents: 3000, reason: 'Most of it' })).statusCode).toBe(
      201,
    );
    const before = await snapshotTables(t.db);
    const refused = [
      [{ invoiceId: first!.id, amountCents: 901, reason: 'A second refund past the total' }, 'That is more than is left to refund: at most $9.00 of the $39.00 paid'], // prettier-ignore
      [{ invoiceId: first!.id, amountCents: 3901, reason: 'More than was paid' }, 'That is more than is left to refund: at most $9.00 of the $39.00 paid'], // prettier-ignore
      [{ invoiceId: first!.id, amountCents: 100 }, 'Invalid request'],
      [{ invoiceId: first!.id, amountCents: 100, reason: '  ' }, 'Invalid request'],
      [{ invoiceId: first!.id, feeId: first!.id, amountCents: 100, reason: 'Both' }, 'Invalid request'],
      [{ amountCents: 100, reason: 'Neither' }, 'Invalid request'],
      [{ invoiceId: first!.id, amountCents: 0, reason: 'Nothing' }, 'Invalid request'],
      [{ invoiceId: first!.id, amountCents: 1.5, reason: 'Half a cent' }, 'Invalid request'],
      [{ invoiceId: first!.id, amountCents: 100, reason: 'x'.repeat(501) }, 'Invalid request'],
      [{ invoiceId: first!.id, amountCents: 100, reason: 'nul \u0000 here' }, null],
      [{ invoiceId: first!.id, amountCents: 100, reason: 'lone \ud800 surrogate' }, null],
    ] as const;
    for (const [payload, message] of refused) {
      const response = await refund(rental, payload);
      expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
      if (message && message !== 'Invalid request') expect(response.json().message).toBe(message);
      expect(response.json().message).toEqual(expect.any(String));
    }
    for (const payload of [
      { amountCents: 0, reason: 'Nothing' },
      { amountCents: 100 },
      { amountCents: 100, reason: 'x'.repeat(100_000) },
    ]) {
      expect((await credit(rental, payload)).statusCode).toBe(400);
    }
    expect(await snapshotTables(t.db)).toEqual(before);
  });

  it('lets two refunds at once together give back no more than was paid', async () => {
    const rental = await paidRental();
    const [first] = (await ledgerOf(rental.orderId)).invoices;
    const answers = await Promise.all(
      [1, 2].map(() => refund(rental, { invoiceId: first!.id, amountCents: 2500, reason: 'Double charge' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    const made = await t.db.select().from(refunds).where(eq(refunds.invoiceId, first!.id));
    expect(made.map((row) => [row.status, row.amountCents])).toEqual([['succeeded', 2500]]);
    const [providerInvoice] = await t.db
      .select()
      .from(localGatewayInvoices)
      .where(eq(localGatewayInvoices.id, first!.id));
    expect(providerInvoice!.creditedCents).toBe(2500);
  });

  it('is for the admin role only', async () => {
    const rental = await paidRental();
    const [first] = (await ledgerOf(rental.orderId)).invoices;
    const staff = await signInAdmin(t, 'staff password long', { role: 'staff' });
    const before = await snapshotTables(t.db);
    const asStaff = await staff.request({
      method: 'POST',
      url: `/api/admin/orders/${rental.orderId}/refunds`,
      payload: { invoiceId: first!.id, amountCents: 100, reason: 'Staff tries' },
    });
    expect(asStaff.statusCode).toBe(403);
    const creditAsStaff = await staff.request({
      method: 'POST',
      url: `/api/admin/customers/${rental.order.customerId}/credits`,
      payload: { amountCents: 100, reason: 'Staff tries' },
    });
    expect(creditAsStaff.statusCode).toBe(403);
    expect(await snapshotTables(t.db)).toEqual(before);
  });
});
