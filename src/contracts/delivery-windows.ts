import { z } from 'zod';
import { calendarDate } from './calendar-date';
import { addDays } from './dates';
import { DELIVERY_WINDOW_DAYS } from './delivery-window-terms';

export { clockLabel, DELIVERY_WINDOW_DAYS, WINDOW_FULL_CODE, windowLabel } from './delivery-window-terms';

/**
 * Delivery windows with capacity (issue 30, ADR 035): the owner sets the windows of each weekday, how many visits
 * each can take, a same-day cut-off and blackout dates; the checkout (and a phone order) books a delivery into one,
 * and the owner's own visits count against the same capacity.
 */

/** A time of day, 24-hour 'HH:MM' (00:00 to 23:59). */
export const timeOfDay = (message: string) => z.string({ error: message }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, message);

/** One window of a weekday: 0 is Sunday, as Date#getUTCDay counts. */
export const capacityWindow = z
  .object({
    weekday: z.int({ error: 'Weekday must be 0 (Sunday) to 6 (Saturday)' }).min(0).max(6),
    start: timeOfDay('Start must be a time like 08:00'),
    end: timeOfDay('End must be a time like 12:00'),
    visits: z
      .int({ error: 'Visits must be a whole number from 0 to 200' })
      .min(0, 'Visits must be a whole number from 0 to 200')
      .max(200, 'Visits must be a whole number from 0 to 200'),
  })
  .refine((window) => window.start < window.end, { path: ['end'], message: 'A window must end after it starts' });
export type CapacityWindow = z.infer<typeof capacityWindow>;

/** GET / PUT /api/admin/settings/delivery-capacity. */
export const deliveryCapacitySettings = z
  .object({
    windows: z.array(capacityWindow).max(70, 'At most 70 windows (10 a day)'),
    sameDayCutoff: timeOfDay('Same-day cut-off must be a time like 12:00'),
    blackoutDates: z.array(calendarDate('Blackout dates must be real days (YYYY-MM-DD)')).max(366),
  })
  .superRefine((settings, context) => {
    const byDay = new Map<number, CapacityWindow[]>();
    settings.windows.forEach((window) => byDay.set(window.weekday, [...(byDay.get(window.weekday) ?? []), window]));
    for (const [weekday, windows] of byDay) {
      const sorted = [...windows].sort((a, b) => a.start.localeCompare(b.start));
      for (let index = 1; index < sorted.length; index += 1) {
        if (sorted[index]!.start < sorted[index - 1]!.end) {
          const message = `The windows of ${weekdayNames[weekday]} overlap (${sorted[index - 1]!.start}-${sorted[index - 1]!.end} and ${sorted[index]!.start}-${sorted[index]!.end})`;
          context.addIssue({ code: 'custom', path: ['windows'], message });
          return;
        }
      }
    }
  })
  .transform((settings) => ({
    ...settings,
    windows: [...settings.windows].sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start)),
    blackoutDates: [...new Set(settings.blackoutDates)].sort(),
  }));
export type DeliveryCapacitySettings = z.output<typeof deliveryCapacitySettings>;
export type DeliveryCapacityInput = z.input<typeof deliveryCapacitySettings>;

export const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/**
 * Until the owner sets their own: Monday to Saturday, 8-12, 12-4 and 4-8, four visits each (one van, a visit about an
 * hour with the drive), no Sunday visits, same-day orders until noon.
 */
export const defaultDeliveryCapacity: DeliveryCapacitySettings = {
  windows: [1, 2, 3, 4, 5, 6].flatMap((weekday) => [
    { weekday, start: '08:00', end: '12:00', visits: 4 },
    { weekday, start: '12:00', end: '16:00', visits: 4 },
    { weekday, start: '16:00', end: '20:00', visits: 4 },
  ]),
  sameDayCutoff: '12:00',
  blackoutDates: [],
};

/** How far ahead "the earliest delivery is …" looks when the 14 days are full. */
export const EARLIEST_WINDOW_SEARCH_DAYS = 90;

/** A window on a day, as the public API answers it: `open` is how many visits it can still take. */
export const deliveryWindow = z.object({
  date: z.string(),
  start: z.string(),
  end: z.string(),
  open: z.int(),
});
export type DeliveryWindow = z.infer<typeof deliveryWindow>;
export const deliveryWindowList = z.array(deliveryWindow);

export const deliveryWindowQuery = z.object({
  zip: z
    .string({ error: 'Please enter a valid ZIP code' })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'Please enter a valid ZIP code'),
  from: calendarDate('Start date is required'),
});

/** The window a checkout asks for: its day and start time (the end is the owner's). */
export const deliveryWindowChoice = z.object({
  date: calendarDate('Please choose a delivery window'),
  start: timeOfDay('Please choose a delivery window'),
});
export type DeliveryWindowChoice = z.infer<typeof deliveryWindowChoice>;

/** The window of a visit as stored in delivery_tasks.time_window for a booked window: 'HH:MM-HH:MM'. */
export const windowRangePattern = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/;
export const windowRange = (start: string, end: string) => `${start}-${end}`;

/** The last day a checkout starting on `startDate` is offered windows on. */
export const lastWindowDay = (startDate: string) => addDays(startDate, DELIVERY_WINDOW_DAYS - 1);

export const windowFullMessage = 'That delivery window just filled up. Please choose another window.';
export const windowNotOfferedMessage = 'We do not deliver in that window. Please choose one of the windows shown.';
export const noWindowMessage = (earliest: string | null) =>
  earliest
    ? `Every delivery window in the next ${DELIVERY_WINDOW_DAYS} days is taken. The earliest delivery we can offer is ${earliest}: please choose a later start date.`
    : `Every delivery window in the next ${DELIVERY_WINDOW_DAYS} days is taken. Please call us to arrange a delivery.`;

/** The window an order booked, as its three columns say (all or none). */
export function deliveryWindowOf(order: {
  deliveryWindowDate: string | null;
  deliveryWindowStart: string | null;
  deliveryWindowEnd: string | null;
}): { date: string; start: string; end: string } | null {
  const { deliveryWindowDate: date, deliveryWindowStart: start, deliveryWindowEnd: end } = order;
  return date && start && end ? { date, start, end } : null;
}
