import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { CUSTOMER_SESSION_COOKIE } from '@/server/platform/auth/customer-sessions';
import { createCustomer, createOrder, createUnitModel } from '@/server/platform/db/factories';
import { accountCredits, emailLogs, refunds } from '@/server/platform/db/schema';
import { signWebhookPayload } from '@/server/billing/provider/webhook-signature';
import { runScheduledWork } from '@/server/scheduled-work';
import { signInAdmin } from '@tests/support/admin-client';
import { createPaymentsTestApp, postWebhook } from '@tests/support/payment-fixtures';
import { startStripeFake, stripeGatewayFor } from '@tests/support/stripe-fake';
import { snapshotTables } from '@tests/support/table-snapshot';

/**
 * Issue 27 item 4 with the Stripe adapter (the real SDK against the fake of Stripe's API): a partial refund of a paid
 * invoice (a credit note with refund_amount) and a credit (a customer balance transaction) each show in the portal,
 * the e-mail, the ledger and the figures; Stripe's refusal is a 502 that changes nothing.
 */
const stripe = await startStripeFake();
const t = await createPaymentsTestApp({ deps: { payments: stripeGatewayFor(stripe) } });
const admin = await signInAdmin(t);
const modelId = (await createUnitModel(t.db)).id;
afterAll(async () => {
  await t.close();
  await stripe.close();
});

/** A completed rental whose $75 damage fee Stripe billed on an invoice of its own, paid, and told us so. */
async function paidFeeInvoice() {
  const customer = await createCustomer(t.db, { stripeCustomerId: `cus_${randomUUID().slice(0, 8)}` });
  const order = await createOrder(t.db, { customerId: customer.id, modelId, status: 'completed' });
  const fee = await admin.request({
    method: 'POST',
    url: '/api/admin/additional-fees',
    payload: { customerId: customer.id, orderId: order.id, feeType: 'damage', description: 'Cracked hose', amountCents: 7500 }, // prettier-ignore
  });
  expect(fee.statusCode).toBe(201);
  await runScheduledWork(t.deps, t.deps.clock.now(), { error: () => undefined });
  const invoice = [...stripe.invoices.invoices.values()].find((i) => i.customer === customer.stripeCustomerId)!;
  const payload = JSON.stringify({
    id: `evt_${randomUUID()}`,
    object: 'event',
    type: 'invoice.paid',
    created: Math.floor(Date.now() / 1000),
    data: { object: invoice },
  });
  expect((await postWebhook(t, payload, signWebhookPayload(payload, 'whsec_fake'))).statusCode).toBe(200);
  return { customer, order, invoice, feeId: fee.json().id as string };
}

async function portalOf(rental: Awaited<ReturnType<typeof paidFeeInvoice>>) {
  const access = await t.app.inject({
    method: 'POST',
    url: '/api/account-access',
    payload: { orderNumber: rental.order.orderNumber, email: rental.customer.email },
    remoteAddress: `10.9.1.${Math.floor(Math.random() * 250) + 1}`,
  });
  const session = access.cookies.find((cookie) => cookie.name === CUSTOMER_SESSION_COOKIE)!.value;
  return (await t.app.inject({ url: `/api/portal/${rental.order.id}`, cookies: { [CUSTOMER_SESSION_COOKIE]: session } })).json(); // prettier-ignore
}

const figures = async () => {
  const stats = (await admin.request({ method: 'GET', url: '/api/admin/stats' })).json();
  const analytics = (await admin.request({ method: 'GET', url: '/api/admin/analytics' })).json();
  expect({ ...analytics.figures, asOf: null }).toEqual({ ...stats.figures, asOf: null });
  return stats.figures;
};

describe('refunds and credits (Stripe)', () => {
  it('a partial refund and a credit each show in the portal, the e-mail, the ledger and the figures', async () => {
    const rental = await paidFeeInvoice();
    const before = await figures();
    const refunded = await admin.request({
      method: 'POST',
      url: `/api/admin/orders/${rental.order.id}/refunds`,
      payload: { feeId: rental.feeId, amountCents: 2500, reason: 'Part of the hose was worn already' },
    });
    expect(refunded.statusCode).toBe(201);
    // Stripe made a credit note that refunds $25 of the fee's line.
    const [note] = [...stripe.moneyBack.creditNotes.values()].filter((n) => n.invoice === rental.invoice.id);
    expect(note).toMatchObject({ amount: 2500, post_payment_amount: 2500, memo: 'Part of the hose was worn already' });
    expect(note!.lines.data[0].invoice_line_item).toBe(rental.invoice.lines.data[0].id);
    const [row] = await t.db.select().from(refunds).where(eq(refunds.id, refunded.json().id));
    expect(row).toMatchObject({ status: 'succeeded', providerRefundId: note!.id, invoiceId: rental.invoice.id });

    const credited = await admin.request({
      method: 'POST',
      url: `/api/admin/customers/${rental.customer.id}/credits`,
      payload: { amountCents: 1000, reason: 'Sorry for the wait' },
    });
    expect(credited.statusCode).toBe(201);
    expect(stripe.moneyBack.balances.get(rental.customer.stripeCustomerId!)).toBe(-1000);
    const [creditRow] = await t.db.select().from(accountCredits).where(eq(accountCredits.id, credited.json().id));
    expect(creditRow!.providerTransactionId).toMatch(/^cbtxn_/);

    const portal = await portalOf(rental);
    expect(portal.billing.invoices).toEqual([expect.objectContaining({ id: rental.invoice.id, refundedCents: 2500 })]);
    expect(portal.billing.credits).toEqual([expect.objectContaining({ amountCents: 1000, reason: 'Sorry for the wait' })]); // prettier-ignore
    const subjects = (
      await t.db
        .select()
        .from(emailLogs)
        .where(and(eq(emailLogs.customerId, rental.customer.id)))
    ).map((email) => email.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        `We refunded $25.00 to your card (${rental.order.orderNumber})`,
        'A credit of $10.00 was added to your account',
      ]),
    );
    const after = await figures();
    expect(after.collectedThisMonth.collectedCents).toBe(before.collectedThisMonth.collectedCents - 2500);
  });

  it("answers 502 with Stripe's reason when Stripe refuses, and changes nothing", async () => {
    const rental = await paidFeeInvoice();
    const before = await snapshotTables(t.db);
    stripe.failNext(3);
    const refused = await admin.request({
      method: 'POST',
      url: `/api/admin/orders/${rental.order.id}/refunds`,
      payload: { invoiceId: rental.invoice.id, amountCents: 100, reason: 'Goodwill' },
    });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe('The payment provider refused the refund: The fake is failing on purpose.');
    stripe.failNext(3);
    const creditRefused = await admin.request({
      method: 'POST',
      url: `/api/admin/customers/${rental.customer.id}/credits`,
      payload: { amountCents: 100, reason: 'Goodwill' },
    });
    expect(creditRefused.statusCode).toBe(502);
    expect(await snapshotTables(t.db)).toEqual(before);
  });
});
