import type { VisitWindowDay } from '@/contracts/admin/deliveries';
import { timeWindowLabels, timeWindows } from '@/contracts/deliveries';
import { windowLabel, windowRange } from '@/contracts/delivery-windows';
import type { FilterOption } from './filter-select';

/**
 * The schedule dialog's windows (issue 30): the owner books a visit in the day's delivery windows, seeing how booked
 * each one is, so a full van is visible before the server has to refuse it.
 */

/** The server's code for a full window (server/operations/visits/window-capacity.ts): the dialog offers Book anyway. */

/** The four fixed windows, for a day with no delivery windows set (a Sunday, a blackout day): not counted. */
export const fixedWindowOptions: FilterOption[] = timeWindows.map((value) => ({
  value,
  label: `${timeWindowLabels[value]} (${value})`,
}));

type DayWindow = VisitWindowDay[number];

/** '8AM-12PM · 2 of 4 booked'; a window with no place left: '8AM-12PM · full (4 of 4 booked)'. */
export function dayWindowLabel(window: DayWindow): string {
  const booked = `${window.taken} of ${window.visits} booked`;
  const label = windowLabel(window.start, window.end);
  return window.taken >= window.visits ? `${label} · full (${booked})` : `${label} · ${booked}`;
}

/** The day's windows as choices, each booked as 'HH:MM-HH:MM'; the fixed four on a day without windows. */
export function windowOptions(day: VisitWindowDay): FilterOption[] {
  if (day.length === 0) return fixedWindowOptions;
  return day.map((window) => ({ value: windowRange(window.start, window.end), label: dayWindowLabel(window) }));
}
