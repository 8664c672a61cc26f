import { eq, sql } from 'drizzle-orm';
import { addDays } from '@/contracts/dates';
import type { Locale } from '@/contracts/locale';
import { formatCalendarDateIn } from '@/i18n/format';
import {
  DELIVERY_WINDOW_DAYS,
  lastWindowDay,
  noWindowMessage,
  windowFullMessage,
  windowNotOfferedMessage,
  WINDOW_FULL_CODE,
  type CapacityWindow,
  type DeliveryCapacitySettings,
  type DeliveryWindow,
  type DeliveryWindowChoice,
} from '@/contracts/delivery-windows';
import type { Db, Tx } from '@/server/platform/db/client';
import { isRaise } from '@/server/platform/db/errors';
import { orders } from '@/server/platform/db/schema';
import { AppError, Invalid } from '@/server/platform/errors';
import { readDeliveryCapacityWithTaken } from './settings';
import { customerWindows, earliestOpenWindow, windowsOfDay, windowsWithRoom } from './windows';

/** A window booked: its day, start and end ('HH:MM'), and how many visits it takes. */
export interface BookedWindow {
  date: string;
  start: string;
  end: string;
  visits: number;
}

/** A checkout refused for capacity: no window left (analytics counts these, issue 30). */
export class NoDeliveryWindow extends AppError {
  constructor(message: string) {
    super(message, 409, { deliveryWindow: message }, WINDOW_FULL_CODE);
  }
}

/**
 * The window a checkout (or a phone order) starting on `startDate` books, before anything is written: the one asked
 * for when it is one of the owner's windows in the 14 days from the start date and has room, else the earliest with
 * room. A window not offered is a 400; a full one, or none in the 14 days, a 409 saying the earliest date there is.
 * The count here only guides: the transaction counts again under the window's lock (takeDeliveryWindow).
 */
export async function chooseDeliveryWindow(
  db: Db,
  startDate: string,
  choice: DeliveryWindowChoice | undefined,
  now: Date,
  /** The language the earliest date is written in (the page translates the rest of the message). */
  locale: Locale = 'en',
): Promise<BookedWindow> {
  // The owner's windows and one day's bookings in one read: the day asked for, else the start date, as it usually
  // has room; the other 13 days only when it has none, so a checkout reads one day's bookings, not the fortnight's.
  const day = choice?.date ?? startDate;
  const { settings, taken } = await readDeliveryCapacityWithTaken(db, day, day, now);
  if (choice) {
    const window = offeredWindow(settings, startDate, choice, now);
    const [counted] = windowsWithRoom(settings, taken, choice.date, now, 1).filter(
      (entry) => entry.start === window.start,
    );
    if (!counted || counted.open <= 0) throw new NoDeliveryWindow(windowFullMessage);
    return { date: choice.date, start: window.start, end: window.end, visits: window.visits };
  }
  const isOpen = (window: DeliveryWindow) => window.open > 0;
  const open =
    windowsWithRoom(settings, taken, startDate, now, 1).find(isOpen) ??
    (await customerWindows(db, settings, addDays(startDate, 1), now, DELIVERY_WINDOW_DAYS - 1)).find(isOpen);
  if (!open) {
    const later = await earliestOpenWindow(db, settings, startDate, now);
    throw new NoDeliveryWindow(noWindowMessage(later ? formatCalendarDateIn(locale, later.date) : null));
  }
  const window = windowsOfDay(settings, open.date, now).find((entry) => entry.start === open.start)!;
  return { date: open.date, start: open.start, end: open.end, visits: window.visits };
}

function offeredWindow(
  settings: DeliveryCapacitySettings,
  startDate: string,
  choice: DeliveryWindowChoice,
  now: Date,
): CapacityWindow {
  const window =
    choice.date >= startDate && choice.date <= lastWindowDay(startDate)
      ? windowsOfDay(settings, choice.date, now).find((entry) => entry.start === choice.start)
      : undefined;
  if (!window) throw new Invalid(windowNotOfferedMessage, { deliveryWindow: windowNotOfferedMessage });
  return window;
}

/** The window's lock: the same key as checkout_start_in_window takes (migration 0023). */
export async function lockDeliveryWindow(tx: Tx, date: string, start: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(3, hashtext(${date} || ' ' || ${start}))`);
}

/** The visits the window has taken at `now` (delivery_window_taken, migration 0023). */
export async function windowTaken(tx: Tx | Db, window: Omit<BookedWindow, 'visits'>, now: Date): Promise<number> {
  const result = await tx.execute(
    sql`select delivery_window_taken(${window.date}::date, ${window.start}, ${window.end}, ${now.toISOString()}::timestamptz) as taken`,
  );
  return Number((result as unknown as { rows: Array<{ taken: number }> }).rows[0]!.taken);
}

/**
 * Books the window for a pending order holding a unit, in the hold's transaction (after the checkout's locks): under
 * the window's lock, a full window throws (the transaction rolls back, the hold with it), else the order keeps it.
 */
export async function takeDeliveryWindow(tx: Tx, orderId: string, window: BookedWindow, now: Date): Promise<void> {
  await lockDeliveryWindow(tx, window.date, window.start);
  if ((await windowTaken(tx, window, now)) >= window.visits) throw new NoDeliveryWindow(windowFullMessage);
  await tx
    .update(orders)
    .set({ deliveryWindowDate: window.date, deliveryWindowStart: window.start, deliveryWindowEnd: window.end })
    .where(eq(orders.id, orderId));
}

/** checkout_start_in_window's refusal, raised so its statement writes nothing. */
export const isWindowFullRaise = (error: unknown) => isRaise(error, 'delivery_window_full');
export const windowFull = () => new NoDeliveryWindow(windowFullMessage);
/** The window taken filled under the caller (not: no window at all in the 14 days). */
export const isWindowFilled = (error: unknown) =>
  error instanceof NoDeliveryWindow && error.message === windowFullMessage;
