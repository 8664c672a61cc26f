import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, formatCalendarDate, todayInLosAngeles } from '@/contracts/dates';
import { defaultServiceArea, dormRefusal } from '@/contracts/service-area';
import { startBillingTestApp } from '@tests/support/billing-fixtures';
import { createUnit, createUnitModel } from '@/server/platform/db/factories';
import { leads, localGatewaySessions, orders } from '@/server/platform/db/schema';
import { writeServiceArea } from '@/server/rentals/service-area/settings';
import { openPaymentPage, stockRestOfFleet } from '@tests/support/checkout-fixtures';
import { snapshotTables } from '@tests/support/table-snapshot';

/**
 * The service area at checkout (ADR 022), with the depot at the default 92701 (Santa Ana), a 35-mile radius,
 * free delivery within 10 miles and a $25.00 charge beyond: a ZIP ~5 miles away is free, ~15 miles carries the
 * charge onto the first invoice of the ledger, ~200 miles is refused with nothing stored but the lead.
 */
const { t, ledgerOf, advance } = await startBillingTestApp();
await stockRestOfFleet(t);
afterAll(async () => t.close());

let ip = 0;
const freshIp = () => `10.4.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;
const goodCard = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Jordan Rivera' };
/** The local payment page's form, as the browser posts it. */
const pay = (sessionId: string) =>
  t.app.inject({ method: 'POST', url: `/api/pay/sessions/${sessionId}`, payload: goodCard });

const FIVE_MILES = '92614'; // Irvine, 5.0 mi
const FIFTEEN_MILES = '92656'; // Aliso Viejo, 15.1 mi
const TWO_HUNDRED_MILES = '92363'; // Needles, 199.7 mi

/** Today on the app's clock, which the ledger test moves a month on (start dates count from it). */
const appToday = () => todayInLosAngeles(t.deps.clock.now());

let street = 1;
async function registration(overrides: Record<string, unknown> = {}) {
  const model = await createUnitModel(t.db);
  await createUnit(t.db, { modelId: model.id });
  return {
    planType: 'monthly',
    startDate: addDays(appToday(), 1),
    name: 'Jordan Rivera',
    email: `area-${randomUUID().slice(0, 8)}@example.com`,
    phone: '(714) 555-0101',
    address: `${(street += 1)} Harbor Boulevard`,
    city: 'Irvine',
    zipCode: FIVE_MILES,
    deliveryToDorm: false,
    modelId: model.id,
    ...overrides,
  };
}

const createSession = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/checkout/create-session', payload, remoteAddress: freshIp() });

async function orderOf(orderId: string) {
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  return order!;
}

describe('checkout within the service area', () => {
  it('delivers free ~5 miles from the depot: no charge stored, none sent to the payment page', async () => {
    const response = await createSession(await registration({ zipCode: FIVE_MILES }));
    expect(response.statusCode).toBe(200);
    const order = await orderOf(response.json().orderId);
    expect(order).toMatchObject({ deliveryChargeCents: 0, deliveryMiles: '5.0' });
    const [session] = await t.db.select().from(localGatewaySessions).where(eq(localGatewaySessions.orderId, order.id));
    // The first month alone is paid now; no delivery line.
    expect(session!.oneTimeItems).toEqual([
      { amountCents: 3900, description: expect.stringMatching(/^First month's rent, /) },
    ]);
  });

  it('charges $25.00 ~15 miles away, billed once: a line on the first invoice of the ledger only', async () => {
    const response = await createSession(await registration({ zipCode: FIFTEEN_MILES, city: 'Aliso Viejo' }));
    expect(response.statusCode).toBe(200);
    const { orderId, sessionUrl } = response.json();
    expect(await orderOf(orderId)).toMatchObject({ deliveryChargeCents: 2500, deliveryMiles: '15.1' });

    // The payment page shows what the first payment is made of.
    const { sessionId } = await openPaymentPage(t.app, sessionUrl);
    const page = await t.app.inject({ url: `/api/pay/sessions/${sessionId}` });
    const startDate = (await orderOf(orderId)).startDate;
    expect(page.json()).toMatchObject({
      amountCents: 3900,
      oneTimeItems: [
        {
          amountCents: 3900,
          description: `First month's rent, ${formatCalendarDate(startDate)} – ${formatCalendarDate(addMonths(startDate, 1))}`,
        },
        { amountCents: 2500, description: 'Delivery (15.1 mi from our depot)' },
      ],
      renewsOn: addMonths(startDate, 1),
    });

    expect((await pay(sessionId)).statusCode).toBe(200);
    expect(await orderOf(orderId)).toMatchObject({ status: 'active' });
    const first = await ledgerOf(orderId);
    expect(first.invoices).toHaveLength(1);
    expect(first.invoices[0]).toMatchObject({ status: 'paid', amountDueCents: 6400, amountPaidCents: 6400 });
    expect(first.invoices[0]!.lines).toEqual(
      expect.arrayContaining([
        ['rent', 0],
        ['item', 3900],
        ['item', 2500],
      ]),
    );
    expect(first.invoices[0]!.lines).toHaveLength(3);

    // The renewal on the start date + 1 month bills the rent alone.
    await advance(33);
    const renewed = await ledgerOf(orderId);
    expect(renewed.invoices).toHaveLength(2);
    expect(renewed.invoices[1]!.lines).toEqual([['rent', 3900]]);
  });
});

describe('checkout outside the service area', () => {
  it('refuses ~200 miles before payment with nothing stored, then keeps the e-mail as a lead, once', async () => {
    const body = await registration({ zipCode: TWO_HUNDRED_MILES, city: 'Needles' });
    const before = await snapshotTables(t.db);
    const refused = await createSession(body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'out_of_service_area',
      message: `We don't deliver to ZIP ${TWO_HUNDRED_MILES} yet: it is 200 miles from our depot and we serve within 35 miles.`,
    });
    expect(refused.json().fieldErrors.zipCode).toBe(refused.json().message);
    // No customer, order, hold, agreement or payment session: the database is as it was.
    expect(await snapshotTables(t.db)).toEqual(before);

    const lead = { email: ` ${String(body.email).toUpperCase()} `, zipCode: TWO_HUNDRED_MILES, kind: 'service_area' };
    const kept = await t.app.inject({ method: 'POST', url: '/api/leads', payload: lead, remoteAddress: freshIp() });
    expect(kept.statusCode).toBe(202);
    const again = await t.app.inject({ method: 'POST', url: '/api/leads', payload: lead, remoteAddress: freshIp() });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(kept.json());
    expect(kept.json().message).toBe(`Thanks! We'll e-mail you when we start delivering to ZIP ${TWO_HUNDRED_MILES}.`);
    const rows = await t.db
      .select()
      .from(leads)
      .where(eq(leads.email, String(body.email)));
    expect(rows).toEqual([expect.objectContaining({ kind: 'service_area', zipCode: TWO_HUNDRED_MILES })]);

    const after = await snapshotTables(t.db);
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    expect(changed).toEqual(['leads']);
  });

  it('refuses New York (10118) with its distance, and a ZIP that does not exist under the ZIP field', async () => {
    const newYork = await createSession(await registration({ zipCode: '10118', city: 'New York' }));
    expect(newYork.statusCode).toBe(422);
    expect(newYork.json().message).toBe(
      "We don't deliver to ZIP 10118 yet: it is 2,435 miles from our depot and we serve within 35 miles.",
    );
    const nowhere = await createSession(await registration({ zipCode: '00000' }));
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().fieldErrors.zipCode).toBe('We could not find ZIP code 00000. Please check it and try again.');
  });

  it('asks about university dorms: yes is refused with the policy, no answer is allowed for older callers', async () => {
    const before = await snapshotTables(t.db);
    const dorm = await createSession(await registration({ deliveryToDorm: true }));
    expect(dorm.statusCode).toBe(400);
    expect(dorm.json().fieldErrors.deliveryToDorm).toBe(dormRefusal);
    expect(dormRefusal).toContain(
      'Service is not permitted in undergraduate dorms of one university because of its housing policies.',
    );
    const unitRows = await snapshotTables(t.db);
    expect(unitRows.orders).toBe(before.orders);
    expect(unitRows.customers).toBe(before.customers);

    const unanswered = await registration();
    delete (unanswered as Record<string, unknown>).deliveryToDorm;
    expect((await createSession(unanswered)).statusCode).toBe(200);
  });
});

describe('checkout rules', () => {
  it.each([
    ['abcdefghij', 'letters'],
    ['(714) 555-01', 'nine digits'],
    ['----------------', 'no digits'],
  ])('refuses the phone %j (%s) with the spec message', async (phone) => {
    const response = await createSession(await registration({ phone }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.phone).toBe('Please enter a valid phone number');
  });

  it('takes a start date up to 60 days ahead, not 61', async () => {
    const late = await createSession(await registration({ startDate: addDays(appToday(), 61) }));
    expect(late.statusCode).toBe(400);
    expect(late.json().fieldErrors.startDate).toBe('Start date must be within the next 60 days');
    const latest = await createSession(await registration({ startDate: addDays(appToday(), 60) }));
    expect(latest.statusCode).toBe(200);
  });

  it('counts the 60 days from the app clock, not the server wall clock', async () => {
    await advance(1);
    expect(appToday() > todayInLosAngeles()).toBe(true);
    const past = await createSession(await registration({ startDate: todayInLosAngeles() }));
    expect(past.statusCode).toBe(400);
    expect(past.json().fieldErrors.startDate).toBe('Start date cannot be in the past');
    // Beyond 60 days of the wall clock's today, within 60 of the app's.
    const ahead = await createSession(await registration({ startDate: addDays(appToday(), 59) }));
    expect(ahead.statusCode).toBe(200);
  });
});

describe('the service area changed by another instance', () => {
  // Written to the database directly, as another app instance on the same database writes it: this app's copy of
  // the settings (checkout/delivery.ts) is not told.
  const changeElsewhere = (change: Partial<typeof defaultServiceArea>) =>
    writeServiceArea(t.db, { ...defaultServiceArea, ...change });
  const chargeOf = async (response: { statusCode: number; json(): { orderId: string } }) => {
    expect(response.statusCode).toBe(200);
    return (await orderOf(response.json().orderId)).deliveryChargeCents;
  };

  it('prices the next checkout on the stored settings, and refuses or accepts a ZIP only on them', async () => {
    try {
      expect(await chargeOf(await createSession(await registration({ zipCode: FIFTEEN_MILES })))).toBe(2500);
      await changeElsewhere({ freeDeliveryMiles: 20 });
      expect(await chargeOf(await createSession(await registration({ zipCode: FIFTEEN_MILES })))).toBe(0);
      await changeElsewhere({ deliveryChargeCents: 4000 });
      expect(await chargeOf(await createSession(await registration({ zipCode: FIFTEEN_MILES })))).toBe(4000);

      await changeElsewhere({ serviceRadiusMiles: 12 });
      const body = await registration({ zipCode: FIFTEEN_MILES });
      const before = await snapshotTables(t.db);
      const refused = await createSession(body);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toMatch(/we serve within 12 miles/);
      expect(await snapshotTables(t.db)).toEqual(before);

      await changeElsewhere({ serviceRadiusMiles: 200 });
      expect(await chargeOf(await createSession(await registration({ zipCode: TWO_HUNDRED_MILES })))).toBe(2500);
    } finally {
      await writeServiceArea(t.db, defaultServiceArea);
    }
  });
});
