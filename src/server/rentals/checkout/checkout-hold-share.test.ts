import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { BillingClock } from '@/server/platform/clock';
import { createUnit, createUnitModel } from '@/server/platform/db/factories';
import { customers, orders, units, unpaidShareBudgets } from '@/server/platform/db/schema';
import { emailLimitKey } from '@/server/rentals/units/limit-keys';
import { HOLD_LIMITS } from '@/server/rentals/units/hold-limits';
import { holdUnitForOffer } from '@/server/rentals/units/offer-holds';
import { setUnitsStatus } from '@/server/rentals/units/stock';
import { openPaymentPage, registration, REST_OF_FLEET, startCheckoutTestApp } from '@tests/support/checkout-fixtures';
import { CHECKOUT_FIRST_HOLD_MINUTES, CHECKOUT_HOLD_MINUTES, LOW_STOCK_HOLD } from './checkout-limits';

// One file, one fleet: REST_OF_FLEET units of one model, and what each test adds.
const { t, createSession } = await startCheckoutTestApp();
afterAll(() => t.close());
const clock = t.deps.clock as BillingClock;
const later = (minutes: number) => clock.moveTo(new Date(clock.now().getTime() + minutes * 60_000));
const heldUnits = async () =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(units)
      .where(sql`${units.heldUntil} > ${clock.now()}`)
  )[0]!.n;
const holdEnd = async (orderId: string) =>
  (await t.db.select().from(units).where(eq(units.heldByOrderId, orderId)))[0]?.heldUntil ?? null;
const minutesFromNow = (at: Date | null) => (at!.getTime() - clock.now().getTime()) / 60_000;

const tooManyHolds = `You already have 2 checkouts waiting for payment. Please complete or cancel one of them, or try again in ${CHECKOUT_HOLD_MINUTES} minutes.`;

describe('hold limits count by key (ADR 037)', () => {
  it('counts six spellings of one street as one address: the third hold is refused', async () => {
    const spellings = [
      '9 Spell Street',
      '9 Spell St',
      '9 Spell St.',
      '9 Spell Str',
      '9 Spell street,',
      'Nine Spell Street',
    ];
    const statuses = [];
    for (const address of spellings) {
      statuses.push((await createSession(registration({ address, city: 'Costa Mesa', zipCode: '92626' }))).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
    // The orders keep the address as typed.
    const [first] = await t.db
      .execute(sql`select address, place_key from orders where place_key like '9 spell%'`)
      .then((result) => (result as unknown as { rows: { address: string; place_key: string }[] }).rows);
    expect(first).toEqual({ address: '9 Spell Street', place_key: '9 spell st|92626' });
  });

  it('counts e-mail +tags, dots and googlemail as one customer: the third hold is refused', async () => {
    const spellings = [
      'sam.ford+1@gmail.com',
      'samford+2@googlemail.com',
      'Sam.Ford@Gmail.com',
      'sam.ford+3@gmail.com',
    ];
    const answers = [];
    for (const email of spellings) answers.push(await createSession(registration({ email })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 429, 429]);
    expect(answers[2]!.json().message).toBe(tooManyHolds);
    // Each is stored as typed (lower-cased by the contracts), its key beside it.
    const stored = await t.db.select().from(customers).where(eq(customers.emailKey, 'samford@gmail.com'));
    expect(stored.map((customer) => customer.email).sort()).toEqual([
      'sam.ford+1@gmail.com',
      'samford+2@googlemail.com',
    ]);
  });

  it('keys e-mails in PostgreSQL exactly as limit-keys.ts does', async () => {
    const emails = ['a.b+c@googlemail.com', 'x+y+z@example.com', 'no-at', '"q@r"+s@t.org', 'plain@gmail.co'];
    for (const email of emails) {
      const result = await t.db.execute(sql`select email_limit_key(${email}) as key`);
      expect((result as unknown as { rows: { key: string }[] }).rows[0]!.key).toBe(emailLimitKey(email));
    }
  });
});

describe('a distributed hold attack (ADR 037)', () => {
  it('80 client addresses with varied spellings hold at most half the free stock; the rest stays rentable', async () => {
    const before = await heldUnits();
    const suffixes = ['Street', 'St', 'St.', 'Str', 'street,', 'Avenue', 'Ave', 'Av.'];
    const statuses: number[] = [];
    for (let client = 0; client < 80; client += 1) {
      const address = `${100 + client} Attack ${suffixes[client % suffixes.length]}`;
      const email = `mallory${client}@example.net`;
      const response = await createSession(registration({ email, address }), `203.0.113.${client + 1}`);
      statuses.push(response.statusCode);
    }
    const held = (await heldUnits()) - before;
    // The fleet is REST_OF_FLEET units and whatever earlier tests held; unpaid checkouts may hold half of it.
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThanOrEqual(REST_OF_FLEET / 2);
    const offerable = await t.db.execute(
      sql`select count(*)::int as n from units where status = 'available' and (held_until is null or held_until <= ${clock.now()})`,
    );
    expect((offerable as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThanOrEqual(REST_OF_FLEET / 2);
    // Past the share, a clear 429 that says when to try again: the unopened holds end within minutes.
    const refused = await createSession(registration(), '198.18.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Many checkouts are waiting for payment right now/);
    expect(refused.headers['retry-after']).toBe(String(CHECKOUT_FIRST_HOLD_MINUTES * 60));
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);

    // The attack never opened its payment pages: its holds end, and a new customer checks out and opens the page.
    later(CHECKOUT_FIRST_HOLD_MINUTES);
    const customer = await createSession(registration(), '198.18.0.2');
    expect(customer.statusCode).toBe(200);
    await openPaymentPage(t.app, customer.json().sessionUrl);
    expect(minutesFromNow(await holdEnd(customer.json().orderId))).toBeCloseTo(CHECKOUT_HOLD_MINUTES, 0);
  });
});

describe('the unpaid share counts the stock exactly (migration 0027)', () => {
  it('of 8 units with one held for a waitlist offer, 3 unpaid checkouts may hold: floor(7 × 0.5)', async () => {
    const model = await createUnitModel(t.db);
    const fleet: string[] = [];
    for (let unit = 0; unit < 8; unit += 1) fleet.push((await createUnit(t.db, { modelId: model.id })).id);
    // An offer to the waitlist's first (issue 30) holds a unit without a checkout: not stock, not unpaid.
    const until = new Date(clock.now().getTime() + 60 * 60_000);
    await t.db.transaction((tx) => holdUnitForOffer(tx, fleet[0]!, 'share-test', until));
    const statuses: number[] = [];
    for (let buyer = 0; buyer < 5; buyer += 1) {
      const response = await createSession(
        registration({ modelId: model.id, email: `share${buyer}@example.net`, address: `${buyer + 1} Share Way` }),
        `198.51.100.${buyer + 1}`,
      );
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});

describe('the unpaid share spends a budget between exact counts (migrations 0031, 0034)', () => {
  const buyers = (model: string, from: number, count: number) =>
    Array.from({ length: count }, (_, i) =>
      registration({ modelId: model, email: `budget${from + i}@example.net`, address: `${from + i + 1} Budget Way` }),
    );
  /** The model's budget as its last exact count left it: the tickets it allows, and where they start. */
  const budgetOf = async (modelId: string) => {
    const [budget] = await t.db
      .select()
      .from(unpaidShareBudgets)
      .where(sql`${unpaidShareBudgets.modelKey} like ${`${modelId} %`}`);
    return budget && { size: budget.lastTicket - budget.firstTicket, from: budget.firstTicket };
  };

  it('hands out the room the count left, and spends it without counting again', async () => {
    const model = await createUnitModel(t.db);
    for (let unit = 0; unit < 10; unit += 1) await createUnit(t.db, { modelId: model.id });
    const [first, second] = buyers(model.id, 0, 2);
    expect((await createSession(first!, '198.51.100.21')).statusCode).toBe(200);
    // floor(10 × 0.5) = 5 unpaid holds: this one and 4 more.
    const counted = await budgetOf(model.id);
    expect(counted?.size).toBe(4);
    expect((await createSession(second!, '198.51.100.22')).statusCode).toBe(200);
    // Spent from the same budget: no count since, which would have started a new range of tickets.
    expect(await budgetOf(model.id)).toEqual(counted);
  });

  it('counts again at once when stock leaves: a unit held for a waitlist offer after the count', async () => {
    const model = await createUnitModel(t.db);
    for (let unit = 0; unit < 8; unit += 1) await createUnit(t.db, { modelId: model.id });
    const statuses: number[] = [];
    const [first, ...rest] = buyers(model.id, 10, 4);
    statuses.push((await createSession(first!, '198.51.100.31')).statusCode);
    // Two free units leave the stock after the count: 6 remain, so 3 unpaid holds in all, not 4.
    const free = await t.db
      .select({ id: units.id })
      .from(units)
      .where(sql`${units.modelId} = ${model.id} and ${units.heldUntil} is null`)
      .limit(2);
    const until = new Date(clock.now().getTime() + 60 * 60_000);
    for (const { id } of free) await t.db.transaction((tx) => holdUnitForOffer(tx, id, `budget-${id}`, until));
    for (const [i, buyer] of rest.entries()) {
      statuses.push((await createSession(buyer, `198.51.100.${32 + i}`)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('never lets concurrent checkouts past the share', async () => {
    const model = await createUnitModel(t.db);
    for (let unit = 0; unit < 12; unit += 1) await createUnit(t.db, { modelId: model.id });
    const answers = await Promise.all(
      buyers(model.id, 20, 10).map((buyer, i) => createSession(buyer, `198.51.100.${41 + i}`)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429, 429, 429]);
  });

  it('spends and counts again without deadlock while the owner retires units of another model', async () => {
    const model = await createUnitModel(t.db);
    for (let unit = 0; unit < 12; unit += 1) await createUnit(t.db, { modelId: model.id });
    const other = await createUnitModel(t.db);
    const retired = [
      (await createUnit(t.db, { modelId: other.id })).id,
      (await createUnit(t.db, { modelId: other.id })).id,
    ];
    const [answers] = await Promise.all([
      Promise.all(buyers(model.id, 40, 10).map((buyer, i) => createSession(buyer, `198.51.100.${61 + i}`))),
      // Each unit's trigger spends every budget (this model's included) while the checkouts spend from it.
      (async () => {
        for (const unit of retired) await t.db.transaction((tx) => setUnitsStatus(tx, [unit], 'retired'));
      })(),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 429, 429, 429, 429,
    ]);
  });
});

describe('how long a checkout holds its unit (ADR 037)', () => {
  it('holds for a few minutes until the payment page is opened, then for the full time from the start', async () => {
    const created = await createSession(registration());
    const { orderId, sessionUrl } = created.json();
    expect(minutesFromNow(await holdEnd(orderId))).toBeCloseTo(CHECKOUT_FIRST_HOLD_MINUTES, 1);
    later(2);
    const { pageUrl } = await openPaymentPage(t.app, sessionUrl);
    expect(pageUrl).toMatch(/\/pay\/cs_local_/);
    expect(minutesFromNow(await holdEnd(orderId))).toBeCloseTo(CHECKOUT_HOLD_MINUTES - 2, 1);
    // Opening it again later never holds it longer than the checkout's full time.
    later(20);
    await openPaymentPage(t.app, sessionUrl);
    expect(minutesFromNow(await holdEnd(orderId))).toBeCloseTo(CHECKOUT_HOLD_MINUTES - 22, 1);
  });

  it('lets the hold lapse when the page is not opened in time: the page is expired and the unit offered again', async () => {
    const created = await createSession(registration());
    const { orderId, sessionUrl } = created.json();
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    later(CHECKOUT_FIRST_HOLD_MINUTES + 1);
    expect(minutesFromNow(await holdEnd(orderId))).toBeLessThan(0);
    const late = await t.app.inject({ url: new URL(sessionUrl).pathname });
    expect(late.statusCode).toBe(302);
    expect(late.headers.location).toMatch(/\/checkout\?model=[0-9a-f-]{36}&expired=1$/);
    const page = await t.app.inject({ url: `/api/pay/sessions/${order!.stripeSessionId}` });
    expect(page.json().status).toBe('expired');
  });

  it('holds for less time when few units of the fleet are free', async () => {
    // Earlier holds over; then the fleet rented out but a few units: fewer free than LOW_STOCK_HOLD.share of it.
    later(CHECKOUT_HOLD_MINUTES + 1);
    await t.db.execute(
      sql`update units set status = 'rented' where held_until is null or held_until <= ${clock.now()}`,
    );
    const model = await createUnitModel(t.db);
    await createUnit(t.db, { modelId: model.id });
    await createUnit(t.db, { modelId: model.id });
    const created = await createSession(registration({ modelId: model.id }));
    expect(created.statusCode).toBe(200);
    await openPaymentPage(t.app, created.json().sessionUrl);
    expect(minutesFromNow(await holdEnd(created.json().orderId))).toBeCloseTo(LOW_STOCK_HOLD.minutes, 1);
  });
});

it('bounds unpaid holds by a share of half the stock', () => {
  expect(HOLD_LIMITS.unpaidShare).toBe(0.5);
});
