import { sql } from 'drizzle-orm';
import { business } from '@/contracts/business';
import { todayInLosAngeles } from '@/contracts/dates';
import {
  DELIVERY_WINDOW_DAYS,
  EARLIEST_WINDOW_SEARCH_DAYS,
  type CapacityWindow,
  type DeliveryCapacitySettings,
  type DeliveryWindow,
} from '@/contracts/delivery-windows';
import type { Db, Tx } from '@/server/platform/db/client';
import { businessSettings, deliveryTasks, orders, units } from '@/server/platform/db/schema';
import { dateOfDay, dayNumber, weekdayOf, weekdayOfDay } from './calendar';

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

/** The owner's windows of each weekday (index 0 is Sunday) and the blackout days, sorted out once per settings. */
interface Calendar {
  byWeekday: CapacityWindow[][];
  blackouts: Set<string>;
}
const calendars = new WeakMap<DeliveryCapacitySettings, Calendar>();

function calendarOf(settings: DeliveryCapacitySettings): Calendar {
  let calendar = calendars.get(settings);
  if (!calendar) {
    const byWeekday: CapacityWindow[][] = [[], [], [], [], [], [], []];
    for (const window of settings.windows) byWeekday[window.weekday]!.push(window);
    calendar = { byWeekday, blackouts: new Set(settings.blackoutDates) };
    calendars.set(settings, calendar);
  }
  return calendar;
}

/** What closes windows for customers at `now`: today's date and time in Los Angeles, worked out once. */
interface Clock {
  today: string;
  time: string;
}
const clockAt = (now: Date): Clock => ({ today: todayInLosAngeles(now), time: timeInLosAngeles(now) });

function windowsOn(
  settings: DeliveryCapacitySettings,
  date: string,
  weekday: number,
  clock: Clock | null,
): CapacityWindow[] {
  const { byWeekday, blackouts } = calendarOf(settings);
  if (blackouts.has(date)) return [];
  const windows = byWeekday[weekday]!;
  if (!clock || date > clock.today) return windows;
  if (date < clock.today || clock.time >= settings.sameDayCutoff) return [];
  return windows.filter((window) => window.start > clock.time);
}

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
  return windowsOn(settings, date, weekdayOf(date), forCustomers ? clockAt(now) : null);
}

/** The visits taken on each day of a range, by the start time they count from: date → [start, count][]. */
export type Taken = Map<string, Array<[start: string, count: number]>>;

/**
 * What the windows of `from`..`to` have taken at `now`, as one grouped read (a day's visits through
 * delivery_tasks_day_idx, a day's pending held orders through orders_pending_window_start_idx): the same count as
 * delivery_window_taken (migration 0023), bucketed in the app. Rows of (day, start, taken).
 */
const takenQuery = (from: string, to: string, now: Date) => sql`
    select day, start, sum(taken)::int as taken from (
      select ${deliveryTasks.scheduledDate}::text as day, visit_window_start(${deliveryTasks.timeWindow}) as start,
        count(*) as taken
      from ${deliveryTasks}
      where ${deliveryTasks.scheduledDate} between ${from} and ${to}
        and ${deliveryTasks.status} in ('scheduled', 'completed') and ${deliveryTasks.timeWindow} is not null
      group by 1, 2
      union all
      select ${orders.deliveryWindowDate}::text, ${orders.deliveryWindowStart}, count(*)
      from ${orders}
      where ${orders.deliveryWindowDate} between ${from} and ${to} and ${orders.status} = 'pending'
        and exists (select 1 from ${units} where ${units.heldByOrderId} = ${orders.id}
          and ${units.heldUntil} > ${now.toISOString()}::timestamptz)
      group by 1, 2
    ) counted
    where start is not null
    group by 1, 2`;

type TakenRow = { day: string; start: string; taken: number };

function takenOf(rows: TakenRow[]): Taken {
  const taken: Taken = new Map();
  for (const row of rows) countBooking(taken, row.day, row.start, Number(row.taken));
  return taken;
}

async function takenBetween(db: Db | Tx, from: string, to: string, now: Date): Promise<Taken> {
  const result = await db.execute(takenQuery(from, to, now));
  return takenOf((result as unknown as { rows: TakenRow[] }).rows);
}

/**
 * The same, and the stored value of one business setting (the owner's windows: settings.ts), in one statement: a
 * checkout's one read before its hold (take.ts). `stored` is undefined when the setting has no row yet.
 */
export async function takenWithSetting(
  db: Db | Tx,
  settingKey: string,
  from: string,
  to: string,
  now: Date,
): Promise<{ taken: Taken; stored: unknown }> {
  const result = await db.execute(sql`
    select day, start, taken, null::jsonb as stored from (${takenQuery(from, to, now)}) counted
    union all
    select null, null, null, ${businessSettings.value} from ${businessSettings}
    where ${businessSettings.key} = ${settingKey}`);
  const rows = (result as unknown as { rows: Array<TakenRow & { stored: unknown }> }).rows;
  return {
    taken: takenOf(rows.filter((row) => row.day !== null)),
    stored: rows.find((row) => row.day === null)?.stored,
  };
}

/** `visits` more (or fewer) taken on `date` from `start`: a booking of the window starting then, as if read. */
export function countBooking(taken: Taken, date: string, start: string, visits: number): void {
  const day = taken.get(date);
  const entry = day?.find(([from]) => from === start);
  if (entry) entry[1] += visits;
  else if (day) day.push([start, visits]);
  else taken.set(date, [[start, visits]]);
}

/** The visits a window of a day has taken: those of the day that start inside it. */
export function takenIn(taken: Taken, date: string, window: CapacityWindow): number {
  let count = 0;
  for (const [start, visits] of taken.get(date) ?? []) {
    if (start >= window.start && start < window.end) count += visits;
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
  const taken = await takenBetween(db, from, dateOfDay(dayNumber(from) + days - 1), now);
  return windowsWithRoom(settings, taken, from, now, days);
}

/** customerWindows from counts already read (takenWithSetting). */
export function windowsWithRoom(
  settings: DeliveryCapacitySettings,
  taken: Taken,
  from: string,
  now: Date,
  days: number,
): DeliveryWindow[] {
  const first = dayNumber(from);
  const clock = clockAt(now);
  const windows: DeliveryWindow[] = [];
  for (let day = first; day < first + days; day += 1) {
    const date = dateOfDay(day);
    for (const window of windowsOn(settings, date, weekdayOfDay(day), clock)) {
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
