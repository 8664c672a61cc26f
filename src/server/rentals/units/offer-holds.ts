import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '@/server/platform/db/client';
import { units } from '@/server/platform/db/schema';

/**
 * A unit held for a waitlist offer (ADR 036): held_until is the offer's end, held_for_client names the entry
 * ('waitlist:<entry id>') and no order holds it until the offer's checkout takes it. Held, it is neither in the
 * catalog's count nor picked by any other checkout (predicates.ts), with no rule of its own.
 */
export const WAITLIST_HOLDER_PREFIX = 'waitlist:';
export const waitlistHolder = (entryId: string) => `${WAITLIST_HOLDER_PREFIX}${entryId}`;

/** Holds a free unit for an offer until `until`. */
export async function holdUnitForOffer(tx: Tx, unitId: string, entryId: string, until: Date): Promise<void> {
  await tx
    .update(units)
    .set({ heldByOrderId: null, heldUntil: until, heldForClient: waitlistHolder(entryId) })
    .where(eq(units.id, unitId));
}

/** The offer's checkout takes its unit: held for the order for at least the checkout's hold. */
export async function moveOfferHoldToOrder(tx: Tx, unitId: string, orderId: string, until: Date): Promise<void> {
  await tx
    .update(units)
    .set({ heldByOrderId: orderId, heldUntil: sql`greatest(${units.heldUntil}, ${until.toISOString()}::timestamptz)` })
    .where(eq(units.id, unitId));
}

/** An offer that ended gives its unit back to everyone (the line first), unless its checkout is paying for it. */
export async function releaseOfferHold(tx: Tx, entryId: string): Promise<void> {
  await tx
    .update(units)
    .set({ heldUntil: null, heldForClient: null })
    .where(and(eq(units.heldForClient, waitlistHolder(entryId)), sql`${units.heldByOrderId} is null`));
}
