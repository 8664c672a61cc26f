import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { BillingClock } from '@/server/platform/clock';
import { createCustomer, createOrder, createUnit, createUnitModel } from '@/server/platform/db/factories';
import { unitModelCatalog } from '@/server/platform/db/unit-model-catalog';
import { customers, orders, unitModels, units } from '@/server/platform/db/schema';
import { injectOrigin } from '@tests/support/test-app';
import { cookieOf, openPaymentPage, registration, startCheckoutTestApp } from '@tests/support/checkout-fixtures';

const { t, createSession, modelWithUnits } = await startCheckoutTestApp();
afterAll(async () => t.close());

describe('POST /api/checkout/create-session', () => {
  it('creates the customer and a pending order, holds one unit for 30 minutes and returns the payment page', async () => {
    const model = await modelWithUnits(2);
    const body = registration({ modelId: model.id, email: '  New.Renter@Example.com ' });
    const before = Date.now();
    const response = await createSession(body);
    expect(response.statusCode).toBe(200);
    const { orderId, sessionUrl } = response.json();
    // Our own route first, which holds the unit for the page, then the provider's page (ADR 037).
    expect(sessionUrl).toBe(`${injectOrigin}/api/checkout/pay/${orderId}`);
    const heldAtFirst = await t.db.select().from(units).where(eq(units.heldByOrderId, orderId));
    expect((heldAtFirst[0]!.heldUntil!.getTime() - before) / 60_000).toBeLessThan(5.5);
    const { pageUrl } = await openPaymentPage(t.app, sessionUrl);
    expect(pageUrl).toMatch(new RegExp(`^${injectOrigin}/pay/cs_local_[0-9a-f]{32}$`));

    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      status: 'pending',
      modelId: model.id,
      type: 'monthly',
      btuTier: '12-14k',
      priceCents: 3900,
      monthsMin: 4,
      startDate: body.startDate,
      address: body.address,
      city: 'Irvine',
      zipCode: '92612',
      buildingNotes: 'Gate code 1234',
      checkoutUrl: pageUrl,
    });
    expect(order!.orderNumber).toMatch(/^order-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(order!.stripeSessionId).toBe(pageUrl.split('/').pop());

    const [customer] = await t.db.select().from(customers).where(eq(customers.id, order!.customerId));
    expect(customer).toMatchObject({ email: 'new.renter@example.com', name: 'Jordan Rivera', phone: '(714) 555-0101' });

    const held = await t.db.select().from(units).where(eq(units.heldByOrderId, orderId));
    expect(held).toHaveLength(1);
    expect(held[0]!.status).toBe('available');
    const holdMinutes = (held[0]!.heldUntil!.getTime() - before) / 60_000;
    expect(holdMinutes).toBeGreaterThan(29.5);
    expect(holdMinutes).toBeLessThan(30.5);

    const checkoutCookie = cookieOf(response, 'cr_checkout');
    expect(checkoutCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });

    const inventory = await t.app.inject({ url: `/api/inventory/${model.id}` });
    expect(inventory.json()).toEqual({ available: 1, held: 1 });
  });

  it("does not let a checkout change an existing customer's name or phone", async () => {
    const existing = await createCustomer(t.db, { name: 'Maria Gonzalez', phone: '(714) 555-0142' });
    const model = await modelWithUnits(1);
    const response = await createSession(
      registration({
        modelId: model.id,
        email: existing.email.toUpperCase(),
        name: 'Someone Else',
        phone: '9999999999',
      }),
    );
    expect(response.statusCode).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, response.json().orderId));
    expect(order!.customerId).toBe(existing.id);
    const [after] = await t.db.select().from(customers).where(eq(customers.id, existing.id));
    expect(after).toMatchObject({ name: 'Maria Gonzalez', phone: '(714) 555-0142' });
  });

  it('returns the same order and payment page for the same idempotency key, even sent twice at once', async () => {
    const model = await modelWithUnits(3);
    const body = registration({ modelId: model.id, checkoutKey: randomUUID() });
    const [first, second] = await Promise.all([createSession(body), createSession(body)]);
    const third = await createSession(body);
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([200, 200, 200]);
    expect(second.json()).toEqual(first.json());
    expect(third.json()).toEqual(first.json());
    const held = await t.db
      .select()
      .from(units)
      .where(and(eq(units.modelId, model.id), isNotNull(units.heldByOrderId)));
    expect(held).toHaveLength(1);
  });

  it('treats the same details submitted again while the hold lasts as the same checkout', async () => {
    // Four units: unpaid checkouts may hold two of them (ADR 037).
    const model = await modelWithUnits(4);
    const body = registration({ modelId: model.id });
    const first = await createSession(body);
    const again = await createSession(body);
    expect(again.json()).toEqual(first.json());
    const changed = await createSession({ ...body, address: '500 Other Road' });
    expect(changed.json().orderId).not.toBe(first.json().orderId);
    const customerOrders = await t.db
      .select()
      .from(orders)
      .where(
        eq(
          orders.customerId,
          (await t.db.select().from(orders).where(eq(orders.id, first.json().orderId)))[0]!.customerId,
        ),
      );
    expect(customerOrders).toHaveLength(2);
  });

  it('answers 409 when the model is out of stock and keeps nothing', async () => {
    const model = await modelWithUnits(0);
    await createUnit(t.db, { modelId: model.id, status: 'rented' });
    await createUnit(t.db, { modelId: model.id, status: 'maintenance' });
    const body = registration({ modelId: model.id });
    const response = await createSession(body);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'Sorry, that AC unit is out of stock right now. Please choose another model or check back later.',
    );
    expect(await t.db.select().from(customers).where(eq(customers.email, body.email))).toHaveLength(0);
    expect(await t.db.select().from(orders).where(eq(orders.modelId, model.id))).toHaveLength(0);
  });

  it('never rents out a unit under 10,000 BTU', async () => {
    const model = await modelWithUnits(2, { btu: 8000 });
    const response = await createSession(registration({ modelId: model.id }));
    expect(response.statusCode).toBe(409);
  });

  it('answers 404 for a model that does not exist', async () => {
    const response = await createSession(registration({ modelId: randomUUID() }));
    expect(response.statusCode).toBe(404);
  });

  it('refuses a model taken out of the catalog with 404 and keeps nothing, its units staying free', async () => {
    const model = await modelWithUnits(2);
    await t.db.update(unitModels).set({ active: false }).where(eq(unitModels.id, model.id));
    const body = registration({ modelId: model.id });
    const response = await createSession(body);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('That AC model is no longer offered. Please choose a unit from the catalog.');
    expect(await t.db.select().from(customers).where(eq(customers.email, body.email))).toHaveLength(0);
    expect(await t.db.select().from(orders).where(eq(orders.modelId, model.id))).toHaveLength(0);
    const fleet = await t.db.select().from(units).where(eq(units.modelId, model.id));
    expect(fleet.map((unit) => [unit.status, unit.heldByOrderId])).toEqual([
      ['available', null],
      ['available', null],
    ]);

    // Nor does a checkout naming its BTU tier, or no model at all, hold one of its units.
    await t.db.update(unitModels).set({ btuTier: 'tier-gone' }).where(eq(unitModels.id, model.id));
    await createSession(registration({ btuTier: 'tier-gone' }));
    await createSession(registration());
    const held = await t.db
      .select()
      .from(units)
      .where(and(eq(units.modelId, model.id), isNotNull(units.heldByOrderId)));
    expect(held).toHaveLength(0);
  });

  it('takes a unit whose hold has expired', async () => {
    const model = await modelWithUnits(0);
    const staleCustomer = await createCustomer(t.db);
    const stale = await createOrder(t.db, { customerId: staleCustomer.id, modelId: model.id });
    const unit = await createUnit(t.db, {
      modelId: model.id,
      heldByOrderId: stale.id,
      heldUntil: new Date(Date.now() - 60_000),
    });
    const response = await createSession(registration({ modelId: model.id }));
    expect(response.statusCode).toBe(200);
    const [after] = await t.db.select().from(units).where(eq(units.id, unit.id));
    expect(after!.heldByOrderId).toBe(response.json().orderId);
  });

  it('does not take a unit another checkout holds', async () => {
    const model = await modelWithUnits(0);
    const other = await createCustomer(t.db);
    const otherOrder = await createOrder(t.db, { customerId: other.id, modelId: model.id });
    await createUnit(t.db, {
      modelId: model.id,
      heldByOrderId: otherOrder.id,
      heldUntil: new Date(Date.now() + 600_000),
    });
    expect((await createSession(registration({ modelId: model.id }))).statusCode).toBe(409);
  });

  it('picks an in-stock model of at least 10,000 BTU when none is named, or the named BTU tier', async () => {
    // Other tests' models may have stock too; whichever is chosen must be a real unit of 10,000 BTU or more.
    const response = await createSession(registration());
    expect(response.statusCode).toBe(200);
    const [held] = await t.db.select().from(units).where(eq(units.heldByOrderId, response.json().orderId));
    expect(held!.btu).toBeGreaterThanOrEqual(10_000);

    const small = await createUnitModel(t.db, { ...unitModelCatalog.small, btuTier: 'tier-test' });
    await createUnit(t.db, { modelId: small.id, btu: 10_000 });
    const byTier = await createSession(registration({ btuTier: 'tier-test' }));
    expect(byTier.statusCode).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, byTier.json().orderId));
    expect(order).toMatchObject({ modelId: small.id, btuTier: 'tier-test' });
  });

  it('gives 20 concurrent buyers of 6 units exactly 3 holds (half the stock, ADR 037) and 17 clean 429s', async () => {
    const model = await modelWithUnits(6);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => createSession(registration({ modelId: model.id }))),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(17);
    for (const refused of responses.filter((response) => response.statusCode === 429)) {
      expect(refused.json().message).toMatch(/^Many checkouts are waiting for payment right now/);
    }
    const held = await t.db
      .select()
      .from(units)
      .where(and(eq(units.modelId, model.id), isNotNull(units.heldByOrderId)));
    const holders = held.map((unit) => unit.heldByOrderId);
    expect(new Set(holders).size).toBe(3);
    expect(holders).toHaveLength(3);
    const created = await t.db.select().from(orders).where(eq(orders.modelId, model.id));
    expect(created).toHaveLength(3);
    expect(new Set(created.map((order) => order.id))).toEqual(new Set(holders));
  });

  it('limits how many checkouts one address can start', async () => {
    const soldOut = await modelWithUnits(0);
    const ip = '10.250.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push((await createSession(registration({ modelId: soldOut.id }), ip)).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 409)).toBe(true);
    expect(statuses[30]).toBe(429);
    // The answer says how long the window has left; the window counts on the app clock.
    const refused = await createSession(registration({ modelId: soldOut.id }), ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    const clock = t.deps.clock as BillingClock;
    clock.moveTo(new Date(clock.now().getTime() + Number(refused.headers['retry-after']) * 1000));
    expect((await createSession(registration({ modelId: soldOut.id }), ip)).statusCode).toBe(409);
  });
});
