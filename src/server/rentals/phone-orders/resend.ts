import { and, eq, sql } from 'drizzle-orm';
import type { PhoneOrderLinkResent } from '@/contracts/phone-orders';
import { adminAudit, recordAudit } from '@/server/platform/audit-log';
import type { Db } from '@/server/platform/db/client';
import { customers, orders, unitModels } from '@/server/platform/db/schema';
import { Conflict } from '@/server/platform/errors';
import { orderNotFound } from '@/server/rentals/orders/lock-order';
import { liveHoldEnd } from './link';
import { queueOrderLinkEmail } from './link-email';
import { orderLinkUrl } from './link-key';
import { modelNameForCustomer } from '@/server/platform/db/model-name';

/**
 * POST /api/admin/orders/:id/link: a new link for a pending phone order while its unit is held, e-mailed again;
 * every older link then says a newer one was sent. The hold keeps its end: a hold that ended needs a new order.
 */
export async function resendOrderLink(
  deps: { db: Db; publicUrl: string; linkSecret: string },
  orderId: string,
  staff: { adminUserId: string },
  now: Date,
): Promise<PhoneOrderLinkResent> {
  return deps.db.transaction(async (tx) => {
    const [found] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!found) throw orderNotFound();
    if (found.source !== 'phone') throw new Conflict('Only an order taken by phone has a link to send.');
    if (found.status !== 'pending') throw new Conflict('This order is no longer waiting for payment.');
    const heldUntil = await liveHoldEnd(tx, found.id, now);
    if (!heldUntil) {
      throw new Conflict("This order's hold has ended and its unit was released. Please take the order again.");
    }
    const [order] = await tx
      .update(orders)
      .set({ linkVersion: sql`${orders.linkVersion} + 1`, linkSentAt: now, linkOpenedAt: null })
      .where(and(eq(orders.id, found.id)))
      .returning();
    const [row] = await tx
      .select({ customer: customers, modelName: modelNameForCustomer() })
      .from(customers)
      .innerJoin(unitModels, eq(unitModels.id, order!.modelId))
      .where(eq(customers.id, order!.customerId));
    const linkUrl = orderLinkUrl(deps.publicUrl, deps.linkSecret, order!);
    await queueOrderLinkEmail(tx, {
      order: order!,
      customer: row!.customer,
      modelName: row!.modelName,
      heldUntil,
      linkUrl,
    });
    await recordAudit(
      tx,
      adminAudit(staff.adminUserId, 'order.phone_link_resent', 'order', order!.id, { linkVersion: order!.linkVersion }),
    );
    return { linkUrl, heldUntil: heldUntil.toISOString() };
  });
}
