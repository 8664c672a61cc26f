// Without Intl, as money.ts: a page's first Intl formatter (and a time zone's rules) cost the browser 20-50 ms in one
// task while the checkout hydrated (ADR 027 addendum). The answers are Intl's exactly (dates.test.ts checks them).

const HOUR = 3_600_000;

/** The day of `month` (0-11) that is its `nth` Sunday. */
function nthSunday(year: number, month: number, nth: number): number {
  const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return 1 + ((7 - firstWeekday) % 7) + 7 * (nth - 1);
}

/**
 * Hours Los Angeles is behind UTC at `now`: 7 in daylight time, from the second Sunday of March at 2 AM PST (10:00
 * UTC) to the first Sunday of November at 2 AM PDT (09:00 UTC), as US law has it since 2007; 8 otherwise. Should the
 * law change, dates.test.ts fails against the time zone data of the Node.js that has the change.
 */
function hoursBehindUtc(now: Date): 7 | 8 {
  const year = now.getUTCFullYear();
  const daylightFrom = Date.UTC(year, 2, nthSunday(year, 2, 2), 10);
  const daylightUntil = Date.UTC(year, 10, nthSunday(year, 10, 1), 9);
  return now.getTime() >= daylightFrom && now.getTime() < daylightUntil ? 7 : 8;
}

/** Calendar dates are YYYY-MM-DD strings in the business's time zone, America/Los_Angeles (`business.timeZone`). */
export function todayInLosAngeles(now: Date = new Date()): string {
  return new Date(now.getTime() - hoursBehindUtc(now) * HOUR).toISOString().slice(0, 10);
}

/** The instant a calendar date begins in Los Angeles (midnight, PST or PDT as that day has it). */
export function startOfDayInLosAngeles(isoDate: string): Date {
  const midnightUtc = Date.parse(`${isoDate}T00:00:00Z`);
  // Los Angeles is 7 (PDT) or 8 (PST) hours behind UTC: the later candidate that is still that date is midnight.
  for (const hours of [7, 8]) {
    const candidate = new Date(midnightUtc + hours * HOUR);
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
  return new Date(startOfDayInLosAngeles(isoDate).getTime() + 12 * HOUR);
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

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "June 1, 2026" for a YYYY-MM-DD date, without the browser's time zone shifting the day. */
export function formatCalendarDate(isoDate: string): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a calendar date: ${isoDate}`);
  return `${monthNames[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
