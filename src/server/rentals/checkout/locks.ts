import { sql } from 'drizzle-orm';
import type { Tx } from '@/server/platform/db/client';
import { emailLimitKey, placeLimitKey } from '@/server/rentals/units/limit-keys';

/**
 * The keys of a checkout's three advisory locks: checkouts for one e-mail take turns, so a double submit sees the
 * first one's order; then those from one client address and for one delivery address, so their live holds are
 * counted one checkout at a time (hold limits, ADR 016). E-mail and address are locked by what the limits count
 * (units/limit-keys.ts), so two spellings of one take turns too. Both ways a checkout is written take them with these keys
 * (reservation.ts's transaction, and the one statement of first-checkout.ts), so each takes turns with the other.
 */
export interface CheckoutLocks {
  email: string;
  client: string;
  place: string;
}

export function checkoutLocks(input: { email: string; zipCode: string; address: string }, ip: string): CheckoutLocks {
  return { email: `checkout:${emailLimitKey(input.email)}`, client: ip, place: placeLimitKey(input) };
}

/**
 * Takes the three locks for the rest of the transaction, left to right (always in this order, so two checkouts
 * cannot deadlock), in one statement that also lets the transaction commit without waiting for its WAL flush: the
 * hold's NOTIFY (0013) takes PostgreSQL's one notify lock from commit to flush, so flushed commits would take turns
 * at disk speed. Nothing is lost to the customer: no payment page is handed out before a later write of this
 * checkout (the payment session, its URL recorded on the order) commits synchronously, which flushes this commit
 * first (ADR 008).
 */
export async function takeCheckoutLocks(tx: Tx, locks: CheckoutLocks): Promise<void> {
  await tx.execute(
    sql`select set_config('synchronous_commit', 'off', true), pg_advisory_xact_lock(hashtext(${locks.email})), pg_advisory_xact_lock(1, hashtext(${locks.client})), pg_advisory_xact_lock(2, hashtext(${locks.place}))`,
  );
}
