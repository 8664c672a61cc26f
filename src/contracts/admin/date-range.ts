/**
 * A range's two dates (either may be missing) must not be reversed: `.refine(datesInOrder, reversedDates)` on the
 * orders list and the invoices export. Its own module, not common.ts: common.ts is shared with public pages'
 * chunks, and this is admin-only.
 */
export const datesInOrder = (query: { startDate?: string; endDate?: string }) =>
  !query.startDate || !query.endDate || query.startDate <= query.endDate;
export const reversedDates = { message: 'The end date must be on or after the start date', path: ['endDate'] };
