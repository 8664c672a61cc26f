import { z } from 'zod';
import type { Locale } from './locale';
import { windowLabel, windowRangePattern } from './delivery-windows';

/**
 * Visits to a customer's address (src/server/platform/db/schema.ts `delivery_tasks`): what kinds there are, the states
 * they pass through, and the time windows a visit is booked in. Shared by the dashboard, the portal, the route
 * sheet and the e-mails.
 */
export const visitTypes = ['delivery', 'pickup', 'service', 'swap'] as const;
export type VisitType = (typeof visitTypes)[number];

/** pending: not yet given a day; scheduled: a day and window; then completed or cancelled. */
export const visitStatuses = ['pending', 'scheduled', 'completed', 'cancelled'] as const;
export type VisitStatus = (typeof visitStatuses)[number];
export const openVisitStatuses = ['pending', 'scheduled'] as const satisfies readonly VisitStatus[];

/** The four fixed windows visits were booked in before the owner's windows (issue 30); older visits keep them. */
export const timeWindows = ['morning', 'midday', 'afternoon', 'evening'] as const;
export type TimeWindow = (typeof timeWindows)[number];

/** How a window reads to a customer and on the route sheet (office hours are 8AM-8PM). */
export const timeWindowLabels: Record<TimeWindow, string> = {
  morning: '8AM-11AM',
  midday: '11AM-2PM',
  afternoon: '2PM-5PM',
  evening: '5PM-8PM',
};

/** When each fixed window starts: the SQL function visit_window_start (migration 0023) maps them the same way. */
const timeWindowStarts: Record<TimeWindow, string> = {
  morning: '08:00',
  midday: '11:00',
  afternoon: '14:00',
  evening: '17:00',
};

const timeWindowEnds: Record<TimeWindow, string> = {
  morning: '11:00',
  midday: '14:00',
  afternoon: '17:00',
  evening: '20:00',
};

/**
 * A visit's window as delivery_tasks.time_window holds it: one of the four fixed windows, or a booked window
 * 'HH:MM-HH:MM' (the owner's windows, ADR 035).
 */
export type VisitWindow = string;

const isTimeWindow = (value: string): value is TimeWindow => (timeWindows as readonly string[]).includes(value);

/** The start and end of a booked window 'HH:MM-HH:MM', or null for anything else. */
function windowBounds(window: string): { start: string; end: string } | null {
  if (!windowRangePattern.test(window)) return null;
  const [start, end] = window.split('-') as [string, string];
  return { start, end };
}

/** A fixed window's name, or a booked window whose times are real and end after they start. */
export function isVisitWindow(value: string): boolean {
  if (isTimeWindow(value)) return true;
  const bounds = windowBounds(value);
  return bounds !== null && bounds.start < bounds.end;
}

export const visitWindow = z
  .string({ error: 'Choose a time window' })
  .refine(isVisitWindow, { message: 'Choose a time window' });

/**
 * How a visit's window reads to the customer, the crew and the owner: '8AM-11AM' (morning), '8AM-12PM'; to a
 * Spanish reader '8 a.m.-11 a.m.'.
 */
export function visitWindowLabel(window: VisitWindow, locale: Locale = 'en'): string {
  const bounds = isTimeWindow(window)
    ? { start: timeWindowStarts[window], end: timeWindowEnds[window] }
    : windowBounds(window);
  return bounds ? windowLabel(bounds.start, bounds.end, locale) : window;
}

/** When a visit's window starts, 'HH:MM': what sorts a day's visits and places them in the owner's windows. */
export function visitWindowStart(window: VisitWindow): string {
  return isTimeWindow(window) ? timeWindowStarts[window] : window.slice(0, 5);
}

export const visitTypeLabels: Record<VisitType, string> = {
  delivery: 'Delivery',
  pickup: 'Pickup',
  service: 'Service visit',
  swap: 'Swap-out',
};
