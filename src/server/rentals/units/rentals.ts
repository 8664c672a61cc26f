import { and, asc, eq, or } from 'drizzle-orm';
import type { Tx } from '@/server/platform/db/client';
import { units } from '@/server/platform/db/schema';
import { Conflict, Invalid, NotFound } from '@/server/platform/errors';
import { noHold, releaseHolds } from './holds';
import { isHeldAt, unitIsFreeFor, unitIsOfferable } from './predicates';

/** The unit goes out to the order: rented, linked to it, and no longer held by anyone. */
export async function rentUnit(tx: Tx, { unitId, orderId }: { unitId: string; orderId: string }): Promise<void> {
  await tx
    .update(units)
    .set({ status: 'rented', currentOrderId: orderId, ...noHold })
    .where(eq(units.id, unitId));
}

/**
 * Payment confirmed: the order rents the unit its checkout held. If the hold was lost (the customer paid at the
 * last second and someone else took the unit), another offerable unit of the model goes out instead. Returns
 * the rented unit's id, or null when none of the model is left.
 */
export async function rentUnitForPaidOrder(
  tx: Tx,
  order: { id: string; modelId: string },
  now: Date,
): Promise<string | null> {
  const [held] = await tx
    .select({ id: units.id })
    .from(units)
    .where(and(eq(units.heldByOrderId, order.id), eq(units.status, 'available')))
    .for('update');
  const [unit] = held
    ? [held]
    : await tx
        .select({ id: units.id })
        .from(units)
        .where(and(eq(units.modelId, order.modelId), unitIsOfferable(now)))
        .orderBy(asc(units.serial))
        .limit(1)
        .for('update', { skipLocked: true });
  if (!unit) return null;
  await rentUnit(tx, { unitId: unit.id, orderId: order.id });
  return unit.id;
}

/**
 * The owner activates an order by hand: it rents the unit it names, or else the one its checkout held, when that
 * unit is still free for it (or already its own). Returns the rented unit's id, or null when it went elsewhere.
 */
export async function rentNamedOrHeldUnit(
  tx: Tx,
  order: { id: string; unitId: string | null },
  now: Date,
): Promise<string | null> {
  let unitId = order.unitId;
  if (!unitId) {
    const [held] = await tx.select({ id: units.id }).from(units).where(eq(units.heldByOrderId, order.id)).limit(1);
    unitId = held?.id ?? null;
  }
  if (!unitId) return null;
  const [rented] = await tx
    .update(units)
    .set({ status: 'rented', currentOrderId: order.id, ...noHold })
    .where(and(eq(units.id, unitId), or(unitIsFreeFor(order.id, now), eq(units.currentOrderId, order.id))))
    .returning({ id: units.id });
  return rented?.id ?? null;
}

/** The order no longer has anything: a unit it rents goes back to stock, and what it holds is released. */
export async function releaseOrderUnits(tx: Tx, orderId: string): Promise<void> {
  await tx
    .update(units)
    .set({ status: 'available', currentOrderId: null })
    .where(and(eq(units.currentOrderId, orderId), eq(units.status, 'rented')));
  await tx.update(units).set({ currentOrderId: null }).where(eq(units.currentOrderId, orderId));
  await releaseHolds(tx, orderId);
}

/**
 * Gives an order a unit, or swaps its unit for another: the new unit must be a free unit of the order's model;
 * it becomes rented by the order, and the old one goes back to available. Returns the new unit's serial.
 */
export async function swapOrderUnit(
  tx: Tx,
  order: { id: string; modelId: string },
  unitId: string,
  now: Date,
): Promise<{ serial: string }> {
  const [unit] = await tx.select().from(units).where(eq(units.id, unitId)).for('update');
  if (!unit) throw new NotFound('Unit not found');
  if (unit.modelId !== order.modelId) {
    throw new Invalid("That unit is not of the order's model", { unitId: "That unit is not of the order's model" });
  }
  const heldByAnother = isHeldAt(unit, now) && unit.heldByOrderId !== order.id;
  if (unit.status !== 'available' || heldByAnother) throw new Conflict(`Unit ${unit.serial} is not available`);
  await releaseOrderUnits(tx, order.id);
  await rentUnit(tx, { unitId: unit.id, orderId: order.id });
  return { serial: unit.serial };
}
