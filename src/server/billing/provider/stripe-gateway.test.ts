import { systemClock } from '@/server/platform/clock';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { firstPeriodBilling } from '@/server/billing/first-month';
import { createUnit, createUnitModel } from '@/server/platform/db/factories';
import { orders, units } from '@/server/platform/db/schema';
import { startStripeFake, type StripeFake } from '@tests/support/stripe-fake';
import { createTestApp, injectOrigin, type TestApp } from '@tests/support/test-app';
import { StripePaymentGateway } from './stripe-gateway';
import { openPaymentPage } from '@tests/support/checkout-fixtures';
import { signWebhookPayload } from './webhook-signature';

const WEBHOOK_SECRET = 'whsec_test_secret_for_the_fake';
let fake: StripeFake;
beforeAll(async () => {
  fake = await startStripeFake();
});
afterAll(async () => fake.close());
afterEach(() => {
  fake.requests.length = 0;
});

function gateway(priceMonthly?: string) {
  return new StripePaymentGateway({
    secretKey: 'sk_test_fake_key',
    webhookSecret: WEBHOOK_SECRET,
    priceMonthly,
    api: fake.api,
    clock: systemClock,
  });
}

const checkoutRequest = (expiresAt = new Date(Date.now() + 30 * 60_000)) => ({
  orderId: randomUUID(),
  orderNumber: 'order-ABCD2345',
  customerEmail: 'renter@example.com',
  gatewayCustomerId: null,
  amountCents: 3900,
  description: 'Monthly AC Rental (12-14k BTU)',
  successUrl: 'https://rent.example/success?session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'https://rent.example/checkout',
  expiresAt,
  renewsAt: new Date('2027-01-16T20:00:00.000Z'),
  interval: 'month' as const,
});

describe('StripePaymentGateway (the real SDK against a local fake of the API)', () => {
  it('creates a subscription-mode Checkout Session at $39/month with an inline price', async () => {
    const request = checkoutRequest();
    const session = await gateway().createCheckoutSession(request);
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`https://checkout.stripe.test/c/pay/${session.id}`);

    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(sent.headers.authorization).toBe('Bearer sk_test_fake_key');
    expect(sent.headers['idempotency-key']).toBe(`checkout-session-${request.orderId}`);
    expect(sent.params).toMatchObject({
      mode: 'subscription',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '3900',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][price_data][product_data][name]': 'Monthly AC Rental (12-14k BTU)',
      customer_email: 'renter@example.com',
      client_reference_id: request.orderId,
      'metadata[orderId]': request.orderId,
      'metadata[orderNumber]': 'order-ABCD2345',
      'subscription_data[metadata][orderId]': request.orderId,
      // The recurring rent starts on start date + 1 month: the first month is paid as a one-time price.
      'subscription_data[trial_end]': String(Date.parse('2027-01-16T20:00:00.000Z') / 1000),
      success_url: 'https://rent.example/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://rent.example/checkout',
    });
    expect(sent.params.customer).toBeUndefined();
    // Stripe's minimum life for a session is 30 minutes; the hold's end is kept when it allows that.
    const expiresAt = Number(sent.params.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 30 * 60);
    expect(expiresAt).toBeLessThanOrEqual(Math.floor(request.expiresAt.getTime() / 1000) + 30);
  });

  it('uses STRIPE_PRICE_MONTHLY and the known Stripe customer when there are', async () => {
    const request = { ...checkoutRequest(new Date(Date.now() + 45 * 60_000)), gatewayCustomerId: 'cus_known' };
    await gateway('price_monthly_39').createCheckoutSession(request);
    const sent = fake.requests[0]!;
    expect(sent.params).toMatchObject({
      'line_items[0][price]': 'price_monthly_39',
      'line_items[0][quantity]': '1',
      customer: 'cus_known',
      expires_at: String(Math.floor(request.expiresAt.getTime() / 1000)),
    });
    expect(sent.params['line_items[0][price_data][unit_amount]']).toBeUndefined();
    expect(sent.params.customer_email).toBeUndefined();
  });

  it('gives the weekly plan its own inline price renewing weekly, even with STRIPE_PRICE_MONTHLY set', async () => {
    const first = firstPeriodBilling('weekly', '2027-01-09', 1500);
    const request = {
      ...checkoutRequest(),
      amountCents: 1500,
      description: 'Weekly AC Rental (12-14k BTU)',
      oneTimeItems: [first.item],
      renewsAt: first.renewsAt,
      interval: first.interval,
    };
    await gateway('price_monthly_39').createCheckoutSession(request);
    const sent = fake.requests[0]!;
    expect(sent.params).toMatchObject({
      mode: 'subscription',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][unit_amount]': '1500',
      'line_items[0][price_data][recurring][interval]': 'week',
      'line_items[0][price_data][product_data][name]': 'Weekly AC Rental (12-14k BTU)',
      // The first week, from the start date, is paid now; the weekly rent starts 7 days after the start date.
      'line_items[1][price_data][unit_amount]': '1500',
      'line_items[1][price_data][product_data][name]': "First week's rent, January 9, 2027 – January 16, 2027",
      'subscription_data[trial_end]': String(Date.parse('2027-01-16T20:00:00.000Z') / 1000),
    });
    expect(sent.params['line_items[0][price]']).toBeUndefined();
    expect(sent.params['line_items[1][price_data][recurring][interval]']).toBeUndefined();
  });

  it('puts a delivery charge on the first invoice as a one-time price line (no recurring)', async () => {
    const request = {
      ...checkoutRequest(),
      oneTimeItems: [{ amountCents: 2500, description: 'Delivery (15.1 mi from our depot)' }],
    };
    await gateway('price_monthly_39').createCheckoutSession(request);
    const sent = fake.requests[0]!;
    expect(sent.params).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_monthly_39',
      'line_items[1][quantity]': '1',
      'line_items[1][price_data][currency]': 'usd',
      'line_items[1][price_data][unit_amount]': '2500',
      'line_items[1][price_data][product_data][name]': 'Delivery (15.1 mi from our depot)',
    });
    expect(sent.params['line_items[1][price_data][recurring][interval]']).toBeUndefined();
  });

  it('opens a Billing Portal session, reads the default card and adds an invoice item', async () => {
    const g = gateway();
    const portal = await g.createBillingPortalSession({
      gatewayCustomerId: 'cus_123',
      returnUrl: 'https://rent.example/portal/abc',
    });
    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/);
    expect(fake.requests[0]).toMatchObject({
      path: '/v1/billing_portal/sessions',
      params: { customer: 'cus_123', return_url: 'https://rent.example/portal/abc' },
    });

    fake.setDefaultCard({ brand: 'mastercard', last4: '4444' });
    expect(await g.getCardOnFile('cus_123')).toEqual({ brand: 'mastercard', last4: '4444' });
    const retrieve = fake.requests[1]!;
    expect(retrieve.method).toBe('GET');
    expect(retrieve.path).toBe('/v1/customers/cus_123');
    expect(retrieve.query.get('expand[0]')).toBe('invoice_settings.default_payment_method');

    fake.setDefaultCard(null);
    expect(await g.getCardOnFile('cus_123')).toBeNull();
    expect(fake.requests[3]).toMatchObject({ method: 'GET', path: '/v1/payment_methods' });
    expect(fake.requests[3]!.query.get('customer')).toBe('cus_123');
    fake.setDefaultCard({ brand: 'visa', last4: '4242' });

    const item = await g.createInvoiceItem({
      gatewayCustomerId: 'cus_123',
      amountCents: 15_000,
      description: 'Damage',
    });
    expect(item.id).toMatch(/^ii_/);
    expect(fake.requests[4]).toMatchObject({
      method: 'POST',
      path: '/v1/invoiceitems',
      params: { customer: 'cus_123', amount: '15000', currency: 'usd', description: 'Damage' },
    });
  });

  it('verifies webhooks with the SDK: Stripe-signed and our own signatures pass, others fail', () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: { object: {} },
    });
    const g = gateway();
    const stripeHeader = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(g.verifyWebhook(payload, stripeHeader).id).toBe('evt_1');
    expect(g.verifyWebhook(Buffer.from(payload), signWebhookPayload(payload, WEBHOOK_SECRET)).id).toBe('evt_1');
    expect(() => g.verifyWebhook(payload, signWebhookPayload(payload, 'whsec_other'))).toThrow(
      'Invalid webhook signature',
    );
    expect(() => g.verifyWebhook(payload, undefined)).toThrow('Missing Stripe-Signature header');
  });
});

describe('create-session with the Stripe adapter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_fake_key', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
      deps: { payments: gateway() },
    });
  });
  afterAll(async () => t.close());

  async function createSession() {
    const model = await createUnitModel(t.db);
    const unit = await createUnit(t.db, { modelId: model.id });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/create-session',
      payload: {
        planType: 'monthly',
        startDate: addDays(todayInLosAngeles(), 1),
        name: 'Jordan Rivera',
        email: `stripe-${randomUUID().slice(0, 8)}@example.com`,
        phone: '(714) 555-0101',
        address: '123 Main Street',
        city: 'Irvine',
        zipCode: '92612',
        modelId: model.id,
      },
    });
    return { response, unit };
  }

  it('sends the customer to Stripe Checkout with the order and the hold in the session', async () => {
    const { response, unit } = await createSession();
    expect(response.statusCode).toBe(200);
    const { orderId, sessionUrl } = response.json();
    // Through our route, which holds the unit for the page (ADR 037), to Stripe's page.
    const { pageUrl, sessionId } = await openPaymentPage(t.app, sessionUrl);
    expect(pageUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.stripeSessionId).toBe(sessionId);
    const sent = fake.requests.find((request) => request.path === '/v1/checkout/sessions')!;
    expect(sent.params).toMatchObject({
      'metadata[orderId]': orderId,
      'metadata[orderNumber]': order!.orderNumber,
      success_url: `${injectOrigin}/success?session_id={CHECKOUT_SESSION_ID}`,
    });
    const [held] = await t.db.select().from(units).where(eq(units.id, unit.id));
    expect(Number(sent.params.expires_at)).toBeGreaterThanOrEqual(Math.floor(held!.heldUntil!.getTime() / 1000));
  });

  it('expires the Checkout Session and frees the unit when the customer comes back by the cancel link', async () => {
    const { response, unit } = await createSession();
    const { sessionId } = await openPaymentPage(t.app, response.json().sessionUrl);
    const sent = fake.requests.find((request) => request.path === '/v1/checkout/sessions')!;
    expect(sent.params.cancel_url).toMatch(/\/checkout\?model=[0-9a-f-]{36}&cancelled=1$/);
    const checkoutCookie = response.cookies.find((cookie) => cookie.name === 'cr_checkout')!.value;
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/cancel',
      cookies: { cr_checkout: checkoutCookie },
    });
    expect(cancel.statusCode).toBe(204);
    expect(fake.requests.some((request) => request.path === `/v1/checkout/sessions/${sessionId}/expire`)).toBe(true);
    const [after] = await t.db.select().from(units).where(eq(units.id, unit.id));
    expect(after).toMatchObject({ heldByOrderId: null, heldUntil: null, status: 'available' });
  });

  it('answers 503 and frees the unit when Stripe is down', async () => {
    fake.failNext(3); // the SDK retries twice
    const { response, unit } = await createSession();
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toMatch(/payment provider/);
    const [after] = await t.db.select().from(units).where(eq(units.id, unit.id));
    expect(after).toMatchObject({ heldByOrderId: null, heldUntil: null, status: 'available' });
    expect(await t.db.select().from(orders).where(eq(orders.modelId, unit.modelId))).toHaveLength(0);
  });
});
