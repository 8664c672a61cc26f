/**
 * The delivery windows' terms without zod (ADR 035): what the checkout page needs before its form loads zod (ADR 027),
 * and what the server, the dashboard and the e-mails write the same way. The schemas are in ./delivery-windows.ts.
 */

/** How many days of windows the checkout offers from its start date. */
export const DELIVERY_WINDOW_DAYS = 14;

/** The code of a 409 for a window that is full (or none left in the 14 days): a page acts on it (contracts/errors.ts). */
export const WINDOW_FULL_CODE = 'delivery_window_full';

/** '08:00' → '8AM', '12:30' → '12:30PM'. */
export function clockLabel(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'AM' : 'PM';
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}${suffix}`;
}

/** '08:00', '12:00' → '8AM-12PM': how a window reads on the route sheet, in e-mails and on screens. */
export const windowLabel = (start: string, end: string) => `${clockLabel(start)}-${clockLabel(end)}`;
