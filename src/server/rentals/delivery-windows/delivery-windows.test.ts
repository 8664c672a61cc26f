import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, formatCalendarDate, startOfDayInLosAngeles, todayInLosAngeles } from '@/contracts/dates';
import {
  noWindowMessage,
  windowFullMessage,
  windowNotOfferedMessage,
  type DeliveryCapacityInput,
  type DeliveryWindow,
} from '@/contracts/delivery-windows';
import type { BillingClock } from '@/server/platform/clock';
import { createAdminUser, createCustomer, createDeliveryTask, createOrder } from '@/server/platform/db/factories';
import { checkoutRefusals, deliveryTasks, orders } from '@/server/platform/db/schema';
import { deliveryCapacitySettings } from '@/contracts/delivery-windows';
import { formatCalendarDateIn } from '@/i18n/format';
import { signInAdmin } from '@tests/support/admin-client';
import { openPaymentPage, registration, startCheckoutTestApp } from '@tests/support/checkout-fixtures';
import { linkParts, phoneOrderBody } from '@tests/support/phone-order-fixtures';
import { goodCard, pay } from '@tests/support/payment-fixtures';
import { snapshotTables } from '@tests/support/table-snapshot';
import { writeDeliveryCapacity } from './settings';
import { weekdayOf } from './calendar';

const { t, createSession, modelWithUnits } = await startCheckoutTestApp();
afterAll(async () => t.close());
const clock = t.deps.clock as BillingClock;
const admin = await createAdminUser(t.db);

// The app's day is a Monday at 9 in the morning, Los Angeles time, at least two days ahead: windows depend on it.
let monday = addDays(todayInLosAngeles(), 2);
while (weekdayOf(monday) !== 1) monday = addDays(monday, 1);
clock.moveTo(new Date(startOfDayInLosAngeles(monday).getTime() + 9 * 3_600_000));
const tuesday = addDays(monday, 1);
const wednesday = addDays(monday, 2);
const thursday = addDays(monday, 3);
const friday = addDays(monday, 4);

/** Every day 9-12 (two visits) and 1-5 (three), orders for today until noon, no visits on the Tuesday. */
const capacity: DeliveryCapacityInput = {
  windows: [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) => [
    { weekday, start: '13:00', end: '17:00', visits: 3 },
    { weekday, start: '09:00', end: '12:00', visits: 2 },
  ]),
  sameDayCutoff: '12:00',
  blackoutDates: [tuesday],
};
await writeDeliveryCapacity(t.db, admin.id, deliveryCapacitySettings.parse(capacity));

async function windowsFrom(from: string, zip = '92612'): Promise<DeliveryWindow[]> {
  const response = await t.app.inject({ url: `/api/delivery-windows?zip=${zip}&from=${from}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const openIn = async (date: string, start: string) =>
  (await windowsFrom(date)).find((window) => window.date === date && window.start === start)?.open;

function checkoutInto(modelId: string, date: string, start: string, overrides: Record<string, unknown> = {}) {
  return createSession(registration({ modelId, startDate: date, deliveryWindow: { date, start }, ...overrides }));
}

describe('GET /api/delivery-windows', () => {
  it('answers the windows of 14 days, earliest first, without blackout days or what the clock has passed', async () => {
    const windows = await windowsFrom(monday);
    // Today: 9-12 has begun; 1-5 is open until the noon cut-off. Tuesday is a blackout day. Then two a day.
    expect(windows.slice(0, 3)).toEqual([
      { date: monday, start: '13:00', end: '17:00', open: 3 },
      { date: wednesday, start: '09:00', end: '12:00', open: 2 },
      { date: wednesday, start: '13:00', end: '17:00', open: 3 },
    ]);
    expect(windows.some((window) => window.date === tuesday)).toBe(false);
    expect(windows).toHaveLength(1 + 12 * 2);
    expect(windows.at(-1)!.date).toBe(addDays(monday, 13));
  });

  it("refuses a ZIP or date the checkout would refuse, with the checkout's messages", async () => {
    const ask = (query: string) => t.app.inject({ url: `/api/delivery-windows?${query}` });
    const malformed = await ask(`zip=9261&from=${monday}`);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/Please enter a valid ZIP code/);
    const impossible = await ask('zip=92612&from=2027-02-30');
    expect(impossible.statusCode).toBe(400);
    const past = await ask(`zip=92612&from=${addDays(monday, -1)}`);
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('Start date cannot be in the past');
    const farAway = await ask(`zip=94103&from=${monday}`);
    expect(farAway.statusCode).toBe(422);
  });
});

describe('a checkout books a window', () => {
  it('takes one place per held or paid checkout, refuses a full window with nothing written, and gives a place back when a hold ends', async () => {
    const model = await modelWithUnits(6);
    expect(await openIn(wednesday, '09:00')).toBe(2);

    const first = await checkoutInto(model.id, wednesday, '09:00');
    expect(first.statusCode, first.body).toBe(200);
    const [held] = await t.db.select().from(orders).where(eq(orders.id, first.json().orderId));
    expect(held).toMatchObject({
      deliveryWindowDate: wednesday,
      deliveryWindowStart: '09:00',
      deliveryWindowEnd: '12:00',
    });
    expect(await openIn(wednesday, '09:00')).toBe(1);

    // Paid: the delivery is booked in the window, and the place stays taken (by the visit now).
    const { sessionId } = await openPaymentPage(t.app, first.json().sessionUrl);
    const cookie = first.cookies.find((c) => c.name === 'cr_checkout')!.value;
    const signed = await t.app.inject({
      method: 'POST',
      url: '/api/agreements/create',
      cookies: { cr_checkout: cookie },
      payload: { orderId: held!.id, typedName: 'Jordan Rivera', agreed: true },
    });
    expect(signed.statusCode).toBe(201);
    expect((await pay(t, sessionId, goodCard)).statusCode).toBe(200);
    const visits = await t.db.select().from(deliveryTasks).where(eq(deliveryTasks.orderId, held!.id));
    expect(visits).toEqual([
      expect.objectContaining({ status: 'scheduled', scheduledDate: wednesday, timeWindow: '09:00-12:00' }),
    ]);
    expect(await openIn(wednesday, '09:00')).toBe(1);

    const second = await checkoutInto(model.id, wednesday, '09:00');
    expect(second.statusCode).toBe(200);
    expect(await openIn(wednesday, '09:00')).toBe(0);

    const before = await snapshotTables(t.db);
    const full = await checkoutInto(model.id, wednesday, '09:00');
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ message: windowFullMessage, code: 'delivery_window_full' });
    expect(await snapshotTables(t.db)).toEqual(before);
    // Unmet demand: one refusal per client address, day, reason and ZIP, however often it tries.
    const capacityRefusals = async () =>
      (await t.db.select().from(checkoutRefusals).where(eq(checkoutRefusals.reason, 'capacity'))).length;
    const counted = await capacityRefusals();
    expect(counted).toBeGreaterThanOrEqual(1);
    const body = () =>
      registration({ modelId: model.id, startDate: wednesday, deliveryWindow: { date: wednesday, start: '09:00' } });
    expect((await createSession(body(), '10.77.0.1')).statusCode).toBe(409);
    expect((await createSession(body(), '10.77.0.1')).statusCode).toBe(409);
    expect(await capacityRefusals()).toBe(counted + 1);
    expect((await createSession(body(), '10.77.0.2')).statusCode).toBe(409);
    expect(await capacityRefusals()).toBe(counted + 2);

    // Without a window asked for: the earliest with room on or after the start date.
    const any = await createSession(registration({ modelId: model.id, startDate: wednesday }));
    expect(any.statusCode).toBe(200);
    const [auto] = await t.db.select().from(orders).where(eq(orders.id, any.json().orderId));
    expect(auto).toMatchObject({ deliveryWindowDate: wednesday, deliveryWindowStart: '13:00' });

    // The second checkout's 30-minute hold ends unpaid: its place is free again, with no write.
    clock.moveTo(new Date(clock.now().getTime() + 31 * 60_000));
    expect(await openIn(wednesday, '09:00')).toBe(1);
    expect(await openIn(wednesday, '13:00')).toBe(3);
  });

  it('refuses a window the owner does not offer, or one before the start date, as a 400', async () => {
    const model = await modelWithUnits(1);
    for (const deliveryWindow of [
      { date: thursday, start: '10:00' },
      { date: tuesday, start: '09:00' },
    ]) {
      const refused = await createSession(registration({ modelId: model.id, startDate: tuesday, deliveryWindow }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(windowNotOfferedMessage);
    }
    const early = await createSession(
      registration({ modelId: model.id, startDate: thursday, deliveryWindow: { date: wednesday, start: '09:00' } }),
    );
    expect(early.statusCode).toBe(400);
  });

  it("counts the owner's visits in a window against it", async () => {
    const customer = await createCustomer(t.db);
    const model = await modelWithUnits(0);
    const order = await createOrder(t.db, { customerId: customer.id, modelId: model.id, status: 'active' });
    await createDeliveryTask(t.db, {
      orderId: order.id,
      type: 'pickup',
      status: 'scheduled',
      scheduledDate: friday,
      timeWindow: '09:30-11:00',
    });
    await createDeliveryTask(t.db, {
      orderId: order.id,
      type: 'service',
      status: 'cancelled',
      scheduledDate: friday,
      timeWindow: '09:00-12:00',
    });
    expect(await openIn(friday, '09:00')).toBe(1);
  });

  it('never lets concurrent checkouts, new customers and returning ones, past a window of three', async () => {
    const model = await modelWithUnits(16);
    const returning = await Promise.all(
      Array.from({ length: 4 }, (_, i) => createCustomer(t.db, { email: `returning-${i}-${Date.now()}@example.com` })),
    );
    const bodies = [
      ...Array.from({ length: 10 }, () => ({})),
      ...returning.map((customer) => ({ email: customer.email })),
    ];
    const responses = await Promise.all(bodies.map((body) => checkoutInto(model.id, thursday, '13:00', body)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(bodies.length - 3);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json().message).toBe(windowFullMessage);
    }
    const booked = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.deliveryWindowDate, thursday), eq(orders.deliveryWindowStart, '13:00')));
    expect(booked).toHaveLength(3);
    expect(await openIn(thursday, '13:00')).toBe(0);
  });

  it('says the earliest date with room when the 14 days are full, instead of failing at the end', async () => {
    const model = await modelWithUnits(1);
    const start = addDays(monday, 20);
    const blackout = Array.from({ length: 14 }, (_, i) => addDays(start, i));
    await writeDeliveryCapacity(
      t.db,
      admin.id,
      deliveryCapacitySettings.parse({ ...capacity, blackoutDates: blackout }),
    );
    const refused = await createSession(registration({ modelId: model.id, startDate: start }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(noWindowMessage(formatCalendarDate(addDays(start, 14))));
    expect(await windowsFrom(start)).toEqual([]);
    // In the page's language, the date too (the page translates the rest of the message).
    const spanish = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/create-session',
      payload: registration({ modelId: model.id, startDate: start }),
      cookies: { lang: 'es' },
      remoteAddress: '10.99.0.1',
    });
    expect(spanish.statusCode).toBe(409);
    expect(spanish.json().message).toBe(noWindowMessage(formatCalendarDateIn('es', addDays(start, 14))));
    await writeDeliveryCapacity(t.db, admin.id, deliveryCapacitySettings.parse(capacity));
  });

  it('books a phone order into the window agreed on the phone, and refuses a full one with nothing written', async () => {
    const model = await modelWithUnits(4);
    const desk = await signInAdmin(t);
    const saturday = addDays(monday, 5);
    const take = () =>
      desk.request({
        method: 'POST',
        url: '/api/admin/orders',
        payload: phoneOrderBody({
          unitModelId: model.id,
          startDate: saturday,
          deliveryWindow: { date: saturday, start: '09:00' },
        }),
      });
    const first = await take();
    expect(first.statusCode, first.body).toBe(201);
    const { orderId, key } = linkParts(first.json().linkUrl);
    const link = await t.app.inject({ url: `/api/order-links/${orderId}?key=${key}` });
    expect(link.json().order.deliveryWindow).toEqual({ date: saturday, start: '09:00', end: '12:00' });
    expect((await take()).statusCode).toBe(201);
    const before = await snapshotTables(t.db);
    const full = await take();
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(windowFullMessage);
    expect(await snapshotTables(t.db)).toEqual(before);
  });

  it("closes today's windows at the same-day cut-off", async () => {
    expect((await windowsFrom(monday))[0]!.date).toBe(monday);
    clock.moveTo(new Date(startOfDayInLosAngeles(monday).getTime() + 12.5 * 3_600_000));
    expect((await windowsFrom(monday))[0]!.date).toBe(wednesday);
  });
});
