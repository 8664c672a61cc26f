import { and, eq, inArray, ne } from 'drizzle-orm';
import { type AuditEntry, recordAudit } from '@/server/platform/audit-log';
import type { Tx } from '@/server/platform/db/client';
import { deliveryTasks, orders } from '@/server/platform/db/schema';
import { releaseReservedUnit } from '@/server/rentals/units/visits';

/**
 * An order that has ended keeps only the visit that brings its unit back. Its delivery, service calls and swaps
 * still open can no longer happen, so they are cancelled in the ending's own transaction (a swap's reserved
 * replacement goes back in stock) and never reach a route sheet; each is audited like the owner's own cancel.
 * Returns how many were cancelled.
 */
export async function cancelVisitsOfEndedOrder(
  tx: Tx,
  orderId: string,
  actor: Pick<AuditEntry, 'actorType' | 'actorId'>,
  now: Date,
): Promise<number> {
  const [order] = await tx.select({ unitId: orders.unitId }).from(orders).where(eq(orders.id, orderId));
  const open = await tx
    .update(deliveryTasks)
    .set({ status: 'cancelled', cancelledAt: now, resolution: 'Cancelled: the order ended' })
    .where(
      and(
        eq(deliveryTasks.orderId, orderId),
        ne(deliveryTasks.type, 'pickup'),
        inArray(deliveryTasks.status, ['pending', 'scheduled']),
      ),
    )
    .returning({ id: deliveryTasks.id, type: deliveryTasks.type, unitId: deliveryTasks.unitId });
  for (const visit of open) {
    if (visit.type === 'swap' && visit.unitId && visit.unitId !== order?.unitId) {
      await releaseReservedUnit(tx, { unitId: visit.unitId, orderId });
    }
    await recordAudit(tx, {
      ...actor,
      action: 'delivery_task.cancelled',
      entityType: 'delivery_task',
      entityId: visit.id,
      details: { type: visit.type, orderId, reason: 'The order ended' },
    });
  }
  return open.length;
}
