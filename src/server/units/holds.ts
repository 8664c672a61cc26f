import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { unitModels, units } from '../db/schema';
import { holdIsLive, unitIsOfferable } from './predicates';

/**
 * Locks one offerable unit (of the model, when one is named) for the rest of the transaction. Concurrent
 * checkouts skip each other's locked rows instead of queueing for the same unit.
 */
export async function lockOfferableUnit(tx: Tx, { modelId, now }: { modelId: string | null; now: Date }) {
  const [unit] = await tx
    .select({ id: units.id, modelId: units.modelId, btuTier: unitModels.btuTier })
    .from(units)
    .innerJoin(unitModels, eq(unitModels.id, units.modelId))
    .where(and(unitIsOfferable(now), modelId ? eq(units.modelId, modelId) : undefined))
    .orderBy(asc(units.serial))
    .limit(1)
    .for('update', { of: units, skipLocked: true });
  return unit ?? null;
}

/** Holds a unit (locked by lockOfferableUnit) for an order's checkout until the given instant. */
export async function holdUnit(tx: Tx, hold: { unitId: string; orderId: string; until: Date }): Promise<void> {
  await tx.update(units).set({ heldByOrderId: hold.orderId, heldUntil: hold.until }).where(eq(units.id, hold.unitId));
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
  await tx.update(units).set({ heldByOrderId: null, heldUntil: null }).where(eq(units.heldByOrderId, orderId));
}
