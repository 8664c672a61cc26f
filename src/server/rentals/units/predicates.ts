import { and, eq, gt, gte, isNull, lte, or } from 'drizzle-orm';
import { business } from '@/contracts/business';
import { units } from '@/server/platform/db/schema';

/**
 * What a unit's state means at an instant. Every reader of units (catalog counts, checkout, fulfilment, the
 * admin's order panel and stats) uses these, with `now` from the app clock, never the database's now().
 */

/** A checkout hold that has not run out. */
export const holdIsLive = (now: Date) => gt(units.heldUntil, now);

const holdIsOver = (now: Date) => or(isNull(units.heldUntil), lte(units.heldUntil, now));

/** In stock and not held by a checkout in progress. */
export const unitIsFree = (now: Date) => and(eq(units.status, 'available'), holdIsOver(now));

/** Free for this order: in stock, and either unheld or held by this very order. */
export const unitIsFreeFor = (orderId: string, now: Date) =>
  and(eq(units.status, 'available'), or(holdIsOver(now), eq(units.heldByOrderId, orderId)));

/**
 * A unit can be offered to a new customer when it is free and meets the rental minimum of 10,000 BTU. The
 * catalog's count and activation's fallback use this definition; checkout's hold states the same in SQL (the
 * function checkout_hold_unit of migration 0016, with the minimum passed from here through holds.ts), so that a
 * checkout is one round trip: a change here is a change there.
 */
export const unitIsOfferable = (now: Date) => and(unitIsFree(now), gte(units.btu, business.minimumBtu));

/** The same hold rule for a unit row already read. */
export function isHeldAt(unit: { heldUntil: Date | null }, now: Date): boolean {
  return unit.heldUntil !== null && unit.heldUntil > now;
}
