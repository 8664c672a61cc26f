import { eq } from 'drizzle-orm';
import { adminAudit, recordAudit } from '@/server/platform/audit-log';
import type { Db } from '@/server/platform/db/client';
import { orders, units } from '@/server/platform/db/schema';
import { Conflict } from '@/server/platform/errors';
import { swapOrderUnit } from '@/server/rentals/units/rentals';
import { lockOrder } from './lock-order';

/**
 * Gives an active order a unit, or swaps its unit for another: the new unit must be a free unit of the order's
 * model; it becomes rented by the order, and the old one goes back to available.
 */
export async function assignUnit(
  db: Db,
  adminUserId: string,
  orderId: string,
  unitId: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status !== 'active') throw new Conflict('Only an active order can have a unit assigned');
    if (order.unitId === unitId) throw new Conflict('That unit is already assigned to this order');
    const [previous] = order.unitId
      ? await tx.select({ serial: units.serial }).from(units).where(eq(units.id, order.unitId))
      : [];
    const unit = await swapOrderUnit(tx, order, unitId, now);
    await tx.update(orders).set({ unitId }).where(eq(orders.id, order.id));
    await recordAudit(
      tx,
      adminAudit(adminUserId, previous ? 'order.unit_swapped' : 'order.unit_assigned', 'order', order.id, {
        from: previous?.serial ?? null,
        to: unit.serial,
      }),
    );
  });
}
