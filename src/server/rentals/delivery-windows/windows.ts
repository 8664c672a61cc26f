import { and, between, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import { business } from '@/contracts/business';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import {
  DELIVERY_WINDOW_DAYS,
  EARLIEST_WINDOW_SEARCH_DAYS,
  type CapacityWindow,
  type DeliveryCapacitySettings,
  type DeliveryWindow,
} from '@/contracts/delivery-windows';
import type { Db, Tx } from '@/server/platform/db/client';
import { deliveryTasks, orders, units } from '@/server/platform/db/schema';

const losAngelesTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: business.timeZone,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The time of day in Los Angeles, 'HH:MM'. */
export function timeInLosAngeles(now: Date): string {
  return losAngelesTime.format(now);
}

/** 0 (Sunday) to 6 (Saturday) of a YYYY-MM-DD day. */
export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/**
 * The windows the owner offers on a day, as set (blackout days have none), without counting: `forCustomers` also
 * closes what the clock has passed — a day before today, today after the same-day cut-off, and a window of today
 * that has begun. The owner books any window of the day.
 */
export function windowsOfDay(
  settings: DeliveryCapacitySettings,
  date: string,
  now: Date,
  forCustomers = true,
): CapacityWindow[] {
  if (settings.blackoutDates.includes(date)) return [];
  const windows = settings.windows.filter((window) => window.weekday === weekdayOf(date));
  if (!forCustomers) return windows;
  const today = todayInLosAngeles(now);
  if (date < today) return [];
  if (date > today) return windows;
  const time = timeInLosAngeles(now);
  if (time >= settings.sameDayCutoff) return [];
  return windows.filter((window) => window.start > time);
}

/** The visits taken in each window start of a range of days: 'YYYY-MM-DD HH:MM' → count. */
type TakenByStart = Map<string, number>;

/**
 * What the windows of `from`..`to` have taken at `now`, in two grouped reads through their indexes (a day's visits,
 * a day's pending held orders): the same count as delivery_window_taken (migration 0023), bucketed in the app.
 */
async function takenBetween(db: Db | Tx, from: string, to: string, now: Date): Promise<TakenByStart> {
  const start = sql<string>`visit_window_start(${deliveryTasks.timeWindow})`;
  const visits = await db
    .select({ date: deliveryTasks.scheduledDate, start, count: sql<number>`count(*)::int` })
    .from(deliveryTasks)
    .where(
      and(
        between(deliveryTasks.scheduledDate, from, to),
        sql`${deliveryTasks.status} in ('scheduled', 'completed')`,
        isNotNull(deliveryTasks.timeWindow),
      ),
    )
    .groupBy(deliveryTasks.scheduledDate, start);
  const held = await db
    .select({ date: orders.deliveryWindowDate, start: orders.deliveryWindowStart, count: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        gte(orders.deliveryWindowDate, from),
        lte(orders.deliveryWindowDate, to),
        eq(orders.status, 'pending'),
        sql`exists (select 1 from ${units} where ${units.heldByOrderId} = ${orders.id} and ${units.heldUntil} > ${now.toISOString()}::timestamptz)`,
      ),
    )
    .groupBy(orders.deliveryWindowDate, orders.deliveryWindowStart);
  const taken: TakenByStart = new Map();
  for (const row of [...visits, ...held]) {
    if (!row.date || !row.start) continue;
    const key = `${row.date} ${row.start}`;
    taken.set(key, (taken.get(key) ?? 0) + Number(row.count));
  }
  return taken;
}

function takenIn(taken: TakenByStart, date: string, window: CapacityWindow): number {
  let count = 0;
  for (const [key, value] of taken) {
    const [day, start] = key.split(' ') as [string, string];
    if (day === date && start >= window.start && start < window.end) count += value;
  }
  return count;
}

/**
 * The windows customers may book from `from` for `days` days, earliest first, each with the visits it can still take
 * (0 when full: shown, not hidden, so a customer sees the day is busy rather than missing).
 */
export async function customerWindows(
  db: Db | Tx,
  settings: DeliveryCapacitySettings,
  from: string,
  now: Date,
  days = DELIVERY_WINDOW_DAYS,
): Promise<DeliveryWindow[]> {
  const to = addDays(from, days - 1);
  const taken = await takenBetween(db, from, to, now);
  const windows: DeliveryWindow[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    for (const window of windowsOfDay(settings, date, now)) {
      const open = Math.max(0, window.visits - takenIn(taken, date, window));
      windows.push({ date, start: window.start, end: window.end, open });
    }
  }
  return windows;
}

/** The first window with room from `from` on, looking up to 90 days ahead; null when there is none. */
export async function earliestOpenWindow(
  db: Db | Tx,
  settings: DeliveryCapacitySettings,
  from: string,
  now: Date,
): Promise<DeliveryWindow | null> {
  const windows = await customerWindows(db, settings, from, now, EARLIEST_WINDOW_SEARCH_DAYS);
  return windows.find((window) => window.open > 0) ?? null;
}

/** One day's windows as the owner books them: every window of the day with what it can take and has taken. */
export async function ownerDayWindows(
  db: Db | Tx,
  settings: DeliveryCapacitySettings,
  date: string,
  now: Date,
): Promise<Array<CapacityWindow & { date: string; taken: number }>> {
  const windows = windowsOfDay(settings, date, now, false);
  if (windows.length === 0) return [];
  const taken = await takenBetween(db, date, date, now);
  return windows.map((window) => ({ ...window, date, taken: takenIn(taken, date, window) }));
}
