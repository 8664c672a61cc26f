import { windowLabel } from '@/contracts/delivery-window-terms';
import type { Locale } from '@/contracts/locale';
import { intlLocale } from '@/i18n/format';

export { clockLabel, windowLabel } from '@/contracts/delivery-window-terms';

/**
 * How a delivery window reads on the customer's pages: "Tuesday, July 14, 8AM-12PM" on /success and the order link,
 * "Tue, Jul 14" over the checkout's picker. The hours read as on the route sheet and in the e-mails (the contracts'
 * zod-free `windowLabel`, so the checkout loads no zod for it), in both languages.
 */

const dayFormats = {
  long: { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' },
  short: { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/** A YYYY-MM-DD day without its year (a window is weeks away at most): "Tuesday, July 14" / "martes, 14 de julio". */
export function windowDayLabel(locale: Locale, date: string, style: keyof typeof dayFormats = 'long'): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString(intlLocale(locale), dayFormats[style]);
}

/** A booked window as one line: "Tuesday, July 14, 8AM-12PM". */
export function deliveryWindowText(locale: Locale, window: { date: string; start: string; end: string }): string {
  return `${windowDayLabel(locale, window.date)}, ${windowLabel(window.start, window.end, locale)}`;
}
