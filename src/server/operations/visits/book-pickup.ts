import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { adminAudit, recordAudit } from '@/server/platform/audit-log';
import type { Db } from '@/server/platform/db/client';
import { deliveryTasks } from '@/server/platform/db/schema';
import { Conflict, Invalid } from '@/server/platform/errors';
import { lockOrder } from '@/server/rentals/orders/lock-order';
import { visitsOfOrder } from './load';

/**
 * Opens a pickup for an order (the owner's "Schedule pickup" on a suspended rental or a unit still out after the
 * rental ended), never a second open one for the same order. It has no day yet: the dashboard then opens its booking
 * (scheduleVisit: a day and a window with room, the customer e-mailed), and until that is done every screen says the
 * pickup is not scheduled yet. A date given is the day asked for (tomorrow unless said), shown in the booking.
 */
export async function schedulePickup(
  db: Db,
  adminUserId: string,
  orderId: string,
  input: { scheduledDate?: string },
  now: Date,
): Promise<{ id: string; preferredDate: string }> {
  const today = todayInLosAngeles(now);
  const preferredDate = input.scheduledDate ?? addDays(today, 1);
  if (preferredDate < today) {
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
    if (open) {
      const when = open.scheduledDate ? `booked for ${open.scheduledDate}` : 'open, not scheduled yet';
      throw new Conflict(`A pickup is already ${when} for this order`);
    }
    const [task] = await tx
      .insert(deliveryTasks)
      .values({
        orderId: order.id,
        type: 'pickup',
        status: 'pending',
        scheduledDate: null,
        preferredDate,
        notes: 'Pickup opened by the owner',
        requestedBy: 'owner',
      })
      .returning({ id: deliveryTasks.id });
    await recordAudit(
      tx,
      adminAudit(adminUserId, 'delivery_task.pickup_booked', 'order', order.id, { taskId: task!.id, preferredDate }),
    );
    return { id: task!.id, preferredDate };
  });
}
