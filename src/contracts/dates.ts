import { business } from './business';

// Building an Intl.DateTimeFormat is costly; one formatter serves every call.
const losAngelesDay = new Intl.DateTimeFormat('en-CA', { timeZone: business.timeZone });

/** Calendar dates are YYYY-MM-DD strings in the business's time zone (America/Los_Angeles). */
export function todayInLosAngeles(now: Date = new Date()): string {
  return losAngelesDay.format(now);
}

/** The instant a calendar date begins in Los Angeles (midnight, PST or PDT as that day has it). */
export function startOfDayInLosAngeles(isoDate: string): Date {
  const midnightUtc = Date.parse(`${isoDate}T00:00:00Z`);
  // Los Angeles is 7 (PDT) or 8 (PST) hours behind UTC: the later candidate that is still that date is midnight.
  for (const hours of [7, 8]) {
    const candidate = new Date(midnightUtc + hours * 3_600_000);
    const previousMinute = new Date(candidate.getTime() - 60_000);
    if (todayInLosAngeles(candidate) === isoDate && todayInLosAngeles(previousMinute) !== isoDate) return candidate;
  }
  throw new Error(`Not a calendar date: ${isoDate}`);
}

/**
 * Midday of a calendar date in Los Angeles: the instant a bill dated that day is taken. Monthly renewals keep the
 * anchor's UTC time, so midday stays on the same Los Angeles date on either side of a daylight-saving change.
 */
export function middayInLosAngeles(isoDate: string): Date {
  return new Date(startOfDayInLosAngeles(isoDate).getTime() + 12 * 3_600_000);
}

export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Adds calendar months, clamping to the month's last day (Jan 31 + 1 month = Feb 28 or 29). */
export function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const targetMonthIndex = month - 1 + months;
  const targetYear = year + Math.floor(targetMonthIndex / 12);
  const targetMonth = ((targetMonthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  const result = new Date(Date.UTC(targetYear, targetMonth, Math.min(day, lastDay)));
  return result.toISOString().slice(0, 10);
}

/**
 * The next bill of a monthly plan: the first monthly anniversary of the start date that falls after today. The
 * first month is paid at checkout, so the anniversary on the start date itself is never "next".
 */
export function nextMonthlyBillDate(startDate: string, today: string): string {
  for (let months = 1; ; months += 1) {
    const anniversary = addMonths(startDate, months);
    if (anniversary > today) return anniversary;
  }
}

// toLocaleDateString builds a formatter each call (a checkout writes several dates); one formatter serves them all.
const calendarDay = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** "June 1, 2026" for a YYYY-MM-DD date, without the browser's time zone shifting the day. */
export function formatCalendarDate(isoDate: string): string {
  return calendarDay.format(new Date(`${isoDate}T12:00:00Z`));
}
