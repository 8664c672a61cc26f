import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { deliveryCapacitySettings, windowFullMessage } from '@/contracts/delivery-windows';
import { businessSettings, deliveryWindowBudgets, orders } from '@/server/platform/db/schema';
import { DELIVERY_CAPACITY_KEY } from '@/server/rentals/delivery-windows/settings';
import { lockDeliveryWindow } from '@/server/rentals/delivery-windows/take';
import { registration, startCheckoutTestApp } from '@tests/support/checkout-fixtures';
import { aSharedTurnWaits } from '@tests/support/advisory-turns';

/**
 * A window's room between exact counts (migration 0036): a count hands out the tickets of the bookings it leaves room
 * for; checkouts holding one book without counting, and anything else that books the window spends the budget.
 */
const { t, createSession, modelWithUnits } = await startCheckoutTestApp();
afterAll(() => t.close());

// Every day one window of four visits.
const value = deliveryCapacitySettings.parse({
  windows: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '09:00', end: '12:00', visits: 4 })),
  sameDayCutoff: '12:00',
  blackoutDates: [],
});
await t.db.insert(businessSettings).values({ key: DELIVERY_CAPACITY_KEY, value });
const model = await modelWithUnits(30);

const budgetOf = async (date: string) =>
  (
    await t.db
      .select()
      .from(deliveryWindowBudgets)
      .where(eq(deliveryWindowBudgets.windowKey, `${date} 09:00`))
  )[0];
const checkoutOn = (date: string) =>
  createSession(registration({ modelId: model.id, startDate: date, deliveryWindow: { date, start: '09:00' } }));
const bookedOn = async (date: string) =>
  t.db.$count(orders, and(eq(orders.deliveryWindowDate, date), eq(orders.deliveryWindowStart, '09:00')));

describe('a delivery window’s budget of bookings', () => {
  it('lets the bookings a count left room for in without counting, until the owner books the window', async () => {
    const date = addDays(todayInLosAngeles(), 3);
    expect((await checkoutOn(date)).statusCode).toBe(200);
    const counted = (await budgetOf(date))!;
    expect(counted).toMatchObject({ windowEnd: '12:00', visits: 4 });
    expect(counted.lastTicket - counted.firstTicket).toBe(3);

    // A second checkout spends a ticket: the range is the same.
    expect((await checkoutOn(date)).statusCode).toBe(200);
    expect(await budgetOf(date)).toEqual(counted);

    // A booking under the window's lock alone (a visit, a phone order) spends the budget: the next checkout counts.
    await t.db.transaction((tx) => lockDeliveryWindow(tx, date, '09:00'));
    expect((await budgetOf(date))!.lastTicket).toBe(counted.firstTicket);
    expect((await checkoutOn(date)).statusCode).toBe(200);
    const recounted = (await budgetOf(date))!;
    expect(recounted.firstTicket).toBeGreaterThan(counted.lastTicket);
    expect(recounted.lastTicket - recounted.firstTicket).toBe(1);

    expect((await checkoutOn(date)).statusCode).toBe(200);
    const full = await checkoutOn(date);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(windowFullMessage);
    expect(await bookedOn(date)).toBe(4);
  });

  it('is counted afresh for a window the owner changed', async () => {
    const date = addDays(todayInLosAngeles(), 4);
    expect((await checkoutOn(date)).statusCode).toBe(200);
    const counted = (await budgetOf(date))!;
    const fewer = { ...value, windows: value.windows.map((window) => ({ ...window, visits: 2 })) };
    await t.db.update(businessSettings).set({ value: fewer }).where(eq(businessSettings.key, DELIVERY_CAPACITY_KEY));
    // Once this instance's copy of the windows is older than its second (delivery-windows/day-copy.ts).
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await checkoutOn(date)).statusCode).toBe(200);
    expect(await budgetOf(date)).toMatchObject({ visits: 2 });
    expect((await budgetOf(date))!.firstTicket).toBeGreaterThan(counted.firstTicket);
    expect((await checkoutOn(date)).statusCode).toBe(409);
    expect(await bookedOn(date)).toBe(2);
    await t.db.update(businessSettings).set({ value }).where(eq(businessSettings.key, DELIVERY_CAPACITY_KEY));
  });
});

describe.runIf(t.database.kind === 'postgres')('a checkout whose window budget is spent while it waits', () => {
  it('starts again and counts: the customer gets the page, not an error', async () => {
    const date = addDays(todayInLosAngeles(), 5);
    expect((await checkoutOn(date)).statusCode).toBe(200);
    const counted = (await budgetOf(date))!;

    // Another session books the window under its lock alone, not yet committed, as the owner's visit does.
    const other = new pg.Client({ connectionString: t.url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(`select delivery_window_lock($1::date, '09:00')`, [date]);
      const answer = checkoutOn(date);
      // The checkout saw the budget as it was (the spending is not committed) and waits for its shared turn.
      await aSharedTurnWaits(other, 3);
      await other.query('commit');
      expect((await answer).statusCode).toBe(200);
    } finally {
      await other.end();
    }
    // It counted: a new range, with room for 2 more (2 of 4 booked).
    const recounted = (await budgetOf(date))!;
    expect(recounted.firstTicket).toBeGreaterThan(counted.lastTicket);
    expect(recounted.lastTicket - recounted.firstTicket).toBe(2);
    expect(await bookedOn(date)).toBe(2);
  });
});
