import { eq } from 'drizzle-orm';
import type { VisitActionResult } from '@/contracts/admin/deliveries';
import { adminAudit, recordAudit } from '@/server/platform/audit-log';
import type { Db } from '@/server/platform/db/client';
import { unitModels } from '@/server/platform/db/schema';
import { Conflict } from '@/server/platform/errors';
import { releaseReservedUnit, reserveReplacementUnit, returnUnitToStock } from '@/server/rentals/units/visits';
import { lockOpenVisit, writeVisit } from './load';
import { visitById } from './visit-rows';

/**
 * Cancels an open visit, with the reason (kept as its resolution). A swap's reserved replacement goes back to
 * stock. A paid rental's delivery is not cancelled here: it is rescheduled, or the order is cancelled first.
 */
export async function cancelVisit(
  db: Db,
  adminUserId: string,
  taskId: string,
  reason: string,
  now: Date,
): Promise<VisitActionResult> {
  await db.transaction(async (tx) => {
    const { task, order } = await lockOpenVisit(tx, taskId);
    if (task.type === 'delivery' && order.status === 'active') {
      throw new Conflict(
        `Order ${order.orderNumber} is paid and waiting for this delivery: reschedule it, or cancel the order in Orders first`,
      );
    }
    if (task.type === 'swap' && task.unitId && task.unitId !== order.unitId) {
      await releaseReservedUnit(tx, { unitId: task.unitId, orderId: order.id });
    }
    await writeVisit(
      tx,
      adminUserId,
      task.id,
      { status: 'cancelled', cancelledAt: now, resolution: `Cancelled: ${reason}` },
      {
        action: 'delivery_task.cancelled',
        details: { from: task.status, type: task.type, orderId: order.id, reason },
      },
    );
  });
  return { visit: await visitById(db, taskId), email: null };
}

/**
 * Turns an open service visit into a swap: one visit that brings a free unit of the same model (the one named, or
 * the first free) and takes the current one away. The replacement is kept out of stock for the order from now;
 * the order's unit changes when the visit is done. Billing is not touched: the same subscription goes on.
 */
export async function swapVisitUnit(
  db: Db,
  adminUserId: string,
  taskId: string,
  unitId: string | undefined,
  now: Date,
): Promise<VisitActionResult> {
  await db.transaction(async (tx) => {
    const { task, order } = await lockOpenVisit(tx, taskId);
    if (task.type !== 'service') throw new Conflict('Only an open service visit can become a swap');
    if (order.status !== 'active' || !order.unitId) {
      throw new Conflict(`Order ${order.orderNumber} has no unit at the customer's to swap`);
    }
    const replacement = await reserveReplacementUnit(tx, order, unitId, now);
    if (!replacement) {
      if (unitId) throw new Conflict('That unit is not free: choose another unit of the same model');
      const [model] = await tx
        .select({ name: unitModels.name })
        .from(unitModels)
        .where(eq(unitModels.id, order.modelId));
      throw new Conflict(
        `No ${model?.name ?? 'unit of this model'} is free for a swap. Add one or return one to stock in Inventory first.`,
      );
    }
    await writeVisit(
      tx,
      adminUserId,
      task.id,
      { type: 'swap', unitId: replacement.id, collectUnitId: order.unitId },
      {
        action: 'delivery_task.swap_booked',
        details: { orderId: order.id, newUnit: replacement.serial, collectUnitId: order.unitId },
      },
    );
  });
  return { visit: await visitById(db, taskId), email: null };
}

/** POST /api/admin/units/{id}/return-to-stock: a unit back from a pickup or swap, checked, offered again. */
export async function returnToStock(db: Db, adminUserId: string, unitId: string) {
  return db.transaction(async (tx) => {
    const unit = await returnUnitToStock(tx, unitId);
    await recordAudit(
      tx,
      adminAudit(adminUserId, 'unit.returned_to_stock', 'unit', unit.id, {
        serial: unit.serial,
        from: 'maintenance',
        to: 'available',
      }),
    );
    return unit;
  });
}
