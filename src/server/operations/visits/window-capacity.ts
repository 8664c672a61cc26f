import { visitWindowStart, type VisitWindow } from '@/contracts/deliveries';
import {
  WINDOW_FULL_CODE,
  windowLabel,
  type CapacityWindow,
  type DeliveryCapacitySettings,
} from '@/contracts/delivery-windows';
import { formatVisitDay } from '@/contracts/service-requests';
import type { VisitWindowDay } from '@/contracts/admin/deliveries';
import type { Db, Tx } from '@/server/platform/db/client';
import { AppError } from '@/server/platform/errors';
import { readDeliveryCapacity } from '@/server/rentals/delivery-windows/settings';
import { lockDeliveryWindow, windowTaken } from '@/server/rentals/delivery-windows/take';
import { ownerDayWindows, windowsOfDay } from '@/server/rentals/delivery-windows/windows';

/**
 * The owner's visits count against the same windows as the customers' deliveries (issue 30, ADR 035): one van does
 * both, so a window the checkout sees as full is full for the owner too, unless the owner says to overbook it.
 */

/** The owner booked a full window without saying to overbook it: the dialog offers "Book anyway". */
export class FullVisitWindow extends AppError {
  constructor(message: string) {
    super(message, 409, undefined, WINDOW_FULL_CODE);
  }
}

/** Where a visit is booked now, if it is: a visit moved within its own window does not count against itself. */
export interface CurrentBooking {
  status: string;
  scheduledDate: string | null;
  timeWindow: string | null;
}

export interface VisitBooking {
  date: string;
  window: VisitWindow;
  /** The owner's "Book anyway": a full window takes the visit all the same. */
  overbook?: boolean;
}

/**
 * The owner's window of `date` that holds the start of a visit's window (an 11AM 'midday' visit falls in 8AM-12PM);
 * undefined on a day or at a time the owner has no window (a Sunday, a blackout day), which capacity does not limit.
 */
function capacityWindowOf(
  settings: DeliveryCapacitySettings,
  date: string,
  window: VisitWindow,
  now: Date,
): CapacityWindow | undefined {
  const start = visitWindowStart(window);
  return windowsOfDay(settings, date, now, false).find((entry) => entry.start <= start && start < entry.end);
}

function bookedIn(visit: CurrentBooking, date: string, capacity: CapacityWindow): boolean {
  if (visit.status !== 'scheduled' || visit.scheduledDate !== date || !visit.timeWindow) return false;
  const start = visitWindowStart(visit.timeWindow);
  return capacity.start <= start && start < capacity.end;
}

const fullWindowMessage = (date: string, capacity: CapacityWindow, taken: number) =>
  `The ${windowLabel(capacity.start, capacity.end)} window on ${formatVisitDay(date)} already has ${taken} of ${capacity.visits} visits. Book anyway to overbook it.`;

/**
 * Counts a visit the owner books against its window, in the booking's transaction, under the window's lock (the
 * checkout's key, taken last: after the visit's and its units' row locks, as the checkout takes its own first). A
 * visit moved within the window it is booked in takes no new place, so it is never refused for it. A full window
 * throws FullVisitWindow unless the booking says to overbook; answers whether it overbooks.
 */
export async function claimVisitWindow(
  tx: Tx,
  visit: CurrentBooking,
  booking: VisitBooking,
  now: Date,
): Promise<{ overbooked: boolean }> {
  const capacity = capacityWindowOf(await readDeliveryCapacity(tx), booking.date, booking.window, now);
  if (!capacity || bookedIn(visit, booking.date, capacity)) return { overbooked: false };
  await lockDeliveryWindow(tx, booking.date, capacity.start);
  const taken = await windowTaken(tx, { date: booking.date, start: capacity.start, end: capacity.end }, now);
  if (taken < capacity.visits) return { overbooked: false };
  if (!booking.overbook) throw new FullVisitWindow(fullWindowMessage(booking.date, capacity, taken));
  return { overbooked: true };
}

/** GET /api/admin/delivery-windows: the owner's windows of a day, each with what it takes and has taken so far. */
export async function windowsOfVisitDay(db: Db, date: string, now: Date): Promise<VisitWindowDay> {
  const windows = await ownerDayWindows(db, await readDeliveryCapacity(db), date, now);
  return windows.map(({ start, end, visits, taken }) => ({ start, end, visits, taken }));
}
