import { z } from 'zod';

/**
 * The calendar dates the service accepts anywhere (bodies, query filters): YYYY-MM-DD naming a day that exists,
 * from 1900 to 2999. PostgreSQL has no year 0 and the business no date outside these; a date outside is a 400 with
 * the field's message, never a database error (ADR 014).
 */
export const EARLIEST_CALENDAR_DATE = '1900-01-01';
export const LATEST_CALENDAR_DATE = '2999-12-31';

const shape = /^\d{4}-\d{2}-\d{2}$/;

function isRealDay(value: string): boolean {
  if (!shape.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** True for a real YYYY-MM-DD day within the supported range (2027-02-30, 9999-99-99 and 0000-01-01 are not). */
export function isCalendarDate(value: string): boolean {
  return isRealDay(value) && value >= EARLIEST_CALENDAR_DATE && value <= LATEST_CALENDAR_DATE;
}

/**
 * A calendar-date field: every schema that takes a date builds it here, with its own message for a missing,
 * malformed or impossible date (spec section 5's messages where the spec has one), and optionally its own
 * messages for a real day outside the supported range.
 */
export function calendarDate(
  message: string,
  outOfRange: { before: string; after: string } = { before: message, after: message },
) {
  return z.string({ error: message }).superRefine((value, context) => {
    if (!isRealDay(value)) context.addIssue({ code: 'custom', message, abort: true });
    else if (value < EARLIEST_CALENDAR_DATE)
      context.addIssue({ code: 'custom', message: outOfRange.before, abort: true });
    else if (value > LATEST_CALENDAR_DATE) context.addIssue({ code: 'custom', message: outOfRange.after, abort: true });
  });
}
