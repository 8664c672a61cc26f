import type { RefusedZip, UnmetDemand, UnmetDemandDay } from '@/contracts/admin/analytics';
import { formatCalendarDate } from '@/contracts/dates';

/** The figures of a day without its date. */
export type DemandCounts = Omit<UnmetDemandDay, 'day'>;

/**
 * ["Tue", "Jul 14"]: a row's day, short enough for a phone, with the weekday a crew is planned by (two parts, so a
 * narrow column breaks the line between them and never inside the date).
 */
export function dayLabel(day: string): [weekday: string, date: string] {
  const noon = new Date(`${day}T12:00:00Z`);
  return [
    noon.toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' }),
    noon.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
  ];
}

/** The range's totals: every count summed, except the waitlist, which is its length at the last day's end. */
export function demandTotals(days: readonly UnmetDemandDay[]): DemandCounts {
  const sum = (key: keyof DemandCounts) => days.reduce((total, day) => total + day[key], 0);
  return {
    waitlistJoins: sum('waitlistJoins'),
    refusedServiceArea: sum('refusedServiceArea'),
    refusedStock: sum('refusedStock'),
    refusedCapacity: sum('refusedCapacity'),
    waitlistLength: days.at(-1)?.waitlistLength ?? 0,
  };
}

const counted = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** The range in one sentence, over the table: what a screen reader hears first and a glance takes in. */
export function demandSummary(demand: UnmetDemand): string {
  const totals = demandTotals(demand.days);
  const refused = totals.refusedServiceArea + totals.refusedStock + totals.refusedCapacity;
  const span = `${formatCalendarDate(demand.startDate)} to ${formatCalendarDate(demand.endDate)}`;
  const reasons = `${totals.refusedServiceArea} outside the service area, ${totals.refusedStock} out of stock, ${totals.refusedCapacity} with no delivery window`;
  return (
    `${span}: ${counted(refused, 'checkout', 'checkouts')} turned away (${reasons}) and ` +
    `${counted(totals.waitlistJoins, 'restock sign-up', 'restock sign-ups')}; ` +
    `${counted(totals.waitlistLength, 'person', 'people')} waiting for a model at the end.`
  );
}

/** "92363 · Needles, CA · 199.7 mi": a refused ZIP with what is known of it. */
export function zipLine(zip: RefusedZip): string {
  return [zip.zipCode, zip.city, zip.miles === null ? null : `${zip.miles} mi`].filter(Boolean).join(' · ');
}
