/**
 * The delivery windows' terms without zod (ADR 035): what the checkout page needs before its form loads zod (ADR 027),
 * and what the server, the dashboard and the e-mails write the same way. The schemas are in ./delivery-windows.ts.
 */

import type { Locale } from './locale';

/** How many days of windows the checkout offers from its start date. */
export const DELIVERY_WINDOW_DAYS = 14;

/** The code of a 409 for a window that is full (or none left in the 14 days): a page acts on it (contracts/errors.ts). */
export const WINDOW_FULL_CODE = 'delivery_window_full';

/**
 * '08:00' → '8AM', '12:30' → '12:30PM'; in Spanish '8 a.m.', '12:30 p.m.' (how the Spanish pages write office
 * hours: "Lun-Vie 8 a.m.-8 p.m.").
 */
export function clockLabel(time: string, locale: Locale = 'en'): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  const clock = `${twelve}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
  if (locale === 'es') return `${clock} ${hours < 12 ? 'a.m.' : 'p.m.'}`;
  return `${clock}${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * '08:00', '12:00' → '8AM-12PM' ('8 a.m.-12 p.m.' in Spanish): how a window reads on the route sheet, in e-mails
 * and on screens. The Spanish ends in a period: a sentence puts it before its own end, never right before a '.'.
 */
export const windowLabel = (start: string, end: string, locale: Locale = 'en') =>
  `${clockLabel(start, locale)}-${clockLabel(end, locale)}`;
