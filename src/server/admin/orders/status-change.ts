import { eq } from 'drizzle-orm';
import type { OrderStatus } from '@/contracts/admin/orders';
import { todayInLosAngeles } from '@/contracts/dates';
import { recordAudit } from '@/server/audit';
import type { Db } from '@/server/db/client';
import { orders } from '@/server/db/schema';
import { Conflict } from '@/server/http/errors';
import { releaseOrderUnits, rentNamedOrHeldUnit } from '@/server/units/rentals';
import { lockOrder } from './lock-order';
import { canChangeStatus } from './transitions';

/**
 * Moves an order along an allowed transition (./transitions.ts). Activating rents the order's unit (the one it
 * names or holds) when that unit is still free; ending an active order frees its unit and dates the end.
 */
export async function changeOrderStatus(
  db: Db,
  adminUserId: string,
  orderId: string,
  change: { status: OrderStatus; note?: string },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!canChangeStatus(order.status, change.status)) {
      throw new Conflict(`A ${order.status} order cannot be marked ${change.status}`);
    }
    if (change.status === 'active') {
      // The unit went elsewhere meanwhile: the order becomes active without one and the admin assigns another.
      const unitId = await rentNamedOrHeldUnit(tx, order, now);
      await tx.update(orders).set({ status: 'active', unitId }).where(eq(orders.id, order.id));
    } else {
      await releaseOrderUnits(tx, order.id);
      const endDate = order.status === 'active' ? (order.endDate ?? todayInLosAngeles(now)) : order.endDate;
      await tx.update(orders).set({ status: change.status, endDate }).where(eq(orders.id, order.id));
    }
    await recordAudit(tx, {
      actorType: 'admin',
      actorId: adminUserId,
      action: 'order.status_changed',
      entityType: 'order',
      entityId: order.id,
      details: { from: order.status, to: change.status, ...(change.note && { note: change.note }) },
    });
  });
}
