import { and, asc, eq, isNull, ne, or } from 'drizzle-orm';
import type { Tx } from '@/server/platform/db/client';
import { units } from '@/server/platform/db/schema';
import { Conflict, NotFound } from '@/server/platform/errors';
import { noHold } from './holds';
import { unitIsFree } from './predicates';
import { rentUnit, swapOrderUnit } from './rentals';

/**
 * How visits move units (docs/decisions/023-visits-and-unit-movements.md). A unit committed to an order is
 * 'rented' with the order as current_order_id from payment on, whether it is still in the warehouse or already at
 * the customer's: it is out of stock either way. Which of the two the visits tell (a completed delivery or swap).
 */

/** A delivery's unit changed before it went out: the new one is rented by the order, the old one back in stock. */
export async function changeDeliveryUnit(
  tx: Tx,
  order: { id: string; modelId: string },
  unitId: string,
  now: Date,
): Promise<{ serial: string }> {
  return swapOrderUnit(tx, order, unitId, now);
}

/** The delivery is done: its unit is (still, or again) the order's, at the customer's. */
export async function deliverUnit(tx: Tx, { unitId, orderId }: { unitId: string; orderId: string }, now: Date) {
  const [unit] = await tx.select().from(units).where(eq(units.id, unitId)).for('update');
  if (!unit) throw new NotFound('Unit not found');
  const ours = unit.status === 'rented' && unit.currentOrderId === orderId;
  if (!ours) {
    const [free] = await tx
      .select({ id: units.id })
      .from(units)
      .where(and(eq(units.id, unitId), unitIsFree(now)));
    if (!free) throw new Conflict(`Unit ${unit.serial} is not free to deliver: choose another unit`);
  }
  await rentUnit(tx, { unitId, orderId });
  return { serial: unit.serial };
}

/**
 * A swap's replacement, kept out of stock for the order until the visit: the named unit (free, of the model) or
 * the first free one of the model. Null when none is free.
 */
export async function reserveReplacementUnit(
  tx: Tx,
  order: { id: string; modelId: string; unitId: string | null },
  unitId: string | undefined,
  now: Date,
): Promise<{ id: string; serial: string } | null> {
  const query = tx
    .select({ id: units.id, serial: units.serial, modelId: units.modelId })
    .from(units)
    .where(
      and(
        unitId ? eq(units.id, unitId) : eq(units.modelId, order.modelId),
        unitIsFree(now),
        order.unitId ? ne(units.id, order.unitId) : undefined,
      ),
    )
    .orderBy(asc(units.serial))
    .limit(1);
  // Two swaps booked at once each take a different free unit rather than wait for the same one.
  const [unit] = unitId ? await query.for('update') : await query.for('update', { skipLocked: true });
  if (!unit) return null;
  if (unit.modelId !== order.modelId) throw new Conflict("That unit is not of the rental's model");
  await rentUnit(tx, { unitId: unit.id, orderId: order.id });
  return { id: unit.id, serial: unit.serial };
}

/** A reserved replacement no longer needed (the swap was cancelled): back in stock. */
export async function releaseReservedUnit(tx: Tx, { unitId, orderId }: { unitId: string; orderId: string }) {
  await tx
    .update(units)
    .set({ status: 'available', currentOrderId: null })
    .where(and(eq(units.id, unitId), eq(units.currentOrderId, orderId), eq(units.status, 'rented')));
}

/**
 * A unit the crew brought back (a pickup, a swap's old unit): checked over before it is offered again. Only while
 * it is still the order's, or back in stock unassigned (ending an order frees its unit); a unit another order
 * took meanwhile is left alone.
 */
export async function collectUnit(tx: Tx, { unitId, orderId }: { unitId: string; orderId: string }): Promise<void> {
  await tx
    .update(units)
    .set({ status: 'maintenance', currentOrderId: null, ...noHold })
    .where(
      and(
        eq(units.id, unitId),
        or(eq(units.currentOrderId, orderId), and(isNull(units.currentOrderId), eq(units.status, 'available'))),
      ),
    );
}

/** One click after the check: a unit in maintenance goes back to stock. */
export async function returnUnitToStock(
  tx: Tx,
  unitId: string,
): Promise<{ id: string; serial: string; status: string }> {
  const [unit] = await tx.select().from(units).where(eq(units.id, unitId)).for('update');
  if (!unit) throw new NotFound('Unit not found');
  if (unit.status !== 'maintenance') {
    throw new Conflict(
      `Unit ${unit.serial} is ${unit.status}, not in maintenance: only a unit in maintenance goes back to stock here`,
    );
  }
  await tx.update(units).set({ status: 'available', currentOrderId: null }).where(eq(units.id, unit.id));
  return { id: unit.id, serial: unit.serial, status: 'available' };
}
