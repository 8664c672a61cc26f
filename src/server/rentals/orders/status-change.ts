import { eq } from 'drizzle-orm';
import type { OrderStatus } from '@/contracts/admin/orders';
import { todayInLosAngeles } from '@/contracts/dates';
import { adminAudit, recordAudit } from '@/server/platform/audit-log';
import { refreshBillingStatus } from '@/server/billing/billing-status';
import type { Db, Tx } from '@/server/platform/db/client';
import { orders } from '@/server/platform/db/schema';
import { Conflict, PaymentProviderFailed } from '@/server/platform/errors';
import type { PaymentGateway } from '@/server/billing/provider/gateway';
import { releaseOrderUnits, rentNamedOrHeldUnit } from '@/server/rentals/units/rentals';
import { cancelVisitsOfEndedOrder } from './open-visits';
import { findOrder, lockOrder } from './lock-order';
import { canChangeStatus } from './transitions';

/**
 * Moves an order along an allowed transition (src/server/rentals/orders/transitions.ts). Activating rents the order's unit (the one it
 * names or holds) when that unit is still free; ending an active order frees its unit, dates the end, cancels its
 * open visits but the pickup (orders/open-visits.ts) and ends its billing on the provider (now, with pending fees
 * on a final invoice). If the provider refuses, the order stays as it was and the owner reads why: the database and the provider never disagree about whether it bills.
 */
export async function changeOrderStatus(
  { db, payments }: { db: Db; payments: Pick<PaymentGateway, 'endSubscription'> },
  adminUserId: string,
  orderId: string,
  change: { status: OrderStatus; note?: string },
  now: Date,
  /** More that must happen with the change, in its transaction (a completed pickup: the unit to maintenance). */
  alongside?: (tx: Tx, order: { id: string }) => Promise<void>,
): Promise<void> {
  const refuse = (status: string) => new Conflict(`A ${status} order cannot be marked ${change.status}`);
  // The provider is asked first, outside our transaction (a network call must not hold the order's lock, and the
  // embedded gateway shares our database): only once billing has ended does the order end.
  const current = await findOrder(db, orderId);
  if (!canChangeStatus(current.status, change.status)) throw refuse(current.status);
  const billing =
    change.status !== 'active' && current.stripeSubscriptionId
      ? await payments.endSubscription({ subscriptionId: current.stripeSubscriptionId, at: null }).catch((error) => {
          throw new PaymentProviderFailed('did not end the subscription, so the order was not changed', error);
        })
      : null;

  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    // The provider's end-of-billing event may have completed the order meanwhile (the embedded gateway delivers it
    // before answering): the owner's own ending still applies. Any other change in between is refused.
    const endedByOurBillingEnd = billing !== null && current.status === 'active' && order.status === 'completed';
    if (!canChangeStatus(order.status, change.status) && !endedByOurBillingEnd) throw refuse(order.status);
    if (change.status === 'active') {
      // The unit went elsewhere meanwhile: the order becomes active without one and the admin assigns another.
      const unitId = await rentNamedOrHeldUnit(tx, order, now);
      await tx.update(orders).set({ status: 'active', unitId }).where(eq(orders.id, order.id));
    } else {
      if (billing) {
        await recordAudit(
          tx,
          adminAudit(adminUserId, 'order.billing_ended', 'order', order.id, {
            subscriptionId: order.stripeSubscriptionId,
            status: billing.status,
            endsAt: billing.endsAt.toISOString(),
          }),
        );
      }
      await releaseOrderUnits(tx, order.id);
      await cancelVisitsOfEndedOrder(tx, order.id, { actorType: 'admin', actorId: adminUserId }, now);
      const endDate = order.status === 'pending' ? order.endDate : (order.endDate ?? todayInLosAngeles(now));
      await tx.update(orders).set({ status: change.status, endDate }).where(eq(orders.id, order.id));
    }
    await refreshBillingStatus(tx, order.id);
    if (alongside) await alongside(tx, order);
    await recordAudit(
      tx,
      adminAudit(adminUserId, 'order.status_changed', 'order', order.id, {
        from: endedByOurBillingEnd ? current.status : order.status,
        to: change.status,
        ...(change.note && { note: change.note }),
      }),
    );
  });
}
