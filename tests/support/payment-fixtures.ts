import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, expect } from 'vitest';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { signWebhookPayload } from '@/server/billing/provider/webhook-signature';
import { createUnit, createUnitModel } from '@/server/platform/db/factories';
import { emailLogs, emailTemplates, orders } from '@/server/platform/db/schema';
import { systemEmailTemplates } from '@/server/platform/db/system-email-templates';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { openPaymentPage } from '@tests/support/checkout-fixtures';

/** Shared by the payments-*.test.ts files: a checkout started as the browser does, then paid or confirmed. */

/** The real app with the system e-mail templates the confirmation needs. */
export async function createPaymentsTestApp(options: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp> {
  const app = await createTestApp(options);
  await app.db.insert(emailTemplates).values([...systemEmailTemplates]);
  return app;
}

/** createPaymentsTestApp for a test file's top level: the app closes after the file's tests. */
export async function startPaymentsTestApp(): Promise<TestApp> {
  const app = await createPaymentsTestApp();
  afterAll(async () => app.close());
  return app;
}

let ipCounter = 0;
export const freshIp = () => `10.2.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

export const goodCard = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Jordan Rivera' };
export const decliningCard = { ...goodCard, cardNumber: '4000 0000 0000 0002' };

export interface StartedCheckout {
  orderId: string;
  sessionId: string;
  email: string;
  checkoutCookie: string;
  unitId: string;
}

/** create-session and the agreement, as the checkout page sends them (with the browser's headers, if given). */
export async function startCheckout(
  app: TestApp,
  options: { headers?: Record<string, string>; startDate?: string } = {},
): Promise<StartedCheckout> {
  const model = await createUnitModel(app.db);
  const unit = await createUnit(app.db, { modelId: model.id });
  const email = `payer-${randomUUID().slice(0, 8)}@example.com`;
  const created = await app.app.inject({
    method: 'POST',
    url: '/api/checkout/create-session',
    remoteAddress: freshIp(),
    headers: options.headers,
    payload: {
      planType: 'monthly',
      startDate: options.startDate ?? addDays(todayInLosAngeles(app.deps.clock.now()), 1),
      name: 'Jordan Rivera',
      email,
      phone: '(714) 555-0101',
      address: `${ipCounter} Main Street`,
      city: 'Irvine',
      zipCode: '92612',
      modelId: model.id,
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const checkoutCookie = created.cookies.find((cookie) => cookie.name === 'cr_checkout')!.value;
  const { orderId, sessionUrl } = created.json();
  const signed = await app.app.inject({
    method: 'POST',
    url: '/api/agreements/create',
    cookies: { cr_checkout: checkoutCookie },
    headers: options.headers,
    payload: { orderId, typedName: 'Jordan Rivera', agreed: true },
  });
  expect(signed.statusCode).toBe(201);
  const { sessionId } = await openPaymentPage(app.app, sessionUrl);
  return { orderId, sessionId, email, checkoutCookie, unitId: unit.id };
}

export function pay(app: TestApp, sessionId: string, card: Record<string, string>) {
  return app.app.inject({ method: 'POST', url: `/api/pay/sessions/${sessionId}`, payload: card });
}

export function completedEvent(checkout: StartedCheckout, eventId = `evt_test_${randomUUID()}`) {
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

/** The provider's signature of a webhook body, with the app's webhook secret. */
export const signWebhook = (app: TestApp, payload: string) =>
  signWebhookPayload(payload, app.config.stripe.webhookSecret);

export function postWebhook(app: TestApp, payload: string, signature: string | undefined) {
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

export async function orderRow(app: TestApp, orderId: string) {
  const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
  return order!;
}

export async function emailsTo(app: TestApp, orderId: string) {
  const order = await orderRow(app, orderId);
  return app.db.select().from(emailLogs).where(eq(emailLogs.customerId, order.customerId));
}

export function outboxMessages(app: TestApp): string[] {
  const dir = path.join(app.dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  // Undo quoted-printable soft line breaks so links read whole.
  return readdirSync(dir).map((file) => readFileSync(path.join(dir, file), 'utf8').replace(/=\r?\n/g, ''));
}

export const cookieOf = (response: LightMyRequestResponse, name: string) =>
  response.cookies.find((cookie) => cookie.name === name);
