import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { orders, unitModels, units } from '../db/schema';
import { holdIsLive, unitIsOfferable } from './predicates';

/** What a unit's hold columns become when the hold ends (released, or the unit rented). */
export const noHold = { heldByOrderId: null, heldUntil: null, heldForClient: null };

/**
 * Locks one offerable unit of a model offered for rent (the named one, or any active one) for the rest of the
 * transaction. Concurrent checkouts skip each other's locked rows instead of queueing for the same unit.
 */
export async function lockOfferableUnit(tx: Tx, { modelId, now }: { modelId: string | null; now: Date }) {
  const [unit] = await tx
    .select({ id: units.id, modelId: units.modelId, btuTier: unitModels.btuTier })
    .from(units)
    .innerJoin(unitModels, eq(unitModels.id, units.modelId))
    .where(and(unitIsOfferable(now), eq(unitModels.active, true), modelId ? eq(units.modelId, modelId) : undefined))
    .orderBy(asc(units.serial))
    .limit(1)
    .for('update', { of: units, skipLocked: true });
  return unit ?? null;
}

/**
 * Holds a unit (locked by lockOfferableUnit) for an order's checkout until the given instant, noting the client
 * address the checkout came from (live holds are bounded per client: hold-limits.ts).
 */
export async function holdUnit(
  tx: Tx,
  hold: { unitId: string; orderId: string; until: Date; client: string },
): Promise<void> {
  await tx
    .update(units)
    .set({ heldByOrderId: hold.orderId, heldUntil: hold.until, heldForClient: hold.client.slice(0, 64) })
    .where(eq(units.id, hold.unitId));
}

export async function orderHasLiveHold(tx: Tx, orderId: string, now: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: units.id })
    .from(units)
    .where(and(eq(units.heldByOrderId, orderId), holdIsLive(now)))
    .limit(1);
  return !!row;
}

/** The order's checkout is over without a rental: whatever it holds is offered again at once. */
export async function releaseHolds(tx: Tx, orderId: string): Promise<void> {
  await tx.update(units).set(noHold).where(eq(units.heldByOrderId, orderId));
}

/**
 * A checkout still waiting for payment was abandoned (its payment page left, or a card declined on it): its unit
 * is offered again at once. The order stays pending until its payment session ends; if it is paid after all,
 * fulfilment rents any free unit of the model (rentUnitForPaidOrder). Returns whether a pending order was found.
 */
export async function releasePendingHold(tx: Tx, orderId: string): Promise<boolean> {
  const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for('update');
  if (order?.status !== 'pending') return false;
  await releaseHolds(tx, orderId);
  return true;
}
