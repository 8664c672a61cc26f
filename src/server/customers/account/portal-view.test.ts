import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { createAgreement } from '@/server/platform/db/factories';
import {
  additionalFees,
  agreements,
  cancellationRequests,
  customerSessions,
  customers,
  localGatewayCustomers,
  unitModels,
} from '@/server/platform/db/schema';
import { startPortalTestApp } from '@tests/support/portal-fixtures';

const { t, rental, signIn } = await startPortalTestApp();
afterAll(async () => t.close());

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
    expect(body.unitModel).toEqual({
      name: 'Portable AC 12,000-14,000 BTU',
      nameEs: 'Aire portátil de 12,000-14,000 BTU',
      photoUrl: null,
    });
    expect(body.cancellationRequest).toBeNull();
  });

  it("shows the model's uploaded photo, at the URL the catalog uses for it", async () => {
    const { customer, order } = await rental();
    const cookie = await signIn(order.orderNumber, customer.email);
    const photoUpdatedAt = new Date('2026-07-01T10:00:00.000Z');
    await t.db.update(unitModels).set({ photoUpdatedAt }).where(eq(unitModels.id, order.modelId));
    const body = (await t.app.inject({ url: `/api/portal/${order.id}`, headers: { cookie } })).json();
    expect(body.unitModel.photoUrl).toBe(`/api/unit-models/${order.modelId}/photo?v=${photoUpdatedAt.getTime()}`);
    await t.db.update(unitModels).set({ photoUpdatedAt: null }).where(eq(unitModels.id, order.modelId));
  });

  it("lists the order's charged and pending fees newest first, with their times to the millisecond", async () => {
    const { customer, order } = await rental();
    const other = await rental();
    const cookie = await signIn(order.orderNumber, customer.email);
    const fee = (status: string, createdAt: Date, paidAt: Date | null = null, orderId = order.id) => ({
      customerId: customer.id,
      orderId,
      feeType: 'late_fee',
      description: `a ${status} fee`,
      amountCents: 2500,
      status,
      createdAt,
      paidAt,
    });
    const [paid, pending] = await t.db
      .insert(additionalFees)
      .values([
        fee('paid', new Date('2026-07-01T10:00:00.123Z'), new Date('2026-07-02T11:30:00.456Z')),
        fee('pending', new Date('2026-07-05T08:00:00.000Z')),
        fee('waived', new Date('2026-07-06T08:00:00.000Z')),
        fee('pending', new Date('2026-07-07T08:00:00.000Z'), null, other.order.id),
      ])
      .returning();
    const response = await t.app.inject({ url: `/api/portal/${order.id}`, headers: { cookie } });
    expect(response.json().fees).toEqual([
      {
        id: pending!.id,
        feeType: 'late_fee',
        description: 'a pending fee',
        amountCents: 2500,
        status: 'pending',
        createdAt: '2026-07-05T08:00:00.000Z',
        paidAt: null,
        ownInvoice: false,
        invoice: null,
      },
      {
        id: paid!.id,
        feeType: 'late_fee',
        description: 'a paid fee',
        amountCents: 2500,
        status: 'paid',
        createdAt: '2026-07-01T10:00:00.123Z',
        paidAt: '2026-07-02T11:30:00.456Z',
        ownInvoice: false,
        invoice: null,
      },
    ]);
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
