import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { injectOrigin } from '@tests/support/test-app';
import type { BillingClock } from '@/server/platform/clock';
import { customers, deliveryTasks, localGatewaySessions, units } from '@/server/platform/db/schema';
import type { LocalPaymentGateway } from '@/server/billing/provider/local-gateway';
import {
  createPaymentsTestApp,
  decliningCard,
  emailsTo,
  goodCard,
  orderRow,
  outboxMessages,
  pay,
  postWebhook,
  startCheckout,
  startPaymentsTestApp,
} from '@tests/support/payment-fixtures';

const t = await startPaymentsTestApp();

describe('the local payment page', () => {
  it('shows what is being paid for', async () => {
    const checkout = await startCheckout(t);
    const response = await t.app.inject({
      url: `/api/pay/sessions/${checkout.sessionId}`,
      cookies: { cr_checkout: checkout.checkoutCookie },
    });
    expect(response.statusCode).toBe(200);
    const order = await orderRow(t, checkout.orderId);
    expect(response.json()).toMatchObject({
      id: checkout.sessionId,
      kind: 'checkout',
      status: 'open',
      amountCents: 3900,
      description: `Monthly AC Rental (${order.orderNumber})`,
      email: checkout.email,
      cancelUrl: `${injectOrigin}/checkout?model=${order.modelId}&cancelled=1`,
    });
  });

  it('masks the e-mail and order number for a browser that did not start the checkout', async () => {
    const checkout = await startCheckout(t);
    const order = await orderRow(t, checkout.orderId);
    const stranger = await t.app.inject({ url: `/api/pay/sessions/${checkout.sessionId}` });
    expect(stranger.statusCode).toBe(200);
    const view = stranger.json();
    expect(view.email).toBe(`${checkout.email[0]}•••@example.com`);
    expect(view.description).toBe(`Monthly AC Rental (${order.orderNumber.slice(0, 8)}${'•'.repeat(6)})`);
    expect(stranger.body).not.toContain(checkout.email);
    expect(stranger.body).not.toContain(order.orderNumber);
    // A forged cookie is no one's.
    const forged = await t.app.inject({
      url: `/api/pay/sessions/${checkout.sessionId}`,
      cookies: { cr_checkout: `${checkout.orderId}.forged` },
    });
    expect(forged.body).not.toContain(checkout.email);
  });

  it('answers 404 for an unknown session', async () => {
    expect((await t.app.inject({ url: '/api/pay/sessions/cs_local_nope' })).statusCode).toBe(404);
  });

  it.each([
    ['cardNumber', { cardNumber: '4242 4242' }, 'Your card number is incomplete.'],
    ['cardNumber', { cardNumber: '4242 4242 4242 4241' }, 'Your card number is invalid.'],
    ['expiry', { expiry: '13/30' }, "Your card's expiration date is incomplete."],
    ['expiry', { expiry: '01/20' }, "Your card's expiration year is in the past."],
    ['cvc', { cvc: '1' }, "Your card's security code is incomplete."],
    ['name', { name: ' ' }, 'Please enter the name on the card.'],
  ])('refuses a bad %s with its message', async (field, change, message) => {
    const checkout = await startCheckout(t);
    const response = await pay(t, checkout.sessionId, { ...goodCard, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
  });

  it('declines 4000 0000 0000 0002, gives the unit back at once, and lets the customer retry with 4242', async () => {
    const checkout = await startCheckout(t);
    const declined = await pay(t, checkout.sessionId, decliningCard);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe('Your card was declined.');
    expect((await orderRow(t, checkout.orderId)).status).toBe('pending');
    // The declined checkout no longer holds its unit: the catalog offers it again.
    const [unit] = await t.db.select().from(units).where(eq(units.id, checkout.unitId));
    expect(unit).toMatchObject({ heldByOrderId: null, heldUntil: null, heldForClient: null, status: 'available' });
    const stock = await t.app.inject({ url: `/api/inventory/${unit!.modelId}` });
    expect(stock.json()).toEqual({ available: 1, held: 0 });

    const paid = await pay(t, checkout.sessionId, goodCard);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ redirectUrl: `${injectOrigin}/success?session_id=${checkout.sessionId}` });
    expect((await orderRow(t, checkout.orderId)).status).toBe('active');
  });

  it('activates the order through the signed webhook: unit rented, delivery task, customer linked, e-mail sent', async () => {
    const checkout = await startCheckout(t);
    expect((await pay(t, checkout.sessionId, goodCard)).statusCode).toBe(200);

    const order = await orderRow(t, checkout.orderId);
    expect(order).toMatchObject({ status: 'active', unitId: checkout.unitId });
    expect(order.stripeSubscriptionId).toMatch(/^sub_local_/);
    const [unit] = await t.db.select().from(units).where(eq(units.id, checkout.unitId));
    expect(unit).toMatchObject({ status: 'rented', currentOrderId: order.id, heldByOrderId: null, heldUntil: null });
    const tasks = await t.db.select().from(deliveryTasks).where(eq(deliveryTasks.orderId, order.id));
    // Booked in the window the checkout took (ADR 035): the earliest open one from the start date.
    expect(tasks).toEqual([
      expect.objectContaining({
        type: 'delivery',
        status: 'scheduled',
        scheduledDate: order.deliveryWindowDate,
        timeWindow: `${order.deliveryWindowStart}-${order.deliveryWindowEnd}`,
      }),
    ]);
    expect(order.deliveryWindowDate! >= order.startDate).toBe(true);
    const [customer] = await t.db.select().from(customers).where(eq(customers.id, order.customerId));
    expect(customer!.stripeCustomerId).toMatch(/^cus_local_/);

    const logs = await emailsTo(t, order.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ status: 'sent', recipientEmail: checkout.email, sentBy: null });
    expect(logs[0]!.subject).toBe(`Your AC rental is confirmed (${order.orderNumber})`);
    expect(logs[0]!.body).not.toMatch(/\{\{/);
    expect(logs[0]!.body).toContain('Hi Jordan Rivera');
    expect(logs[0]!.body).toContain('Rate: $39.00/month');
    expect(logs[0]!.body).toContain(`${injectOrigin}/auth/link/`);
    expect(logs[0]!.body).toContain(t.config.business.phone);

    const message = outboxMessages(t).find((raw) => raw.includes(order.orderNumber))!;
    expect(message).toContain(`filename=rental-agreement-${order.orderNumber}.pdf`);
    expect(message).toMatch(/Content-Type: application\/pdf/i);
    expect(message).toContain(`${injectOrigin}/auth/link/`);
  });

  it('sends no second event or e-mail when the same card form is submitted twice', async () => {
    const checkout = await startCheckout(t);
    const [first, second] = await Promise.all([
      pay(t, checkout.sessionId, goodCard),
      pay(t, checkout.sessionId, goodCard),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json()).toEqual(first.json());
    expect(await emailsTo(t, checkout.orderId)).toHaveLength(1);
  });

  it('refuses payment after the session expired, then cancels the order and frees the unit', async () => {
    const checkout = await startCheckout(t);
    await t.db
      .update(localGatewaySessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(localGatewaySessions.id, checkout.sessionId));
    const late = await pay(t, checkout.sessionId, goodCard);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/expired/);
    expect((await orderRow(t, checkout.orderId)).status).toBe('cancelled');
    const [unit] = await t.db.select().from(units).where(eq(units.id, checkout.unitId));
    expect(unit).toMatchObject({ status: 'available', heldByOrderId: null, heldUntil: null });
  });
  it('expires unpaid sessions in the background sweep with a signed event the webhook accepts', async () => {
    const checkout = await startCheckout(t);
    await t.db
      .update(localGatewaySessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(localGatewaySessions.id, checkout.sessionId));
    const gateway = t.deps.payments as LocalPaymentGateway;
    const events = await gateway.expireDueSessions();
    const mine = events.filter((event) => event.payload.includes(checkout.sessionId));
    expect(mine).toHaveLength(1);
    expect(JSON.parse(mine[0]!.payload)).toMatchObject({ type: 'checkout.session.expired', object: 'event' });
    expect((await postWebhook(t, mine[0]!.payload, mine[0]!.signature)).statusCode).toBe(200);
    expect((await orderRow(t, checkout.orderId)).status).toBe('cancelled');
    expect(await gateway.expireDueSessions()).toEqual([]);
  });
});

describe('the confirmation on the demo’s billing clock', () => {
  it('carries a sign-in link that opens while the clock runs weeks ahead of the machine', async () => {
    const ahead = await createPaymentsTestApp();
    try {
      const clock = ahead.deps.clock as BillingClock;
      clock.moveTo(new Date(Date.now() + 30 * 86_400_000));
      const checkout = await startCheckout(ahead);
      expect((await pay(ahead, checkout.sessionId, goodCard)).statusCode).toBe(200);
      const [confirmation] = await emailsTo(ahead, checkout.orderId);
      const token = /\/auth\/link\/([\w-]+)/.exec(confirmation!.body)![1]!;
      const opened = await ahead.app.inject({ method: 'POST', url: `/api/auth/link/${token}` });
      expect(opened.statusCode, opened.body).toBe(200);
    } finally {
      await ahead.close();
    }
  });
});
