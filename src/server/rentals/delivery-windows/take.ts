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
  type DeliveryCapacitySettings,
  type DeliveryWindow,
  type DeliveryWindowChoice,
} from '@/contracts/delivery-windows';
import type { Db, Tx } from '@/server/platform/db/client';
import { isRaise } from '@/server/platform/db/errors';
import { orders } from '@/server/platform/db/schema';
import { AppError, Invalid } from '@/server/platform/errors';
import type { DayRead, DayWindowsCopy } from './day-copy';
import { readDeliveryCapacityWithTaken } from './settings';
import { earliestOpenWindow, windowsOfDay, windowsWithRoom } from './windows';

/** A window booked: its day, start and end ('HH:MM'), and how many visits it takes. */
export interface BookedWindow {
  date: string;
  start: string;
  end: string;
  visits: number;
}

/**
 * A checkout refused for capacity: no window left (analytics counts these, issue 30). `filled`: the window a
 * booking found full under its lock, when that is the refusal.
 */
export class NoDeliveryWindow extends AppError {
  constructor(
    message: string,
    readonly filled?: BookedWindow,
  ) {
    super(message, 409, { deliveryWindow: message }, WINDOW_FULL_CODE);
  }
}

/** How a window is chosen: the language of a refusal's date, and the instance's copy of the days' reads. */
export interface WindowChoiceOptions {
  /** The language the earliest date is written in (the page translates the rest of the message). */
  locale?: Locale;
  /** A checkout's: the start date's read may come from this copy (day-copy.ts); else it is read for this choice. */
  copy?: DayWindowsCopy;
}

/**
 * The window a checkout (or a phone order) starting on `startDate` books, before anything is written: the one asked
 * for when it is one of the owner's windows in the 14 days from the start date and has room, else the earliest with
 * room. A window not offered is a 400; a full one, or none in the 14 days, a 409 saying the earliest date there is.
 * The count here only guides: the transaction counts again under the window's lock (takeDeliveryWindow). With a
 * copy, a window may be proposed from it; a refusal rests on fresh reads only.
 */
export async function chooseDeliveryWindow(
  db: Db,
  startDate: string,
  choice: DeliveryWindowChoice | undefined,
  now: Date,
  options: WindowChoiceOptions = {},
): Promise<BookedWindow> {
  const { copy, locale = 'en' } = options;
  const fresh: DaysReader = copy
    ? (from, to) => copy.reread(from, to, now)
    : async (from, to) => ({ ...(await readDeliveryCapacityWithTaken(db, from, to, now)), fresh: true });
  const copied = copy ? await proposeWindow((from, to) => copy.read(from, to, now), startDate, choice, now) : null;
  if (copied?.window) return copied.window;
  const { window, settings } = copied?.fresh ? copied : await proposeWindow(fresh, startDate, choice, now);
  if (window) return window;
  if (choice) {
    assertOffered(settings, startDate, choice, now);
    throw new NoDeliveryWindow(windowFullMessage);
  }
  const later = await earliestOpenWindow(db, settings, startDate, now);
  throw new NoDeliveryWindow(noWindowMessage(later ? formatCalendarDateIn(locale, later.date) : null));
}

/** The owner's windows and the bookings of the days `from`..`to`, in one read. */
type DaysReader = (from: string, to: string) => Promise<DayRead>;

/**
 * The window asked for if it is offered and has room; else the earliest with room of the start date, read alone as
 * it usually has some, or of the 13 days after it (one more read): a checkout reads one day's bookings, not the
 * fortnight's. Null when there is none, with the owner's windows as last read, and whether every read was fresh.
 */
async function proposeWindow(
  read: DaysReader,
  startDate: string,
  choice: DeliveryWindowChoice | undefined,
  now: Date,
): Promise<{ window: BookedWindow | null; settings: DeliveryCapacitySettings; fresh: boolean }> {
  const day = choice?.date ?? startDate;
  const first = await read(day, day);
  const withRoom = windowsWithRoom(first.settings, first.taken, day, now, 1).filter(isOpen);
  const found = (read: DayRead, open: DeliveryWindow | undefined) => ({
    window: open ? bookedWindow(read.settings, open, now) : null,
    settings: read.settings,
    fresh: first.fresh && read.fresh,
  });
  if (choice) {
    const offered = choice.date >= startDate && choice.date <= lastWindowDay(startDate);
    return found(first, offered ? withRoom.find((window) => window.start === choice.start) : undefined);
  }
  if (withRoom[0]) return found(first, withRoom[0]);
  const next = addDays(startDate, 1);
  const rest = await read(next, addDays(startDate, DELIVERY_WINDOW_DAYS - 1));
  return found(rest, windowsWithRoom(rest.settings, rest.taken, next, now, DELIVERY_WINDOW_DAYS - 1).find(isOpen));
}

const isOpen = (window: DeliveryWindow) => window.open > 0;

function bookedWindow(settings: DeliveryCapacitySettings, open: DeliveryWindow, now: Date): BookedWindow {
  const window = windowsOfDay(settings, open.date, now).find((entry) => entry.start === open.start)!;
  return { date: open.date, start: open.start, end: open.end, visits: window.visits };
}

/** A 400 for a window that is not one of the owner's in the 14 days from the start date. */
function assertOffered(
  settings: DeliveryCapacitySettings,
  startDate: string,
  choice: DeliveryWindowChoice,
  now: Date,
): void {
  const offered =
    choice.date >= startDate &&
    choice.date <= lastWindowDay(startDate) &&
    windowsOfDay(settings, choice.date, now).some((entry) => entry.start === choice.start);
  if (!offered) throw new Invalid(windowNotOfferedMessage, { deliveryWindow: windowNotOfferedMessage });
}

/**
 * The window's lock alone: the key checkout_start_in_window takes (migration 0023). A booking under it is outside the
 * window's budget, which it spends (delivery_window_lock, migration 0036): the next checkout counts.
 */
export async function lockDeliveryWindow(tx: Tx, date: string, start: string): Promise<void> {
  await tx.execute(sql`select delivery_window_lock(${date}::date, ${start})`);
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
  if ((await windowTaken(tx, window, now)) >= window.visits) throw windowFull(window);
  await tx
    .update(orders)
    .set({ deliveryWindowDate: window.date, deliveryWindowStart: window.start, deliveryWindowEnd: window.end })
    .where(eq(orders.id, orderId));
}

/** checkout_start_in_window's refusal, raised so its statement writes nothing. */
export const isWindowFullRaise = (error: unknown) => isRaise(error, 'delivery_window_full');
/** The window's budget ran out while the checkout waited its turn (delivery_window_turn): undone, to start again. */
export const isWindowRecountRaise = (error: unknown) => isRaise(error, 'delivery_window_recount');
/** The window found full under its lock by a booking. */
export const windowFull = (window: BookedWindow) => new NoDeliveryWindow(windowFullMessage, window);
/** The window taken filled under the caller (not: no window at all in the 14 days). */
export const isWindowFilled = (error: unknown): error is NoDeliveryWindow =>
  error instanceof NoDeliveryWindow && error.message === windowFullMessage;
