import { windowLabel, type DeliveryWindow, type DeliveryWindowChoice } from '@/contracts/delivery-windows';

/** The select's value for "no choice": the server books the earliest open window. */
export const EARLIEST_WINDOW = 'earliest';

/** A window's value in the select: 'YYYY-MM-DD HH:MM'. */
export const windowKey = (window: DeliveryWindowChoice) => `${window.date} ${window.start}`;

/** "Tue, Jul 14": a window's day (the year is weeks away at most). */
function dayLabel(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** "Tue, Jul 14 · 8AM-12PM · 3 open", or "… · full": a window as the owner reads it out on the phone. */
export function windowOptionLabel(window: DeliveryWindow): string {
  const room = window.open > 0 ? `${window.open} open` : 'full';
  return `${dayLabel(window.date)} · ${windowLabel(window.start, window.end)} · ${room}`;
}

/** The window picked while it is still offered with room; otherwise none (the earliest open one is booked). */
export function pickedWindow(
  windows: readonly DeliveryWindow[],
  picked: DeliveryWindowChoice | undefined,
): DeliveryWindow | undefined {
  if (!picked) return undefined;
  return windows.find((window) => windowKey(window) === windowKey(picked) && window.open > 0);
}
