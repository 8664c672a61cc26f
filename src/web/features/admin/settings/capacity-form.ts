import type { CapacityWindow } from '@/contracts/delivery-windows';

/** The weekdays as the form lists them (0 is Sunday): the working week first, Sunday last. */
export const weekdayOrder = [1, 2, 3, 4, 5, 6, 0] as const;

const LAST_MINUTE = 23 * 60 + 59;
const DEFAULT_LENGTH = 4 * 60;
const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The window "Add window" starts from, so the owner mostly types only the visits: on a day with none, 8 to 12; else
 * the four hours after the day's latest end (to 23:59 at most), with as many visits as that window takes.
 */
export function suggestedWindow(weekday: number, dayWindows: readonly CapacityWindow[]): CapacityWindow {
  const latest = dayWindows.reduce<CapacityWindow | undefined>(
    (found, window) => (!found || window.end > found.end ? window : found),
    undefined,
  );
  if (!latest || !/^\d{2}:\d{2}$/.test(latest.end)) return { weekday, start: '08:00', end: '12:00', visits: 4 };
  const start = minutesOf(latest.end);
  return {
    weekday,
    start: latest.end,
    end: timeOf(Math.min(start + DEFAULT_LENGTH, LAST_MINUTE)),
    visits: Number.isInteger(latest.visits) ? latest.visits : 4,
  };
}

/** "Sat, Jul 4, 2026": a blackout day as the list shows it, without the browser's time zone moving it. */
export function blackoutLabel(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
