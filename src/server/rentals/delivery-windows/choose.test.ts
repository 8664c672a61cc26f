import { PgDialect } from 'drizzle-orm/pg-core';
import { eq, type SQL } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays } from '@/contracts/dates';
import { deliveryCapacitySettings, windowFullMessage } from '@/contracts/delivery-windows';
import type { Db } from '@/server/platform/db/client';
import { createCustomer, createOrder, createUnit, createUnitModel } from '@/server/platform/db/factories';
import { createTestDatabase } from '@tests/support/test-app';
import { businessSettings, orders } from '@/server/platform/db/schema';
import { releaseHolds } from '@/server/rentals/units/holds';
import { DayWindowsCopy } from './day-copy';
import { DELIVERY_CAPACITY_KEY } from './settings';
import { chooseDeliveryWindow } from './take';
import { takenIn } from './windows';

const t = await createTestDatabase();
afterAll(async () => t.close());

// Every day one window of two visits; the checkout starts on the 3rd, two days after `now`.
const settings = deliveryCapacitySettings.parse({
  windows: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '09:00', end: '12:00', visits: 2 })),
  sameDayCutoff: '12:00',
  blackoutDates: [],
});
// Stored as the owner's: the checkout reads them with the start date's bookings, in one statement.
await t.database.db.insert(businessSettings).values({ key: DELIVERY_CAPACITY_KEY, value: settings });
const now = new Date('2026-07-01T16:00:00Z');
const startDate = '2026-07-03';
const model = await createUnitModel(t.db);

/** `count` pending checkouts holding a unit for the window of `date`. */
async function hold(date: string, count: number) {
  for (let i = 0; i < count; i += 1) {
    const customer = await createCustomer(t.db);
    const order = await createOrder(t.db, {
      customerId: customer.id,
      modelId: model.id,
      status: 'pending',
      deliveryWindowDate: date,
      deliveryWindowStart: '09:00',
      deliveryWindowEnd: '12:00',
    });
    await createUnit(t.db, {
      modelId: model.id,
      heldByOrderId: order.id,
      heldUntil: new Date(now.getTime() + 1_800_000),
    });
  }
}

/**
 * The real database, with the days each read of the windows' bookings asked for (its first two parameters). A query
 * built with `select` (the settings read on their own, as before) throws: they come with the bookings.
 */
function recordingReads(db: Db) {
  const dialect = new PgDialect();
  const days: string[][] = [];
  const recording = new Proxy(db, {
    get(target, key, receiver) {
      if (key === 'select') throw new Error('a statement of its own');
      if (key !== 'execute') return Reflect.get(target, key, receiver) as unknown;
      return (query: SQL) => {
        days.push(dialect.sqlToQuery(query).params.slice(0, 2) as string[]);
        return target.execute(query);
      };
    },
  });
  return { recording, days };
}

describe('choosing the earliest delivery window', () => {
  it('reads only the start date’s bookings when it has room, however many the fortnight holds', async () => {
    await hold(addDays(startDate, 5), 2);
    await hold(addDays(startDate, 9), 1);
    const { recording, days } = recordingReads(t.db);
    const window = await chooseDeliveryWindow(recording, startDate, undefined, now);
    expect(window).toEqual({ date: startDate, start: '09:00', end: '12:00', visits: 2 });
    expect(days).toEqual([[startDate, startDate]]);
  });

  it('reads the other 13 days in one more read when the start date is full, skipping the full days', async () => {
    await hold(startDate, 2);
    await hold(addDays(startDate, 1), 2);
    const { recording, days } = recordingReads(t.db);
    const window = await chooseDeliveryWindow(recording, startDate, undefined, now);
    expect(window.date).toBe(addDays(startDate, 2));
    expect(days).toEqual([
      [startDate, startDate],
      [addDays(startDate, 1), addDays(startDate, 13)],
    ]);
  });
});

describe('choosing from the instance’s copy of the days’ bookings', () => {
  const later = addDays(startDate, 20);
  /** A copy on the recording database whose real time is `clock.ms`, and what it read. */
  function copyOf() {
    const { recording, days } = recordingReads(t.db);
    const clock = { ms: 0 };
    return { copy: new DayWindowsCopy(recording, 1_000, () => clock.ms), days, clock };
  }

  it('proposes from a read under a second old, on both clocks, and reads again after', async () => {
    const { copy, days, clock } = copyOf();
    const choose = (at: Date) => chooseDeliveryWindow(t.db, later, undefined, at, { copy });
    expect((await choose(now)).date).toBe(later);
    await hold(later, 1);
    clock.ms = 999;
    expect((await choose(new Date(now.getTime() + 999))).date).toBe(later);
    expect(days).toHaveLength(1);
    // The checkout's clock a second on (the demo's billing clock moves alone): read again, and it still has room.
    expect((await choose(new Date(now.getTime() + 1_000))).date).toBe(later);
    expect(days).toHaveLength(2);
    // Real time a second on: read again, and now the day is full.
    clock.ms = 2_000;
    await hold(later, 1);
    expect((await choose(new Date(now.getTime() + 1_000))).date).toBe(addDays(later, 1));
    expect(days).toHaveLength(4);
  });

  it('refuses only on a fresh read: a window the copy has full but a hold left is booked', async () => {
    const { copy, days } = copyOf();
    const day = addDays(startDate, 30);
    await hold(day, 2);
    const choose = () => chooseDeliveryWindow(t.db, day, { date: day, start: '09:00' }, now, { copy });
    await expect(choose()).rejects.toThrow(windowFullMessage);
    expect(days).toHaveLength(1);
    // One of the day's holds is given back: the copy still has the window full, so it is read again before any refusal.
    const [ended] = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.deliveryWindowDate, day))
      .limit(1);
    await t.db.transaction((tx) => releaseHolds(tx, ended!.id));
    expect(await choose()).toMatchObject({ date: day, start: '09:00' });
    expect(days).toHaveLength(2);
  });

  it('counts this instance’s bookings in flight into its copy, and takes back one that did not book', async () => {
    const { copy, days } = copyOf();
    const day = addDays(startDate, 40);
    const window = { date: day, start: '09:00' };
    const choose = () => chooseDeliveryWindow(t.db, day, undefined, now, { copy });
    expect((await choose()).date).toBe(day);
    copy.booking(window);
    expect((await choose()).date).toBe(day);
    // Two of two in flight: the window after it is proposed, without a statement finding the window full first.
    const undo = copy.booking(window);
    expect((await choose()).date).toBe(addDays(day, 1));
    expect(days).toEqual([
      [day, day],
      [addDays(day, 1), addDays(day, 13)],
    ]);
    undo();
    expect((await choose()).date).toBe(day);
    expect(days).toHaveLength(2);
  });

  it('has a window a booking found full under its lock full, in reads back and reads under way alike', async () => {
    const { copy, days } = copyOf();
    const day = addDays(startDate, 60);
    const choose = () => chooseDeliveryWindow(t.db, day, undefined, now, { copy });
    expect((await choose()).date).toBe(day);
    copy.filled({ date: day, start: '09:00', visits: 2 });
    expect((await choose()).date).toBe(addDays(day, 1));
    expect(days).toHaveLength(2);
    // A read under way when the fill is learnt: its caller gets it as read, and the copy kept is marked.
    const { copy: fresh } = copyOf();
    const reading = fresh.reread(day, day, now);
    fresh.filled({ date: day, start: '09:00', visits: 2 });
    expect(takenIn((await reading).taken, day, settings.windows[0]!)).toBe(0);
    expect(takenIn((await fresh.read(day, day, now)).taken, day, settings.windows[0]!)).toBe(2);
    // A fill it cannot place: every day is read afresh.
    copy.filled();
    expect((await choose()).date).toBe(day);
    expect(days).toHaveLength(3);
  });
});
