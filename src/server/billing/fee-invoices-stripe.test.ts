import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { CUSTOMER_SESSION_COOKIE } from '@/server/platform/auth/customer-sessions';
import { createCustomer, createOrder, createUnitModel } from '@/server/platform/db/factories';
import { additionalFees, emailLogs, invoices, subscriptions } from '@/server/platform/db/schema';
import { signWebhookPayload } from '@/server/billing/provider/webhook-signature';
import { runScheduledWork } from '@/server/scheduled-work';
import { signInAdmin } from '@tests/support/admin-client';
import { createPaymentsTestApp, postWebhook } from '@tests/support/payment-fixtures';
import { startStripeFake, stripeGatewayFor } from '@tests/support/stripe-fake';

/**
 * Issue 27's acceptance with the Stripe adapter (the real SDK against the fake of Stripe's API): a fee added after
 * the order ended is billed on an invoice of its own; what Stripe then posts (invoice.paid, invoice.payment_failed,
 * the fake's own invoice objects) settles it, or gives the customer the hosted invoice page by e-mail and in the portal.
 */
const stripe = await startStripeFake();
const t = await createPaymentsTestApp({ deps: { payments: stripeGatewayFor(stripe) } });
const admin = await signInAdmin(t);
const modelId = (await createUnitModel(t.db)).id;
afterAll(async () => {
  await t.close();
  await stripe.close();
});
const runOnce = () => runScheduledWork(t.deps, t.deps.clock.now(), { error: () => undefined });

/** A rental whose billing ended on Stripe: the ledger holds its subscription as canceled. */
async function endedRental() {
  const customer = await createCustomer(t.db, { stripeCustomerId: `cus_${randomUUID().slice(0, 8)}` });
  const order = await createOrder(t.db, { customerId: customer.id, modelId, status: 'completed' });
  const ended = new Date(Date.now() - 86_400_000);
  await t.db.insert(subscriptions).values({
    id: `sub_${randomUUID().slice(0, 8)}`,
    orderId: order.id,
    gatewayCustomerId: customer.stripeCustomerId,
    status: 'canceled',
    currentPeriodStart: new Date(ended.getTime() - 20 * 86_400_000),
    currentPeriodEnd: new Date(ended.getTime() + 10 * 86_400_000),
    canceledAt: ended,
    endedAt: ended,
    stateAt: ended,
  });
  return { customer, order };
}

async function addDamageFee(rental: Awaited<ReturnType<typeof endedRental>>) {
  const created = await admin.request({
    method: 'POST',
    url: '/api/admin/additional-fees',
    payload: {
      customerId: rental.customer.id,
      orderId: rental.order.id,
      feeType: 'damage',
      description: 'Cracked exhaust hose after pickup',
      amountCents: 7500,
    },
  });
  expect(created.statusCode).toBe(201);
  return created.json() as { id: string; invoiceId: string | null };
}

/** Stripe posts the invoice, as it now stands, in an event of this type. */
async function stripePosts(type: string, invoiceId: string) {
  const payload = JSON.stringify({
    id: `evt_${randomUUID()}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: stripe.invoices.invoices.get(invoiceId) },
  });
  expect((await postWebhook(t, payload, signWebhookPayload(payload, 'whsec_fake'))).statusCode).toBe(200);
}

async function portalOf(rental: Awaited<ReturnType<typeof endedRental>>) {
  const access = await t.app.inject({
    method: 'POST',
    url: '/api/account-access',
    payload: { orderNumber: rental.order.orderNumber, email: rental.customer.email },
    remoteAddress: `10.9.0.${Math.floor(Math.random() * 250) + 1}`,
  });
  expect(access.statusCode).toBe(200);
  const session = access.cookies.find((cookie) => cookie.name === CUSTOMER_SESSION_COOKIE)!.value;
  const portal = await t.app.inject({
    url: `/api/portal/${rental.order.id}`,
    cookies: { [CUSTOMER_SESSION_COOKIE]: session },
  });
  expect(portal.statusCode).toBe(200);
  return portal.json();
}

const feeRow = async (id: string) => (await t.db.select().from(additionalFees).where(eq(additionalFees.id, id)))[0]!;
const emailsOf = (customerId: string, subject: string) =>
  t.db
    .select()
    .from(emailLogs)
    .where(and(eq(emailLogs.customerId, customerId), eq(emailLogs.subject, subject)));

describe('a fee added after the order ended (Stripe)', () => {
  it('is paid on its own invoice with a good card, settled by invoice.paid, and the receipt lists it', async () => {
    const rental = await endedRental();
    const fee = await addDamageFee(rental);
    await runOnce();
    const [invoice] = [...stripe.invoices.invoices.values()].filter(
      (i) => i.customer === rental.customer.stripeCustomerId,
    );
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_paid: 7500,
      parent: null,
      metadata: { orderId: rental.order.id },
    });
    expect(await feeRow(fee.id)).toMatchObject({ invoiceId: invoice!.id });

    await stripePosts('invoice.paid', invoice!.id);
    await runOnce();
    expect(await feeRow(fee.id)).toMatchObject({ status: 'paid', invoiceId: invoice!.id });
    const [ledger] = await t.db.select().from(invoices).where(eq(invoices.id, invoice!.id));
    expect(ledger).toMatchObject({ orderId: rental.order.id, subscriptionId: null, status: 'paid' });
    const [receipt] = await emailsOf(
      rental.customer.id,
      `Receipt: $75.00 paid for your AC rental (${rental.order.orderNumber})`,
    );
    expect(receipt!.body).toContain('Fee: Cracked exhaust hose after pickup: $75.00\nTotal paid: $75.00');
    expect((await portalOf(rental)).fees).toEqual([expect.objectContaining({ status: 'paid', ownInvoice: true })]);
  });

  it('with a failing card: the hosted invoice page in the e-mail and the portal', async () => {
    const rental = await endedRental();
    stripe.invoices.decliningCustomers.add(rental.customer.stripeCustomerId!);
    const fee = await addDamageFee(rental);
    await runOnce();
    const invoiceId = (await feeRow(fee.id)).invoiceId!;
    const payUrl = `https://invoice.stripe.test/i/${invoiceId}`;
    expect(stripe.invoices.invoices.get(invoiceId)).toMatchObject({ status: 'open', hosted_invoice_url: payUrl });

    await stripePosts('invoice.payment_failed', invoiceId);
    await runOnce();
    const [failed] = await emailsOf(
      rental.customer.id,
      `Action needed: your payment for ${rental.order.orderNumber} did not go through`,
    );
    expect(failed!.body).toContain(`To fix your card and pay now: ${payUrl}`);
    const portal = await portalOf(rental);
    expect(portal.fees).toEqual([
      expect.objectContaining({ status: 'pending', ownInvoice: true, invoice: { status: 'open', url: payUrl } }),
    ]);
    expect(portal.billing.invoices).toEqual([expect.objectContaining({ id: invoiceId, status: 'open', url: payUrl })]);
  });
});
