import { and, eq, inArray } from 'drizzle-orm';
import type { UnitInput, UnitStatus, UnitUpdateInput } from '@/contracts/admin/inventory';
import type { Tx } from '@/server/platform/db/client';
import { orders, units } from '@/server/platform/db/schema';
import { Conflict, NotFound } from '@/server/platform/errors';
import { isHeldAt } from './predicates';

/** The owner's changes to the fleet: adding units, editing them, changing their status, deleting them. */

export const unitNotFound = () => new NotFound('Unit not found');

/** Adds a unit to stock (available). A serial number already in use raises the database's unique violation. */
export async function addUnit(tx: Tx, input: UnitInput): Promise<string> {
  const [row] = await tx
    .insert(units)
    .values({
      modelId: input.modelId,
      serial: input.serial,
      brand: input.brand,
      model: input.model,
      btu: input.btu,
      purchaseDate: new Date(`${input.purchaseDate}T00:00:00Z`),
      purchasePrice: input.purchasePrice.toFixed(2),
      notes: input.notes ?? null,
    })
    .returning({ id: units.id });
  return row!.id;
}

/** Units (locked for the transaction) that an active or pending order is using right now. */
async function unitsInUse(tx: Tx, unitIds: string[]) {
  return tx
    .select({ id: units.id, serial: units.serial })
    .from(units)
    .innerJoin(orders, eq(orders.id, units.currentOrderId))
    .where(and(inArray(units.id, unitIds), inArray(orders.status, ['active', 'pending'])));
}

async function refuseUnitsInUse(tx: Tx, unitIds: string[]): Promise<void> {
  const serials = (await unitsInUse(tx, unitIds)).map((unit) => unit.serial);
  if (serials.length === 0) return;
  throw new Conflict(
    serials.length === 1
      ? `Unit ${serials[0]} is on an active order. Swap the unit on the order or end the order first.`
      : `Units ${serials.join(', ')} are on active orders. Swap the units on those orders or end the orders first.`,
  );
}

/**
 * Inline edit: any status (spec section 4) and the notes. A unit out with a customer keeps its status. Returns
 * the status before and after, or null when the status did not change.
 */
export async function editUnit(
  tx: Tx,
  unitId: string,
  update: UnitUpdateInput,
): Promise<{ from: string; to: UnitStatus } | null> {
  const [unit] = await tx.select().from(units).where(eq(units.id, unitId)).for('update');
  if (!unit) throw unitNotFound();
  const statusChanges = update.status !== undefined && update.status !== unit.status;
  if (statusChanges) await refuseUnitsInUse(tx, [unit.id]);
  await tx
    .update(units)
    .set({
      ...(update.status !== undefined && { status: update.status }),
      ...(update.notes !== undefined && { notes: update.notes === '' ? null : update.notes }),
    })
    .where(eq(units.id, unit.id));
  return statusChanges ? { from: unit.status, to: update.status! } : null;
}

/** One status for many units, all or nothing. Returns each unit's status before the change. */
export async function setUnitsStatus(tx: Tx, unitIds: string[], status: UnitStatus) {
  const found = await tx
    .select({ id: units.id, status: units.status })
    .from(units)
    .where(inArray(units.id, unitIds))
    .for('update');
  if (found.length !== unitIds.length) throw new NotFound('Some of the selected units no longer exist');
  await refuseUnitsInUse(tx, unitIds);
  await tx.update(units).set({ status }).where(inArray(units.id, unitIds));
  return found;
}

/** Deletes a unit, unless a customer has it or a checkout holds it. Past orders keep their history without it. */
export async function removeUnit(tx: Tx, unitId: string, now: Date) {
  const [unit] = await tx.select().from(units).where(eq(units.id, unitId)).for('update');
  if (!unit) throw unitNotFound();
  if ((await unitsInUse(tx, [unit.id])).length > 0) {
    throw new Conflict(`Unit ${unit.serial} is on an active order and cannot be deleted.`);
  }
  if (isHeldAt(unit, now)) {
    throw new Conflict(`Unit ${unit.serial} is held by a checkout in progress and cannot be deleted right now.`);
  }
  await tx.delete(units).where(eq(units.id, unit.id));
  return unit;
}
