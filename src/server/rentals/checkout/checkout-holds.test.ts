import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { BillingClock } from '@/server/platform/clock';
import { orders, units } from '@/server/platform/db/schema';
import { HOLD_LIMITS } from '@/server/rentals/units/hold-limits';
import { cookieOf, openPaymentPage, registration, startCheckoutTestApp } from '@tests/support/checkout-fixtures';
import { CHECKOUT_HOLD_MINUTES } from './checkout-limits';

const { t, createSession, modelWithUnits } = await startCheckoutTestApp();
afterAll(() => t.close());

const tooManyHolds = `You already have 2 checkouts waiting for payment. Please complete or cancel one of them, or try again in ${CHECKOUT_HOLD_MINUTES} minutes.`;

const stock = async (modelId: string) => (await t.app.inject({ url: `/api/inventory/${modelId}` })).json();

let street = 5000;
/** What an attacker varies between calls: e-mail and delivery address. */
const anotherStranger = (modelId: string) =>
  registration({ modelId, address: `${(street += 1)} Harbor Boulevard`, city: 'Costa Mesa', zipCode: '92626' });

describe('live holds per client, customer and address', () => {
  it('40 create-session calls from one client hold 2 units; the fleet stays rentable by others', async () => {
    const small = await modelWithUnits(5);
    const large = await modelWithUnits(7);
    const attacker = '198.51.100.40';
    const answers: number[] = [];
    const refusals = new Set<string>();
    for (let call = 0; call < 40; call += 1) {
      const model = call % 2 === 0 ? small : large;
      const response = await createSession(anotherStranger(model.id), attacker);
      answers.push(response.statusCode);
      if (response.statusCode === 429) refusals.add(response.json().message);
    }
    expect(answers.filter((status) => status === 200)).toHaveLength(HOLD_LIMITS.perClient);
    expect(answers.filter((status) => status === 429)).toHaveLength(40 - HOLD_LIMITS.perClient);
    // Refused for its holds, then (past 30 calls in 15 minutes) for asking too often.
    expect([...refusals]).toEqual([tooManyHolds, 'Too many attempts. Please wait a few minutes and try again.']);
    // The catalog shows the two holds apart from what can be rented.
    expect(await stock(small.id)).toEqual({ available: 4, held: 1 });
    expect(await stock(large.id)).toEqual({ available: 6, held: 1 });

    // Others still rent both models.
    expect((await createSession(registration({ modelId: small.id }))).statusCode).toBe(200);
    expect((await createSession(registration({ modelId: large.id }))).statusCode).toBe(200);
  });

  it('counts one checkout at a time: 12 at once from one client hold 2 units', async () => {
    const model = await modelWithUnits(12);
    const attacker = '198.51.100.42';
    const answers = await Promise.all(
      Array.from({ length: 12 }, async () => (await createSession(anotherStranger(model.id), attacker)).statusCode),
    );
    expect(answers.filter((status) => status === 200)).toHaveLength(HOLD_LIMITS.perClient);
    expect(answers.filter((status) => status === 429)).toHaveLength(12 - HOLD_LIMITS.perClient);
    expect(await stock(model.id)).toEqual({ available: 12 - HOLD_LIMITS.perClient, held: HOLD_LIMITS.perClient });
  });

  it('bounds one e-mail whatever the address it comes from', async () => {
    const model = await modelWithUnits(4);
    const email = `one-customer-${street}@example.com`;
    const tries = [];
    for (let call = 0; call < 3; call += 1) {
      tries.push(await createSession({ ...anotherStranger(model.id), email, startDate: registration().startDate }));
    }
    expect(tries.map((response) => response.statusCode)).toEqual([200, 200, 429]);
    expect(tries[2]!.json().message).toBe(tooManyHolds);
    // When a place is sure to be free again: a hold's 30 minutes.
    expect(tries[2]!.headers['retry-after']).toBe('1800');
  });

  it('bounds one delivery address, written with any case and spacing', async () => {
    const model = await modelWithUnits(4);
    const place = { city: 'Anaheim', zipCode: '92805' };
    const spellings = ['77 Orange Grove Lane', '77  orange grove LANE', ' 77 Orange Grove Lane '];
    const statuses = [];
    for (const address of spellings) {
      statuses.push((await createSession(registration({ modelId: model.id, address, ...place }))).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('stops counting a hold once it runs out or is released', async () => {
    const model = await modelWithUnits(6);
    const client = '198.51.100.41';
    const call = () => createSession(anotherStranger(model.id), client);
    expect([(await call()).statusCode, (await call()).statusCode, (await call()).statusCode]).toEqual([200, 200, 429]);
    // Their payment pages were left open unseen until the holds ran out.
    (t.deps.clock as BillingClock).moveTo(new Date(t.deps.clock.now().getTime() + CHECKOUT_HOLD_MINUTES * 60_000));
    const third = await call();
    expect(third.statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(429);
    // One was left by its cancel link.
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/cancel',
      cookies: { cr_checkout: cookieOf(third, 'cr_checkout')!.value },
    });
    expect(cancel.statusCode).toBe(204);
    expect((await call()).statusCode).toBe(200);
  });
});

describe('POST /api/checkout/cancel (back from the payment page by its cancel link)', () => {
  it('expires the payment page, cancels the order and offers the unit again at once', async () => {
    const model = await modelWithUnits(1);
    const created = await createSession(registration({ modelId: model.id }));
    const { orderId, sessionUrl } = created.json();
    expect(await stock(model.id)).toEqual({ available: 0, held: 1 });
    const { sessionId } = await openPaymentPage(t.app, sessionUrl);

    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/cancel',
      cookies: { cr_checkout: cookieOf(created, 'cr_checkout')!.value },
    });
    expect(cancel.statusCode).toBe(204);
    expect(await stock(model.id)).toEqual({ available: 1, held: 0 });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('cancelled');
    // The page can no longer be paid.
    const page = await t.app.inject({ url: `/api/pay/sessions/${sessionId}` });
    expect(page.json().status).toBe('expired');
  });

  it("changes nothing without this browser's checkout cookie, or with a forged one", async () => {
    const model = await modelWithUnits(1);
    const created = await createSession(registration({ modelId: model.id }));
    const orderId = created.json().orderId as string;
    const cookieSets: Array<Record<string, string>> = [
      {},
      { cr_checkout: orderId },
      { cr_checkout: `${orderId}.forged-signature` },
    ];
    for (const cookies of cookieSets) {
      const cancel = await t.app.inject({ method: 'POST', url: '/api/checkout/cancel', cookies });
      expect(cancel.statusCode).toBe(204);
    }
    expect(await stock(model.id)).toEqual({ available: 0, held: 1 });
  });

  it("a browser starting another checkout gives its previous one's unit back", async () => {
    const model = await modelWithUnits(2);
    const first = await createSession(registration({ modelId: model.id }));
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/create-session',
      payload: registration({ modelId: model.id }),
      cookies: { cr_checkout: cookieOf(first, 'cr_checkout')!.value },
    });
    expect(again.statusCode).toBe(200);
    expect(await stock(model.id)).toEqual({ available: 1, held: 1 });
    const [previous] = await t.db.select().from(units).where(eq(units.heldByOrderId, first.json().orderId));
    expect(previous).toBeUndefined();
  });
});
