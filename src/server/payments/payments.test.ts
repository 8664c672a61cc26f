import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { createCustomer, createOrder, createUnit, createUnitModel } from '../db/factories';
import {
  customers,
  deliveryTasks,
  emailLogs,
  emailTemplates,
  localGatewaySessions,
  orders,
  paymentEvents,
  units,
} from '../db/schema';
import { systemEmailTemplates } from '../db/seed';
import { startSmtpSink, type SmtpSink } from '@tests/support/smtp-sink';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import type { LocalPaymentGateway } from '../payment-gateway/local-gateway';
import { signWebhookPayload } from '../payment-gateway/webhook-signature';
import { rentUnit } from '../units/rentals';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(emailTemplates).values([...systemEmailTemplates]);
});
afterAll(async () => t.close());

let ipCounter = 0;
const freshIp = () => `10.2.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

const goodCard = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Jordan Rivera' };
const decliningCard = { ...goodCard, cardNumber: '4000 0000 0000 0002' };

interface StartedCheckout {
  orderId: string;
  sessionId: string;
  email: string;
  checkoutCookie: string;
  unitId: string;
}

/** create-session and the agreement, as the checkout page sends them. */
async function startCheckout(app: TestApp): Promise<StartedCheckout> {
  const model = await createUnitModel(app.db);
  const unit = await createUnit(app.db, { modelId: model.id });
  const email = `payer-${randomUUID().slice(0, 8)}@example.com`;
  const created = await app.app.inject({
    method: 'POST',
    url: '/api/checkout/create-session',
    remoteAddress: freshIp(),
    payload: {
      planType: 'monthly',
      startDate: addDays(todayInLosAngeles(), 1),
      name: 'Jordan Rivera',
      email,
      phone: '(714) 555-0101',
      address: '123 Main Street',
      city: 'Irvine',
      zipCode: '92612',
      modelId: model.id,
    },
  });
  expect(created.statusCode).toBe(200);
  const checkoutCookie = created.cookies.find((cookie) => cookie.name === 'cr_checkout')!.value;
  const { orderId, sessionUrl } = created.json();
  const signed = await app.app.inject({
    method: 'POST',
    url: '/api/agreements/create',
    cookies: { cr_checkout: checkoutCookie },
    payload: { orderId, typedName: 'Jordan Rivera', agreed: true },
  });
  expect(signed.statusCode).toBe(201);
  return { orderId, sessionId: sessionUrl.split('/').pop(), email, checkoutCookie, unitId: unit.id };
}

function pay(app: TestApp, sessionId: string, card: Record<string, string>) {
  return app.app.inject({ method: 'POST', url: `/api/pay/sessions/${sessionId}`, payload: card });
}

function completedEvent(checkout: StartedCheckout, eventId = `evt_test_${randomUUID()}`) {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: checkout.sessionId,
        object: 'checkout.session',
        mode: 'subscription',
        payment_status: 'paid',
        status: 'complete',
        customer: `cus_test_${randomUUID().slice(0, 8)}`,
        subscription: `sub_test_${randomUUID().slice(0, 8)}`,
        client_reference_id: checkout.orderId,
        metadata: { orderId: checkout.orderId },
      },
    },
  });
}

function postWebhook(app: TestApp, payload: string, signature: string | undefined) {
  return app.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    // As Stripe sends it.
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
    payload,
  });
}

const sign = (payload: string) => signWebhookPayload(payload, t.config.stripe.webhookSecret);

async function orderRow(app: TestApp, orderId: string) {
  const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
  return order!;
}

async function emailsTo(app: TestApp, orderId: string) {
  const order = await orderRow(app, orderId);
  return app.db.select().from(emailLogs).where(eq(emailLogs.customerId, order.customerId));
}

function outboxMessages(app: TestApp): string[] {
  const dir = path.join(app.dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  // Undo quoted-printable soft line breaks so links read whole.
  return readdirSync(dir).map((file) => readFileSync(path.join(dir, file), 'utf8').replace(/=\r?\n/g, ''));
}

const cookieOf = (response: LightMyRequestResponse, name: string) =>
  response.cookies.find((cookie) => cookie.name === name);

describe('the local payment page', () => {
  it('shows what is being paid for', async () => {
    const checkout = await startCheckout(t);
    const response = await t.app.inject({ url: `/api/pay/sessions/${checkout.sessionId}` });
    expect(response.statusCode).toBe(200);
    const order = await orderRow(t, checkout.orderId);
    expect(response.json()).toMatchObject({
      id: checkout.sessionId,
      kind: 'checkout',
      status: 'open',
      amountCents: 3900,
      description: `Monthly AC Rental (${order.orderNumber})`,
      email: checkout.email,
      cancelUrl: `${t.config.publicUrl}/checkout?model=${order.modelId}`,
    });
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

  it('declines 4000 0000 0000 0002, changes nothing, and lets the customer retry with 4242', async () => {
    const checkout = await startCheckout(t);
    const declined = await pay(t, checkout.sessionId, decliningCard);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe('Your card was declined.');
    expect((await orderRow(t, checkout.orderId)).status).toBe('pending');

    const paid = await pay(t, checkout.sessionId, goodCard);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ redirectUrl: `${t.config.publicUrl}/success?session_id=${checkout.sessionId}` });
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
    expect(tasks).toEqual([
      expect.objectContaining({ type: 'delivery', status: 'pending', scheduledDate: order.startDate }),
    ]);
    const [customer] = await t.db.select().from(customers).where(eq(customers.id, order.customerId));
    expect(customer!.stripeCustomerId).toMatch(/^cus_local_/);

    const logs = await emailsTo(t, order.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ status: 'sent', recipientEmail: checkout.email, sentBy: null });
    expect(logs[0]!.subject).toBe(`Your AC rental is confirmed (${order.orderNumber})`);
    expect(logs[0]!.body).not.toMatch(/\{\{/);
    expect(logs[0]!.body).toContain('Hi Jordan Rivera');
    expect(logs[0]!.body).toContain('Rate: $39.00/month');
    expect(logs[0]!.body).toContain(`${t.config.publicUrl}/auth/link/`);
    expect(logs[0]!.body).toContain(t.config.business.phone);

    const message = outboxMessages(t).find((raw) => raw.includes(order.orderNumber))!;
    expect(message).toContain(`filename=rental-agreement-${order.orderNumber}.pdf`);
    expect(message).toMatch(/Content-Type: application\/pdf/i);
    expect(message).toContain(`${t.config.publicUrl}/auth/link/`);
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

describe('POST /api/payments/webhook', () => {
  it('applies the same event sent 10 times at once exactly once', async () => {
    const checkout = await startCheckout(t);
    const payload = completedEvent(checkout);
    const responses = await Promise.all(Array.from({ length: 10 }, () => postWebhook(t, payload, sign(payload))));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));

    const order = await orderRow(t, checkout.orderId);
    expect(order.status).toBe('active');
    expect(await emailsTo(t, order.id)).toHaveLength(1);
    expect(await t.db.select().from(deliveryTasks).where(eq(deliveryTasks.orderId, order.id))).toHaveLength(1);
    const [events] = await t.db
      .select({ n: count() })
      .from(paymentEvents)
      .where(eq(paymentEvents.id, JSON.parse(payload).id));
    expect(events!.n).toBe(1);
  });

  it('ignores a second, different event for an order that is already active', async () => {
    const checkout = await startCheckout(t);
    for (const payload of [completedEvent(checkout), completedEvent(checkout)]) {
      expect((await postWebhook(t, payload, sign(payload))).statusCode).toBe(200);
    }
    expect(await emailsTo(t, checkout.orderId)).toHaveLength(1);
    expect(await t.db.select().from(deliveryTasks).where(eq(deliveryTasks.orderId, checkout.orderId))).toHaveLength(1);
  });

  it.each([
    ['no signature', () => undefined],
    ['a signature made with another secret', (payload: string) => signWebhookPayload(payload, 'whsec_forged')],
    ['a malformed signature', () => 't=1,v1=deadbeef'],
    [
      'an expired timestamp',
      (payload: string) =>
        signWebhookPayload(payload, t.config.stripe.webhookSecret, Math.floor(Date.now() / 1000) - 3600),
    ],
  ])('answers 400 and changes nothing for %s', async (_label, signatureFor) => {
    const checkout = await startCheckout(t);
    const payload = completedEvent(checkout);
    const response = await postWebhook(t, payload, signatureFor(payload));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('message');
    expect((await orderRow(t, checkout.orderId)).status).toBe('pending');
    expect(
      await t.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.id, JSON.parse(payload).id)),
    ).toHaveLength(0);
  });

  it('answers 400 for a body altered after signing', async () => {
    const checkout = await startCheckout(t);
    const payload = completedEvent(checkout);
    const signature = sign(payload);
    const tampered = payload.replace('"paid"', '"paid" ');
    expect((await postWebhook(t, tampered, signature)).statusCode).toBe(400);
    expect((await orderRow(t, checkout.orderId)).status).toBe('pending');
  });

  it('cancels the order and frees its unit when the session expires unpaid', async () => {
    const checkout = await startCheckout(t);
    const payload = JSON.stringify({
      id: `evt_test_${randomUUID()}`,
      object: 'event',
      type: 'checkout.session.expired',
      data: {
        object: {
          id: checkout.sessionId,
          object: 'checkout.session',
          status: 'expired',
          payment_status: 'unpaid',
          metadata: { orderId: checkout.orderId },
        },
      },
    });
    expect((await postWebhook(t, payload, sign(payload))).statusCode).toBe(200);
    expect((await orderRow(t, checkout.orderId)).status).toBe('cancelled');
    const [unit] = await t.db.select().from(units).where(eq(units.id, checkout.unitId));
    expect(unit).toMatchObject({ status: 'available', heldByOrderId: null });
    const inventory = await t.app.inject({ url: `/api/inventory/${unit!.modelId}` });
    expect(inventory.json()).toEqual({ available: 1 });
  });

  it('accepts and records events it does not act on', async () => {
    const payload = JSON.stringify({
      id: `evt_test_${randomUUID()}`,
      object: 'event',
      type: 'invoice.paid',
      data: { object: {} },
    });
    expect((await postWebhook(t, payload, sign(payload))).statusCode).toBe(200);
    expect(
      await t.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.id, JSON.parse(payload).id)),
    ).toHaveLength(1);
  });

  it('assigns another free unit of the model when the hold was lost before payment arrived', async () => {
    const checkout = await startCheckout(t);
    const [held] = await t.db.select().from(units).where(eq(units.id, checkout.unitId));
    // Someone else rented the held unit after the hold ran out; one more unit of the model is free.
    const someoneElse = await createCustomer(t.db);
    const theirOrder = await createOrder(t.db, {
      customerId: someoneElse.id,
      modelId: held!.modelId,
      status: 'active',
    });
    await t.db.transaction((tx) => rentUnit(tx, { unitId: held!.id, orderId: theirOrder.id }));
    const spare = await createUnit(t.db, { modelId: held!.modelId });
    const payload = completedEvent(checkout);
    expect((await postWebhook(t, payload, sign(payload))).statusCode).toBe(200);
    expect(await orderRow(t, checkout.orderId)).toMatchObject({ status: 'active', unitId: spare.id });
  });
});

describe('after payment', () => {
  it('signs the paying browser in on /success and shows the order details', async () => {
    const checkout = await startCheckout(t);
    await pay(t, checkout.sessionId, goodCard);
    const success = await t.app.inject({
      url: `/api/checkout/success?session_id=${checkout.sessionId}`,
      cookies: { cr_checkout: checkout.checkoutCookie },
    });
    expect(success.statusCode).toBe(200);
    const order = await orderRow(t, checkout.orderId);
    expect(success.json()).toMatchObject({
      status: 'active',
      orderId: order.id,
      orderNumber: order.orderNumber,
      signedIn: true,
      details: {
        planType: 'monthly',
        btuTier: '12-14k',
        priceCents: 3900,
        monthsMin: 4,
        customerName: 'Jordan Rivera',
      },
      agreementPdfUrl: expect.stringMatching(/^\/api\/agreements\/[0-9a-f-]{36}\/pdf$/),
    });
    const session = cookieOf(success, 'cr_session')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    const portal = await t.app.inject({ url: `/api/portal/${order.id}`, cookies: { cr_session: session.value } });
    expect(portal.statusCode).toBe(200);
    expect(portal.json().paymentMethod).toEqual({ brand: 'visa', last4: '4242' });
  });

  it('does not sign in a browser without the checkout cookie', async () => {
    const checkout = await startCheckout(t);
    await pay(t, checkout.sessionId, goodCard);
    const success = await t.app.inject({ url: `/api/checkout/success?session_id=${checkout.sessionId}` });
    expect(success.json()).toMatchObject({ status: 'active', signedIn: false, details: null });
    expect(cookieOf(success, 'cr_session')).toBeUndefined();
  });

  it('lets the customer change the card on file through the billing portal page', async () => {
    const checkout = await startCheckout(t);
    await pay(t, checkout.sessionId, goodCard);
    const success = await t.app.inject({
      url: `/api/checkout/success?session_id=${checkout.sessionId}`,
      cookies: { cr_checkout: checkout.checkoutCookie },
    });
    const sessionCookie = cookieOf(success, 'cr_session')!.value;
    const order = await orderRow(t, checkout.orderId);
    const portal = await t.app.inject({
      method: 'POST',
      url: '/api/billing-portal',
      cookies: { cr_session: sessionCookie },
      payload: { customerId: order.customerId, orderId: order.id },
    });
    expect(portal.statusCode).toBe(200);
    const portalSessionId = portal.json().url.split('/').pop();
    expect(portal.json().url).toBe(`${t.config.publicUrl}/pay/${portalSessionId}`);

    const page = await t.app.inject({ url: `/api/pay/sessions/${portalSessionId}` });
    expect(page.json()).toMatchObject({ kind: 'portal', cardOnFile: { brand: 'visa', last4: '4242' } });
    expect((await pay(t, portalSessionId, decliningCard)).statusCode).toBe(402);
    const updated = await pay(t, portalSessionId, { ...goodCard, cardNumber: '5555 5555 5555 4444' });
    expect(updated.json()).toEqual({ redirectUrl: `${t.config.publicUrl}/portal/${order.id}` });

    const view = await t.app.inject({ url: `/api/portal/${order.id}`, cookies: { cr_session: sessionCookie } });
    expect(view.json().paymentMethod).toEqual({ brand: 'mastercard', last4: '4444' });
  });
});

describe('a confirmation e-mail that cannot be sent', () => {
  let sink: SmtpSink;
  let failing: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    failing = await createTestApp({ env: { SMTP_URL: sink.rejectingUrl } });
    await failing.db.insert(emailTemplates).values([...systemEmailTemplates]);
  });
  afterAll(async () => {
    await failing.close();
    await sink.close();
  });

  it('is logged as failed and does not undo the activation', async () => {
    const checkout = await startCheckout(failing);
    expect((await pay(failing, checkout.sessionId, goodCard)).statusCode).toBe(200);
    expect((await orderRow(failing, checkout.orderId)).status).toBe('active');
    const logs = await emailsTo(failing, checkout.orderId);
    expect(logs).toHaveLength(1);
    expect(logs[0]!.status).toBe('failed');
  });
});
