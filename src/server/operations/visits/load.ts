import { and, eq, inArray } from 'drizzle-orm';
import { adminAudit, recordAudit } from '@/server/platform/audit-log';
import type { Tx } from '@/server/platform/db/client';
import { deliveryTasks, orders } from '@/server/platform/db/schema';
import { Conflict, NotFound } from '@/server/platform/errors';

export type TaskRow = typeof deliveryTasks.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;

/** Where-clause: the order's visits of one type in any of `statuses`. */
export const visitsOfOrder = (orderId: string, type: string, statuses: string[]) =>
  and(eq(deliveryTasks.orderId, orderId), eq(deliveryTasks.type, type), inArray(deliveryTasks.status, statuses));

export const isOpen = (task: { status: string }) => task.status === 'pending' || task.status === 'scheduled';

/** The visit and its order, both locked for the transaction; a closed visit is refused. */
export async function lockOpenVisit(tx: Tx, taskId: string): Promise<{ task: TaskRow; order: OrderRow }> {
  const [task] = await tx.select().from(deliveryTasks).where(eq(deliveryTasks.id, taskId)).for('update');
  if (!task) throw new NotFound('Visit not found');
  if (!isOpen(task)) throw new Conflict(`This visit is already ${task.status}`);
  const [order] = await tx.select().from(orders).where(eq(orders.id, task.orderId)).for('update');
  if (!order) throw new NotFound('Visit not found');
  return { task, order };
}

/** Deliveries, service visits and swaps serve an active rental; a pickup also follows one that has ended. */
export function refuseUnlessOrderServed(task: TaskRow, order: OrderRow): void {
  if (order.status === 'active') return;
  if (task.type === 'pickup' && order.status !== 'pending') return;
  throw new Conflict(`Order ${order.orderNumber} is ${order.status}: this visit can only be cancelled`);
}

/**
 * Writes `set` onto a visit and records the owner's change (`action`, with `details`) in the audit log, in the
 * caller's transaction.
 */
export async function writeVisit(
  tx: Tx,
  adminUserId: string,
  taskId: string,
  set: Partial<typeof deliveryTasks.$inferInsert>,
  audit: { action: string; details: Record<string, unknown> },
): Promise<void> {
  await tx.update(deliveryTasks).set(set).where(eq(deliveryTasks.id, taskId));
  await recordAudit(tx, adminAudit(adminUserId, audit.action, 'delivery_task', taskId, audit.details));
}
