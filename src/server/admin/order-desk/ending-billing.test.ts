import { firstMonthBilling } from '@/server/billing/first-month';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { cardPaymentInput } from '@/contracts/payments';
import { createCustomer, createOrder, createUnit, createUnitModel } from '@/server/platform/db/factories';
import { auditEvents, localGatewaySubscriptions, orders, units } from '@/server/platform/db/schema';
import type { LocalPaymentGateway } from '@/server/billing/provider/local-gateway';
import { rentUnit } from '@/server/rentals/units/rentals';
import { startStripeFake, stripeGatewayFor } from '@tests/support/stripe-fake';
import { createTestApp } from '@tests/support/test-app';
import { signInAdmin } from '@tests/support/admin-client';
import { changeOrderStatus } from '@/server/rentals/orders/status-change';

const t = await createTestApp();
const admin = await signInAdmin(t);
const modelId = (await createUnitModel(t.db)).id;
const stripe = await startStripeFake();
const gateway = stripeGatewayFor(stripe);
afterAll(async () => {
  await stripe.close();
  await t.close();
});

async function activeRental(subscriptionId: string | null) {
  const customer = await createCustomer(t.db);
  const unit = await createUnit(t.db, { modelId });
  const order = await createOrder(t.db, {
    customerId: customer.id,
    modelId,
    unitId: unit.id,
    status: 'active',
    stripeSubscriptionId: subscriptionId,
  });
  await t.db.transaction((tx) => rentUnit(tx, { unitId: unit.id, orderId: order.id }));
  return { customer, unit, order };
}

/** A rental paid on the local gateway's page, so the gateway holds its subscription as Stripe would. */
async function rentalPaidLocally() {
  const rental = await activeRental(null);
  const gateway = t.deps.payments as LocalPaymentGateway;
  const session = await gateway.createCheckoutSession({
    orderId: rental.order.id,
    orderNumber: rental.order.orderNumber,
    customerEmail: rental.customer.email,
    gatewayCustomerId: null,
    amountCents: 3900,
    description: 'Monthly AC Rental',
    interval: 'month',
    successUrl: 'http://localhost/success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost/checkout',
    expiresAt: new Date(Date.now() + 30 * 60_000),
    renewsAt: firstMonthBilling(rental.order.startDate, 3900).renewsAt,
  });
  const card = cardPaymentInput.parse({
    cardNumber: '4242 4242 4242 4242',
    expiry: '12 / 34',
    cvc: '123',
    name: 'J R',
  });
  expect((await gateway.pay(session.id, card)).kind).toBe('paid');
  const [subscription] = await t.db
    .select()
    .from(localGatewaySubscriptions)
    .where(eq(localGatewaySubscriptions.orderId, rental.order.id));
  await t.db.update(orders).set({ stripeSubscriptionId: subscription!.id }).where(eq(orders.id, rental.order.id));
  return { ...rental, subscriptionId: subscription!.id };
}

const changeStatus = (orderId: string, status: string) =>
  admin.request({ method: 'POST', url: `/api/admin/orders/${orderId}/status`, payload: { status } });
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const unitRow = async (id: string) => (await t.db.select().from(units).where(eq(units.id, id)))[0]!;

describe('ending an order ends its billing (embedded gateway)', () => {
  it.each(['completed', 'cancelled'])('marking an active order %s cancels its subscription now', async (status) => {
    const { order, subscriptionId } = await rentalPaidLocally();
    const [before] = await t.db
      .select()
      .from(localGatewaySubscriptions)
      .where(eq(localGatewaySubscriptions.id, subscriptionId));
    expect(before).toMatchObject({ status: 'active', endedAt: null, amountCents: 3900 });

    const response = await changeStatus(order.id, status);
    expect(response.statusCode).toBe(200);

    const [after] = await t.db
      .select()
      .from(localGatewaySubscriptions)
      .where(eq(localGatewaySubscriptions.id, subscriptionId));
    expect(after).toMatchObject({ status: 'canceled', cancelAt: null });
    expect(after!.endedAt).toBeInstanceOf(Date);
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, order.id), eq(auditEvents.action, 'order.billing_ended')));
    expect(audit).toMatchObject({
      actorId: admin.adminUserId,
      details: { subscriptionId, status: 'canceled', endsAt: after!.endedAt!.toISOString() },
    });
  });

  it('cancels a pending order, which bills nothing yet, without asking the provider', async () => {
    const customer = await createCustomer(t.db);
    const order = await createOrder(t.db, { customerId: customer.id, modelId });
    expect((await changeStatus(order.id, 'cancelled')).statusCode).toBe(200);
    expect((await orderRow(order.id)).status).toBe('cancelled');
  });

  it('changes nothing when the provider does not know the subscription, and says so', async () => {
    const { order, unit } = await activeRental('sub_nobody_knows');
    const response = await changeStatus(order.id, 'completed');
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe(
      "The payment provider did not end the subscription, so the order was not changed: No such subscription: 'sub_nobody_knows'",
    );
    expect(await orderRow(order.id)).toMatchObject({ status: 'active', endDate: null, unitId: unit.id });
    expect(await unitRow(unit.id)).toMatchObject({ status: 'rented', currentOrderId: order.id });
  });
});

describe('ending an order ends its billing (Stripe adapter against the local fake)', () => {
  it('cancels the subscription on Stripe with a final invoice, then ends the order', async () => {
    const { order, unit } = await activeRental('sub_stripe_complete');
    await changeOrderStatus(
      { db: t.db, payments: gateway },
      admin.adminUserId,
      order.id,
      { status: 'completed' },
      new Date(),
    );

    expect(stripe.requests.map((request) => `${request.method} ${request.path}?${request.query}`)).toEqual([
      'DELETE /v1/subscriptions/sub_stripe_complete?invoice_now=true&prorate=false',
    ]);
    expect(stripe.subscriptions.get('sub_stripe_complete')).toMatchObject({ status: 'canceled' });
    expect((await orderRow(order.id)).status).toBe('completed');
    expect(await unitRow(unit.id)).toMatchObject({ status: 'available', currentOrderId: null });
  });

  it('keeps the order active, with its unit, when Stripe refuses', async () => {
    const { order, unit } = await activeRental('sub_stripe_down');
    stripe.failNext(3); // the SDK retries a 500 twice
    await expect(
      changeOrderStatus(
        { db: t.db, payments: gateway },
        admin.adminUserId,
        order.id,
        { status: 'completed' },
        new Date(),
      ),
    ).rejects.toThrow(
      'The payment provider did not end the subscription, so the order was not changed: The fake is failing on purpose.',
    );
    expect(await orderRow(order.id)).toMatchObject({ status: 'active', endDate: null, unitId: unit.id });
    expect(await unitRow(unit.id)).toMatchObject({ status: 'rented', currentOrderId: order.id });
    const audits = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, order.id));
    expect(audits).toEqual([]);
  });
});
