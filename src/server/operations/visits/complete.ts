import { and, eq, inArray, ne } from 'drizzle-orm';
import type { CompleteVisitInput, VisitActionResult } from '@/contracts/admin/deliveries';
import { changeOrderStatus } from '@/server/rentals/orders/status-change';
import type { Db, Tx } from '@/server/platform/db/client';
import { deliveryTasks, orders } from '@/server/platform/db/schema';
import { Conflict, Invalid } from '@/server/platform/errors';
import type { PaymentGateway } from '@/server/billing/provider/gateway';
import { collectUnit, deliverUnit } from '@/server/rentals/units/visits';
import { lockOpenVisit, refuseUnlessOrderServed, writeVisit, type TaskRow } from './load';
import { visitById } from './visit-rows';

export interface CompleteDeps {
  db: Db;
  payments: Pick<PaymentGateway, 'endSubscription'>;
}

async function markDone(
  tx: Tx,
  adminUserId: string,
  task: TaskRow,
  set: Partial<typeof deliveryTasks.$inferInsert>,
  now: Date,
) {
  await writeVisit(
    tx,
    adminUserId,
    task.id,
    { status: 'completed', completedAt: now, ...set },
    {
      action: 'delivery_task.completed',
      details: { from: task.status, type: task.type, orderId: task.orderId, ...set },
    },
  );
}

/** The rental ended with the pickup: its other open visits have nothing left to do. */
async function cancelOtherOpenVisits(tx: Tx, task: TaskRow, now: Date) {
  await tx
    .update(deliveryTasks)
    .set({
      status: 'cancelled',
      cancelledAt: now,
      resolution: 'Cancelled: the unit was picked up and the rental ended',
    })
    .where(
      and(
        eq(deliveryTasks.orderId, task.orderId),
        ne(deliveryTasks.id, task.id),
        inArray(deliveryTasks.status, ['pending', 'scheduled']),
      ),
    );
}

/**
 * Marks a visit done and moves its units (docs/decisions/023-visits-and-unit-movements.md):
 * - delivery: its unit is the order's, at the customer's (the delivered date is the visit's completed_at);
 * - pickup: the unit goes to maintenance and the order ends: an active order through changeOrderStatus, which ends
 *   its subscription on the provider first (nothing changes if the provider refuses);
 * - service: resolved on site, with what was done;
 * - swap: the new unit becomes the order's, the old one goes to maintenance; billing is not touched.
 */
export async function completeVisit(
  deps: CompleteDeps,
  adminUserId: string,
  taskId: string,
  input: CompleteVisitInput,
  now: Date,
): Promise<VisitActionResult> {
  const { db } = deps;
  const resolution = input.resolution ?? null;
  const [peek] = await db.select().from(deliveryTasks).where(eq(deliveryTasks.id, taskId));
  if (peek?.type === 'service' && !resolution) {
    throw new Invalid('Say what was done on site', { resolution: 'Say what was done on site' });
  }
  const [peekOrder] = peek ? await db.select().from(orders).where(eq(orders.id, peek.orderId)) : [];
  if (peek?.type === 'pickup' && peekOrder?.status === 'active') {
    // The order ends with the pickup, through the one path that ends an order and its billing.
    await db.transaction(async (tx) => {
      await lockOpenVisit(tx, taskId); // refuses a closed visit before billing is touched
    });
    await changeOrderStatus(
      deps,
      adminUserId,
      peekOrder.id,
      { status: 'completed', note: 'Unit picked up' },
      now,
      async (tx) => completePickup(tx, adminUserId, taskId, peekOrder.unitId, now),
    );
    return { visit: await visitById(db, taskId), email: null };
  }

  await db.transaction(async (tx) => {
    const { task, order } = await lockOpenVisit(tx, taskId);
    refuseUnlessOrderServed(task, order);
    switch (task.type) {
      case 'delivery': {
        // The order's unit is the truth (the Orders tab may have changed it since the visit was booked).
        const unitId = order.unitId ?? task.unitId;
        if (!unitId) throw new Conflict('Assign a unit to this delivery before marking it done');
        await deliverUnit(tx, { unitId, orderId: order.id }, now);
        await tx.update(orders).set({ unitId }).where(eq(orders.id, order.id));
        await markDone(tx, adminUserId, task, { unitId, ...(resolution && { resolution }) }, now);
        break;
      }
      case 'swap': {
        if (!task.unitId) throw new Conflict('This swap has no replacement unit: cancel it and swap again');
        await deliverUnit(tx, { unitId: task.unitId, orderId: order.id }, now);
        const collected = task.collectUnitId ?? (order.unitId !== task.unitId ? order.unitId : null);
        if (collected && collected !== task.unitId) await collectUnit(tx, { unitId: collected, orderId: order.id });
        await tx.update(orders).set({ unitId: task.unitId }).where(eq(orders.id, order.id));
        await markDone(tx, adminUserId, task, { collectUnitId: collected, ...(resolution && { resolution }) }, now);
        break;
      }
      case 'pickup':
        // The order had already ended (its billing too): only the unit comes back.
        await completePickup(tx, adminUserId, task.id, order.unitId, now);
        break;
      default:
        await markDone(tx, adminUserId, task, { resolution }, now);
    }
  });
  return { visit: await visitById(db, taskId), email: null };
}

async function completePickup(tx: Tx, adminUserId: string, taskId: string, orderUnitId: string | null, now: Date) {
  const { task } = await lockOpenVisit(tx, taskId);
  const collected = task.collectUnitId ?? orderUnitId;
  if (collected) await collectUnit(tx, { unitId: collected, orderId: task.orderId });
  await markDone(tx, adminUserId, task, { collectUnitId: collected }, now);
  await cancelOtherOpenVisits(tx, task, now);
}
