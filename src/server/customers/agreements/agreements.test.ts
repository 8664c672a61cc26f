import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { startAdminSession } from '@/server/platform/auth/staff-sessions';
import { hashToken, newToken } from '@/server/platform/auth/customer-sessions';
import { createAdminUser, createCustomer, createUnit, createUnitModel } from '@/server/platform/db/factories';
import type { Db } from '@/server/platform/db/client';
import { agreements, customerSessions, orders } from '@/server/platform/db/schema';
import { pdfText } from '@tests/support/pdf-text';
import { createTestApp } from '@tests/support/test-app';

const t = await createTestApp();
afterAll(async () => t.close());

let ipCounter = 0;
const freshIp = () => `10.3.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

/** A pending order created through create-session, with the checkout cookie the browser received. */
async function pendingCheckout() {
  const model = await createUnitModel(t.db);
  await createUnit(t.db, { modelId: model.id });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/checkout/create-session',
    remoteAddress: freshIp(),
    payload: {
      planType: 'monthly',
      startDate: addDays(todayInLosAngeles(), 3),
      name: 'Alexandra Okonkwo-Smith',
      email: `signer-${randomUUID().slice(0, 8)}@example.com`,
      phone: '(949) 555-0177',
      address: `${4521 + ipCounter} Sunflower Avenue`,
      city: 'Santa Ana',
      zipCode: '92704',
      buildingNotes: 'Unit 12, ring twice',
      modelId: model.id,
    },
  });
  expect(response.statusCode).toBe(200);
  const cookie = response.cookies.find((c) => c.name === 'cr_checkout')!.value;
  return { orderId: response.json().orderId as string, cookie };
}

function sign(orderId: string, cookie: string | undefined, body: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/agreements/create',
    cookies: cookie ? { cr_checkout: cookie } : {},
    remoteAddress: '203.0.113.7',
    payload: { orderId, typedName: 'Alexandra Okonkwo-Smith', agreed: true, ...body },
  });
}

/** A signed-in portal session, as /account-access would create it; returns the cookie value. */
async function startCustomerSessionForTest(db: Db, customerId: string): Promise<string> {
  const token = newToken();
  await db
    .insert(customerSessions)
    .values({ customerId, token: hashToken(token), expiresAt: new Date(Date.now() + 86_400_000) });
  return token;
}

/** The PDF's text with every run of whitespace (line and page breaks included) as one space. */
async function pdfWords(pdf: Buffer): Promise<string> {
  return (await pdfText(pdf)).replace(/\s+/g, ' ');
}

describe('POST /api/agreements/create', () => {
  it.each([
    [{ typedName: 'A' }, 'typedName', 'Please type your full legal name'],
    [{ typedName: '   ' }, 'typedName', 'Please type your full legal name'],
    [{ typedName: undefined }, 'typedName', 'Please type your full legal name'],
    [{ agreed: false }, 'agreed', 'You must agree to the terms'],
    [{ agreed: undefined }, 'agreed', 'You must agree to the terms'],
  ])('answers 400 for %j with the spec message', async (change, field, message) => {
    const { orderId, cookie } = await pendingCheckout();
    const response = await sign(orderId, cookie, change);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
    expect(await t.db.select().from(agreements).where(eq(agreements.orderId, orderId))).toHaveLength(0);
  });

  it('records the signature, the exact terms shown and a PDF', async () => {
    const { orderId, cookie } = await pendingCheckout();
    const tickedAt = new Date(Date.now() - 90_000).toISOString();
    const response = await sign(orderId, cookie, { checkboxTimestamp: tickedAt });
    expect(response.statusCode).toBe(201);
    const { id, pdfUrl } = response.json();
    expect(pdfUrl).toBe(`/api/agreements/${id}/pdf`);

    const [record] = await t.db.select().from(agreements).where(eq(agreements.id, id));
    expect(record).toMatchObject({
      orderId,
      typedName: 'Alexandra Okonkwo-Smith',
      ipAddress: '203.0.113.7',
      version: '1.1',
      pdfUrl,
    });
    expect(record!.checkboxTimestamp.toISOString()).toBe(tickedAt);
    expect(Math.abs(record!.signedAt.getTime() - Date.now())).toBeLessThan(10_000);
    // The summary shown at checkout and the full terms linked from it, as HTML.
    expect(record!.html).toContain('<h2>Rental Agreement Summary</h2>');
    expect(record!.html).toContain('Cancellation and Termination');
    expect(record!.html).toContain(t.config.business.phone);
    expect(record!.pdfData!.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('keeps the server time when the browser claims an implausible tick time', async () => {
    const { orderId, cookie } = await pendingCheckout();
    const response = await sign(orderId, cookie, { checkboxTimestamp: '2020-01-01T00:00:00.000Z' });
    const [record] = await t.db.select().from(agreements).where(eq(agreements.id, response.json().id));
    expect(Math.abs(record!.checkboxTimestamp.getTime() - Date.now())).toBeLessThan(10_000);
  });

  it('keeps the first signature when the same order is signed again', async () => {
    const { orderId, cookie } = await pendingCheckout();
    const [first, second] = await Promise.all([sign(orderId, cookie), sign(orderId, cookie, { typedName: 'Other' })]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(second.json()).toEqual(first.json());
    expect(await t.db.select().from(agreements).where(eq(agreements.orderId, orderId))).toHaveLength(1);
  });

  it('refuses an order this browser did not check out, or a tampered cookie', async () => {
    const mine = await pendingCheckout();
    const theirs = await pendingCheckout();
    expect((await sign(theirs.orderId, mine.cookie)).statusCode).toBe(404);
    expect((await sign(theirs.orderId, undefined)).statusCode).toBe(404);
    const forged = `${theirs.orderId}.${mine.cookie.split('.').pop()}`;
    expect((await sign(theirs.orderId, forged)).statusCode).toBe(404);
    expect(await t.db.select().from(agreements).where(eq(agreements.orderId, theirs.orderId))).toHaveLength(0);
  });

  it('refuses to sign an order that is no longer pending', async () => {
    const { orderId, cookie } = await pendingCheckout();
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, orderId));
    const response = await sign(orderId, cookie);
    expect(response.statusCode).toBe(409);
  });
});

describe('GET /api/agreements/:id/pdf', () => {
  it('serves the PDF with the customer, address, unit, price, fees and signature to the signing browser', async () => {
    const { orderId, cookie } = await pendingCheckout();
    const { pdfUrl } = (await sign(orderId, cookie)).json();
    const response = await t.app.inject({ url: pdfUrl, cookies: { cr_checkout: cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="rental-agreement-${order!.orderNumber}.pdf"`,
    );
    const text = await pdfWords(response.rawPayload);
    for (const expected of [
      'Alexandra Okonkwo-Smith',
      `${order!.address}, Santa Ana, CA 92704`,
      'Unit 12, ring twice',
      'Portable AC 12,000-14,000 BTU',
      '$39.00 per month',
      '4 months ($156.00 in total)',
      '$150.00',
      '$25.00',
      '203.0.113.7',
      order!.orderNumber,
      'Signed by',
      'Cancellation and Termination',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('serves it to the owner’s portal session and to an admin, and to nobody else', async () => {
    const { orderId, cookie } = await pendingCheckout();
    const { pdfUrl } = (await sign(orderId, cookie)).json();
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));

    const ownerSession = await startCustomerSessionForTest(t.db, order!.customerId);
    expect((await t.app.inject({ url: pdfUrl, cookies: { cr_session: ownerSession } })).statusCode).toBe(200);

    const stranger = await createCustomer(t.db);
    const strangerSession = await startCustomerSessionForTest(t.db, stranger.id);
    const refused = await t.app.inject({ url: pdfUrl, cookies: { cr_session: strangerSession } });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: 'Agreement PDF not available' });
    expect((await t.app.inject({ url: pdfUrl })).statusCode).toBe(404);

    const admin = await createAdminUser(t.db);
    const { token } = await startAdminSession(t.db, admin.id);
    expect((await t.app.inject({ url: pdfUrl, cookies: { cr_admin: token } })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await t.app.inject({ url: `/api/agreements/${randomUUID()}/pdf` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/agreements/nope/pdf' })).statusCode).toBe(404);
  });
});
