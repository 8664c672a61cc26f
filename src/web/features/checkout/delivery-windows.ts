import { latestRentalStartDate } from '@/contracts/checkout-terms';
import { addDays } from '@/contracts/dates';
import { DELIVERY_WINDOW_DAYS } from '@/contracts/delivery-window-terms';
import type { DeliveryWindow, DeliveryWindowChoice } from '@/contracts/delivery-windows';

/**
 * The checkout's rules for its delivery-window picker (issue 30, ADR 035), without zod: the contracts' module of
 * windows carries its schemas, and the checkout loads zod only when its form is first used (ADR 027); its constants
 * come from the zod-free contracts/delivery-window-terms.ts, as the server's do.
 */

/** After the first 14 days, how many more answers the earliest-day search asks for: about 90 days in all. */
export const EARLIEST_SEARCH_CALLS = 6;

const ZIP = /^\d{5}(-\d{4})?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** True for a whole ZIP code, as the server's `zipCode` rule reads it. */
export const isWholeZip = (zip: string) => ZIP.test(zip.trim());

/** The windows can be asked for: a whole ZIP, and a start date the checkout accepts on `today`. */
export function canAskForWindows(zip: string, startDate: string, today: string): boolean {
  return isWholeZip(zip) && DAY.test(startDate) && startDate >= today && startDate <= latestRentalStartDate(today);
}

/** One day of the picker: its windows in the order the server gave them (earliest first). */
export interface WindowDay {
  date: string;
  windows: DeliveryWindow[];
}

/** The windows under their day, days in the order they came. */
export function groupByDay(windows: readonly DeliveryWindow[]): WindowDay[] {
  const days: WindowDay[] = [];
  for (const window of windows) {
    const last = days.at(-1);
    if (last?.date === window.date) last.windows.push(window);
    else days.push({ date: window.date, windows: [window] });
  }
  return days;
}

/** A window's identity in the picker, in storage and in the radio's value: 'YYYY-MM-DD HH:MM'. */
export const windowKey = (choice: DeliveryWindowChoice) => `${choice.date} ${choice.start}`;

/**
 * The window the picker shows chosen: the one the customer wants (picked now, or kept in this tab) while it is
 * offered and has room, else the earliest with room; none when every window is full.
 */
export function selectedWindow(
  windows: readonly DeliveryWindow[],
  wantedKey: string | undefined,
): DeliveryWindow | undefined {
  const open = windows.filter((window) => window.open > 0);
  return open.find((window) => windowKey(window) === wantedKey) ?? open[0];
}

/**
 * The first day with an open window after the 14 days from `from` (all full): asks the next 14 days, and the next,
 * up to `calls` times, never from a day later than `latestFrom` (the server refuses a start date beyond it). Null
 * when none was found.
 */
export async function searchEarliestOpenDay({
  from,
  latestFrom,
  fetchWindows,
  calls = EARLIEST_SEARCH_CALLS,
}: {
  from: string;
  latestFrom: string;
  fetchWindows: (from: string) => Promise<DeliveryWindow[]>;
  calls?: number;
}): Promise<string | null> {
  let next = addDays(from, DELIVERY_WINDOW_DAYS);
  for (let asked = 0; asked < calls && next <= latestFrom; asked += 1) {
    const open = (await fetchWindows(next)).find((window) => window.open > 0);
    if (open) return open.date;
    next = addDays(next, DELIVERY_WINDOW_DAYS);
  }
  return null;
}

/**
 * The start date that offers `day`'s windows: the day itself, or the latest start date the checkout accepts when the
 * day is beyond it (the windows run 14 days from the start date).
 */
export function startDateReaching(day: string, today: string): string {
  const latest = latestRentalStartDate(today);
  return day <= latest ? day : latest;
}
