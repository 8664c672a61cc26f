/**
 * Calendar days as numbers (days since 1970-01-01), for walking the windows of many days without a `Date` per day or
 * per window: the civil-calendar arithmetic of Howard Hinnant's `days_from_civil` / `civil_from_days`, exact for
 * every YYYY-MM-DD the app handles (proleptic Gregorian, as `Date` counts).
 */

/** The day number of a YYYY-MM-DD date (1970-01-01 is 0); an impossible day (Feb 30) rolls over as `Date` does. */
export function dayNumber(date: string): number {
  let year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  if (month <= 2) year -= 1;
  const era = Math.floor(year / 400);
  const yearOfEra = year - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The YYYY-MM-DD date of a day number. */
export function dateOfDay(days: number): string {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shifted = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shifted + 2) / 5) + 1;
  const month = shifted < 10 ? shifted + 3 : shifted - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${twoDigits(month)}-${twoDigits(day)}`;
}

/** 0 (Sunday) to 6 (Saturday) of a day number (1970-01-01 was a Thursday). */
export const weekdayOfDay = (days: number) => (((days + 4) % 7) + 7) % 7;

/** 0 (Sunday) to 6 (Saturday) of a YYYY-MM-DD day. */
export const weekdayOf = (date: string) => weekdayOfDay(dayNumber(date));
