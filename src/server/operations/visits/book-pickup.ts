import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { adminAudit, recordAudit } from '@/server/platform/audit-log';
import type { Db } from '@/server/platform/db/client';
import { deliveryTasks } from '@/server/platform/db/schema';
import { Conflict, Invalid } from '@/server/platform/errors';
import { lockOrder } from '@/server/rentals/orders/lock-order';
import { visitsOfOrder } from './load';

/**
 * Books a pickup for an order (the owner's one click on a suspended rental or a unit still out after the rental
 * ended): tomorrow unless a date is given, never a second open pickup for the same order.
 */
export async function schedulePickup(
  db: Db,
  adminUserId: string,
  orderId: string,
  input: { scheduledDate?: string },
  now: Date,
): Promise<{ id: string; scheduledDate: string }> {
  const today = todayInLosAngeles(now);
  const scheduledDate = input.scheduledDate ?? addDays(today, 1);
  if (scheduledDate < today) {
    throw new Invalid('The pickup date cannot be in the past', {
      scheduledDate: 'The pickup date cannot be in the past',
    });
  }
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === 'pending')
      throw new Conflict('This order was never delivered, so there is nothing to pick up');
    const [open] = await tx
      .select({ id: deliveryTasks.id, scheduledDate: deliveryTasks.scheduledDate })
      .from(deliveryTasks)
      .where(visitsOfOrder(order.id, 'pickup', ['pending', 'scheduled']));
    if (open) throw new Conflict(`A pickup is already booked for this order (${open.scheduledDate ?? 'no date yet'})`);
    const [task] = await tx
      .insert(deliveryTasks)
      .values({
        orderId: order.id,
        type: 'pickup',
        status: 'pending',
        scheduledDate,
        notes: 'Pickup booked by the owner',
        requestedBy: 'owner',
      })
      .returning({ id: deliveryTasks.id });
    await recordAudit(
      tx,
      adminAudit(adminUserId, 'delivery_task.pickup_booked', 'order', order.id, { taskId: task!.id, scheduledDate }),
    );
    return { id: task!.id, scheduledDate };
  });
}
