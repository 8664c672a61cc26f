import { business } from './business';
import { addDays } from './dates';

/**
 * The checkout's plain rules and words, without zod: the checkout page's own code uses them, and its validation
 * (the schemas in checkout.ts and service-area.ts) loads only when the form is first used (ADR 027).
 */

/** The latest start date checkout accepts: a unit is held and the first month charged at checkout. */
export function latestRentalStartDate(today: string): string {
  return addDays(today, business.latestStartDays);
}

/** The error code of a checkout refused for its ZIP: the form offers to leave an e-mail instead. */
export const OUT_OF_AREA_CODE = 'out_of_service_area';

/** Miles as the price summary shows them: "15.1 mi" (a whole number without ".0"). */
export const formatMiles = (miles: number) => `${Number.isInteger(miles) ? miles : miles.toFixed(1)} mi`;
