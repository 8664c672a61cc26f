import { business } from '../../contracts/business';

/** Today's calendar date (YYYY-MM-DD) in the business's time zone. */
export function todayInLosAngeles(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: business.timeZone }).format(now);
}

/** Adds whole days to a YYYY-MM-DD calendar date. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
