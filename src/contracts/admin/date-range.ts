/**
 * A range's two dates (either may be missing) must not be reversed: `.refine(datesInOrder, reversedDates)` on the
 * orders list and the invoices export. Its own module, not common.ts: common.ts is shared with public pages'
 * chunks, and this is admin-only.
 */
export const datesInOrder = (query: { startDate?: string; endDate?: string }) =>
  !query.startDate || !query.endDate || query.startDate <= query.endDate;
export const REVERSED_DATES_MESSAGE = 'The end date must be on or after the start date';
/**
 * The refinement's options, new for each schema: zod takes `message` out of the object it is given, so one shared
 * object would leave the second schema without its message (a 500 instead of the 400).
 */
export const reversedDates = () => ({ message: REVERSED_DATES_MESSAGE, path: ['endDate'] });
