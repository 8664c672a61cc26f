import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { createLoginLink } from '../customer-auth/login-links';
import { CUSTOMER_SESSION_COOKIE } from '../customer-auth/sessions';
import { createAgreement, createCustomer, createOrder, createUnitModel } from '../db/factories';
import {
  agreements,
  auditEvents,
  cancellationRequests,
  customerSessions,
  customers,
  emailLogs,
  localGatewayCustomers,
} from '../db/schema';
import { seedDemoData } from '../db/seed';
import { createTestApp, type TestApp } from '@tests/support/test-app';

let t: TestApp;
let modelId: string;
let ipCounter = 0;
/** Each sign-in comes from its own address so the look-up limit is only hit where a test means to. */
const nextIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db); // the e-mail templates
  modelId = (await createUnitModel(t.db)).id;
});
afterAll(async () => t.close());

async function rental(overrides: { startDate?: string; status?: string } = {}) {
  const customer = await createCustomer(t.db);
  const order = await createOrder(t.db, { customerId: customer.id, modelId, status: 'active', ...overrides });
  return { customer, order };
}

async function signIn(orderNumber: string, email: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/account-access',
    payload: { orderNumber, email },
    remoteAddress: nextIp(),
  });
  expect(response.statusCode).toBe(200);
  const cookie = response.cookies.find((c) => c.name === CUSTOMER_SESSION_COOKIE);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  return `${CUSTOMER_SESSION_COOKIE}=${cookie!.value}`;
}

describe('account access', () => {
  it('opens the portal with the order number (any case) or the id, and the e-mail on the order', async () => {
    const { customer, order } = await rental();
    for (const key of [order.orderNumber, order.orderNumber.toLowerCase(), ` ${order.id} `]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/account-access',
        payload: { orderNumber: key, email: customer.email.toUpperCase() },
        remoteAddress: nextIp(),
      });
      expect(response.json()).toEqual({ orderId: order.id });
    }
  });

  it('says the same thing for a wrong e-mail and an unknown order, and sets no cookie', async () => {
    const { customer, order } = await rental();
    const wrongEmail = await t.app.inject({
      method: 'POST',
      url: '/api/account-access',
      payload: { orderNumber: order.orderNumber, email: 'someone.else@example.com' },
      remoteAddress: nextIp(),
    });
    const unknownOrder = await t.app.inject({
      method: 'POST',
      url: '/api/account-access',
      payload: { orderNumber: 'order-ZZZZZZZZ', email: customer.email },
      remoteAddress: nextIp(),
    });
    expect(wrongEmail.statusCode).toBe(404);
    expect(unknownOrder.statusCode).toBe(404);
    expect(wrongEmail.json()).toEqual(unknownOrder.json());
    expect(wrongEmail.cookies).toHaveLength(0);
  });

  it.each([
    [{ orderNumber: '   ', email: 'a@example.com' }, 'orderNumber', 'Order number is required'],
    [{ email: 'a@example.com' }, 'orderNumber', 'Order number is required'],
    [{ orderNumber: 'order-ABCDEFGH', email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
  ])('rejects %o with the spec message', async (payload, field, message) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account-access',
      payload,
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
  });

  it('throttles repeated look-ups from one IP address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/account-access',
        payload: { orderNumber: `order-WRONG${i}`, email: 'guess@example.com' },
        remoteAddress: '203.0.113.7',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    // Another address is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/account-access',
      payload: { orderNumber: 'order-WRONG', email: 'guess@example.com' },
      remoteAddress: '203.0.113.8',
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('one-time link from the confirmation e-mail', () => {
  it('signs in once and lands on the portal; a second use goes to account access', async () => {
    const { customer, order } = await rental();
    const url = await createLoginLink(t.db, { customerId: customer.id, orderId: order.id, publicUrl: 'http://x' });
    const path = new URL(url).pathname;
    const first = await t.app.inject({ url: path });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe(`/portal/${order.id}`);
    const cookie = first.cookies.find((c) => c.name === CUSTOMER_SESSION_COOKIE)!;
    const portal = await t.app.inject({
      url: `/api/portal/${order.id}`,
      headers: { cookie: `${CUSTOMER_SESSION_COOKIE}=${cookie.value}` },
    });
    expect(portal.statusCode).toBe(200);

    const second = await t.app.inject({ url: path });
    expect(second.headers.location).toBe('/account-access?link=expired');
    expect(second.cookies).toHaveLength(0);
  });

  it('refuses an expired link', async () => {
    const { customer, order } = await rental();
    const url = await createLoginLink(t.db, {
      customerId: customer.id,
      orderId: order.id,
      publicUrl: 'http://x',
      now: new Date(Date.now() - 8 * 86_400_000),
    });
    const response = await t.app.inject({ url: new URL(url).pathname });
    expect(response.headers.location).toBe('/account-access?link=expired');
  });
});

describe('the portal', () => {
  it('shows the rental to its customer in the spec shape', async () => {
    const { customer, order } = await rental({ startDate: '2026-06-10' });
    const cookie = await signIn(order.orderNumber, customer.email);
    const response = await t.app.inject({ url: `/api/portal/${order.id}`, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.order).toMatchObject({
      id: order.id,
      orderNumber: order.orderNumber,
      type: 'monthly',
      status: 'active',
      priceCents: 3900,
      startDate: '2026-06-10',
    });
    expect(body.order.nextBillDate > todayInLosAngeles()).toBe(true);
    expect(body.order.nextBillDate.slice(8)).toBe('10');
    expect(body.customer).toEqual({
      id: customer.id,
      name: customer.name,
      email: customer.email,
      phone: customer.phone,
    });
    expect(body.unitModel.name).toBe('Portable AC 12,000-14,000 BTU');
    expect(body.cancellationRequest).toBeNull();
  });

  it('answers 404 alike with no session, an unknown id, and a malformed id', async () => {
    const { customer, order } = await rental();
    const cookie = await signIn(order.orderNumber, customer.email);
    const noSession = await t.app.inject({ url: `/api/portal/${order.id}` });
    const unknown = await t.app.inject({
      url: '/api/portal/00000000-0000-4000-8000-000000000000',
      headers: { cookie },
    });
    const malformed = await t.app.inject({ url: '/api/portal/not-an-id', headers: { cookie } });
    for (const response of [noSession, unknown, malformed]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Rental not found' });
    }
  });

  it("gives customer A nothing of customer B's: portal, billing portal, contact update, cancellation", async () => {
    const a = await rental();
    const b = await rental();
    const cookieA = await signIn(a.order.orderNumber, a.customer.email);
    const attempts = [
      t.app.inject({ url: `/api/portal/${b.order.id}`, headers: { cookie: cookieA } }),
      t.app.inject({
        method: 'POST',
        url: '/api/billing-portal',
        headers: { cookie: cookieA },
        payload: { customerId: b.customer.id },
      }),
      t.app.inject({
        method: 'PATCH',
        url: `/api/portal/${b.order.id}/contact`,
        headers: { cookie: cookieA },
        payload: { name: 'Mallory Intruder', email: 'mallory@example.com', phone: '(714) 555-0000' },
      }),
      t.app.inject({
        method: 'POST',
        url: `/api/portal/${b.order.id}/cancellation`,
        headers: { cookie: cookieA },
        payload: { effectiveDate: addDays(todayInLosAngeles(), 40), reason: 'Trying to cancel somebody else' },
      }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Rental not found' });
    }
    const [bNow] = await t.db.select().from(customers).where(eq(customers.id, b.customer.id));
    expect(bNow?.name).toBe(b.customer.name);
    expect(
      await t.db.select().from(cancellationRequests).where(eq(cancellationRequests.orderId, b.order.id)),
    ).toHaveLength(0);
  });

  it("serves an agreement PDF to its owner's session only, and names it in the portal view", async () => {
    const a = await rental();
    const b = await rental();
    const pdf = Buffer.from('%PDF-1.7 test agreement');
    const agreement = await createAgreement(t.db, { orderId: b.order.id, pdfData: pdf });
    const pdfUrl = `/api/agreements/${agreement.id}/pdf`;
    await t.db.update(agreements).set({ pdfUrl }).where(eq(agreements.id, agreement.id));

    const cookieA = await signIn(a.order.orderNumber, a.customer.email);
    const cookieB = await signIn(b.order.orderNumber, b.customer.email);
    const asA = await t.app.inject({ url: pdfUrl, headers: { cookie: cookieA } });
    const anonymous = await t.app.inject({ url: pdfUrl });
    expect(asA.statusCode).toBe(404);
    expect(anonymous.statusCode).toBe(404);
    expect(asA.body).not.toContain('%PDF');

    const asB = await t.app.inject({ url: pdfUrl, headers: { cookie: cookieB } });
    expect(asB.statusCode).toBe(200);
    expect(asB.headers['content-type']).toBe('application/pdf');
    expect(asB.rawPayload.equals(pdf)).toBe(true);
    const view = (await t.app.inject({ url: `/api/portal/${b.order.id}`, headers: { cookie: cookieB } })).json();
    expect(view.agreement).toEqual({ pdfUrl });
  });

  it('shows the card on file and opens the billing portal for its own customer', async () => {
    const { customer, order } = await rental();
    await t.db.insert(localGatewayCustomers).values({
      id: `cus_local_${customer.id.slice(0, 8)}`,
      email: customer.email,
      cardBrand: 'Visa',
      cardLast4: '4242',
    });
    await t.db
      .update(customers)
      .set({ stripeCustomerId: `cus_local_${customer.id.slice(0, 8)}` })
      .where(eq(customers.id, customer.id));
    const cookie = await signIn(order.orderNumber, customer.email);

    const view = (await t.app.inject({ url: `/api/portal/${order.id}`, headers: { cookie } })).json();
    expect(view.paymentMethod).toEqual({ brand: 'Visa', last4: '4242' });
    const portal = await t.app.inject({
      method: 'POST',
      url: '/api/billing-portal',
      headers: { cookie },
      payload: { customerId: customer.id, orderId: order.id },
    });
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url).toMatch(/\/pay\/bps_local/);
  });

  it('says so when there is no payment profile to update', async () => {
    const { customer, order } = await rental();
    const cookie = await signIn(order.orderNumber, customer.email);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/billing-portal',
      headers: { cookie },
      payload: { customerId: customer.id },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('No payment method is on file for this account yet.');
  });

  it('refuses an expired or revoked session', async () => {
    const { customer, order } = await rental();
    const expired = await signIn(order.orderNumber, customer.email);
    await t.db
      .update(customerSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(customerSessions.customerId, customer.id));
    expect((await t.app.inject({ url: `/api/portal/${order.id}`, headers: { cookie: expired } })).statusCode).toBe(404);

    const revoked = await signIn(order.orderNumber, customer.email);
    expect((await t.app.inject({ url: `/api/portal/${order.id}`, headers: { cookie: revoked } })).statusCode).toBe(200);
    const logout = await t.app.inject({ method: 'POST', url: '/api/portal/logout', headers: { cookie: revoked } });
    expect(logout.statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/portal/${order.id}`, headers: { cookie: revoked } })).statusCode).toBe(404);
  });
});

describe('contact details', () => {
  it('saves new details with the checkout rules and records who changed what', async () => {
    const { customer, order } = await rental();
    const cookie = await signIn(order.orderNumber, customer.email);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/portal/${order.id}/contact`,
      headers: { cookie },
      payload: { name: 'J', email: 'nope', phone: '123' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid phone number',
    });

    const ok = await t.app.inject({
      method: 'PATCH',
      url: `/api/portal/${order.id}/contact`,
      headers: { cookie },
      payload: { name: 'Jordan R. Rivera', email: 'Jordan.New@Example.com', phone: '(949) 555-0199' },
    });
    expect(ok.statusCode).toBe(204);
    const [saved] = await t.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(saved).toMatchObject({ name: 'Jordan R. Rivera', email: 'jordan.new@example.com', phone: '(949) 555-0199' });
    const [audit] = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, customer.id));
    expect(audit).toMatchObject({ actorType: 'customer', actorId: customer.id, action: 'customer.contact_updated' });
    expect(audit?.details).toMatchObject({ name: { from: customer.name, to: 'Jordan R. Rivera' } });
  });

  it("refuses a write sent from another site's page, even with the customer's cookie", async () => {
    const { customer, order } = await rental();
    const cookie = await signIn(order.orderNumber, customer.email);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/portal/${order.id}/contact`,
      headers: { cookie, origin: 'https://evil.example' },
      payload: { name: 'Changed By Attacker', email: customer.email, phone: '(949) 555-0199' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Cross-site request refused' });
    const [saved] = await t.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(saved?.name).toBe(customer.name);
  });

  it("refuses another account's e-mail address and changes nothing", async () => {
    const { customer, order } = await rental();
    const other = await createCustomer(t.db);
    const cookie = await signIn(order.orderNumber, customer.email);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/portal/${order.id}/contact`,
      headers: { cookie },
      payload: { name: 'New Name', email: other.email, phone: '(949) 555-0199' },
    });
    expect(response.statusCode).toBe(409);
    const [saved] = await t.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(saved?.name).toBe(customer.name);
  });
});

describe('cancellation requests', () => {
  const today = todayInLosAngeles();

  async function cancel(cookie: string, orderId: string, payload: Record<string, unknown>) {
    return t.app.inject({ method: 'POST', url: `/api/portal/${orderId}/cancellation`, headers: { cookie }, payload });
  }

  it.each([
    [{ reason: 'Moving out of the area' }, 'effectiveDate', 'Effective date is required'],
    [{ effectiveDate: '', reason: 'Moving out of the area' }, 'effectiveDate', 'Effective date is required'],
    [
      { effectiveDate: '2099-01-01', reason: 'too short' },
      'reason',
      'Please provide a reason for cancellation (minimum 10 characters)',
    ],
    [{ effectiveDate: '2099-01-01' }, 'reason', 'Please provide a reason for cancellation (minimum 10 characters)'],
  ])('rejects %o with the spec message', async (payload, field, message) => {
    const { customer, order } = await rental();
    const cookie = await signIn(order.orderNumber, customer.email);
    const response = await cancel(cookie, order.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
  });

  it('inside the minimum term: records the request with the $150 fee and e-mails a receipt', async () => {
    const { customer, order } = await rental({ startDate: addDays(today, -30) });
    const cookie = await signIn(order.orderNumber, customer.email);
    const response = await cancel(cookie, order.id, {
      effectiveDate: addDays(today, 7),
      reason: 'Moving back home for the winter',
    });
    expect(response.statusCode).toBe(201);

    const portal = (await t.app.inject({ url: `/api/portal/${order.id}`, headers: { cookie } })).json();
    expect(portal.cancellationRequest).toMatchObject({
      status: 'pending',
      effectiveDate: addDays(today, 7),
      earlyTerminationFeeCents: 15_000,
    });
    const [receipt] = await t.db.select().from(emailLogs).where(eq(emailLogs.customerId, customer.id));
    expect(receipt).toMatchObject({ status: 'sent', recipientEmail: customer.email });
    expect(receipt?.body).toContain('early-termination fee of $150.00');

    const again = await cancel(cookie, order.id, {
      effectiveDate: addDays(today, 9),
      reason: 'Sending it a second time',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A cancellation request for this rental is already pending.');
  });

  it('after the minimum term: enforces 30 days of notice', async () => {
    const { customer, order } = await rental({ startDate: addDays(today, -200) });
    const cookie = await signIn(order.orderNumber, customer.email);
    const tooSoon = await cancel(cookie, order.id, {
      effectiveDate: addDays(today, 10),
      reason: 'No longer need the unit',
    });
    expect(tooSoon.statusCode).toBe(400);
    expect(tooSoon.json().fieldErrors.effectiveDate).toMatch(/30 days' notice: the earliest effective date is/);
    const past = await cancel(cookie, order.id, {
      effectiveDate: addDays(today, -1),
      reason: 'No longer need the unit',
    });
    expect(past.json().fieldErrors.effectiveDate).toBe('The effective date cannot be in the past.');
    expect(
      await t.db.select().from(cancellationRequests).where(eq(cancellationRequests.orderId, order.id)),
    ).toHaveLength(0);

    const ok = await cancel(cookie, order.id, { effectiveDate: addDays(today, 30), reason: 'No longer need the unit' });
    expect(ok.statusCode).toBe(201);
    const [receipt] = await t.db.select().from(emailLogs).where(eq(emailLogs.customerId, customer.id));
    expect(receipt?.body).toContain('no early-termination fee applies');
  });

  it('refuses a rental that has already ended', async () => {
    const { customer, order } = await rental({ status: 'completed' });
    const cookie = await signIn(order.orderNumber, customer.email);
    const response = await cancel(cookie, order.id, {
      effectiveDate: addDays(today, 40),
      reason: 'It ended already anyway',
    });
    expect(response.statusCode).toBe(409);
  });
});
