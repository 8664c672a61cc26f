import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/server/platform/db/client';
import { orders, units } from '@/server/platform/db/schema';
import { cancelUnpaidOrder } from '@/server/rentals/orders/cancel-unpaid';
import { holdIsLive } from '@/server/rentals/units/predicates';
import { PHONE_HOLD_ENDED_REASON } from './link';

/** Enough for any backlog one minute can make; a larger one is finished by the next runs. */
const BATCH = 200;

/**
 * A pending phone order whose unit is no longer held, with no payment page open (a page that is open ends by the
 * provider's checkout.session.expired, which cancels it then): as of `now`, created before it.
 */
const endedBefore = (now: Date) =>
  and(
    eq(orders.source, 'phone'),
    eq(orders.status, 'pending'),
    isNull(orders.stripeSessionId),
    lt(orders.createdAt, now),
    sql`not exists (select 1 from ${units} where ${units.heldByOrderId} = ${orders.id} and ${holdIsLive(now)})`,
  );

/**
 * Cancels the phone orders whose hold ended unsigned or unpaid (issue 29): their unit is already back on sale (a
 * hold that ended holds nothing), the order says why, and its link then says it expired. Each order is re-read
 * under its row lock, skipping one another instance holds, so two instances never both act on it. Returns how many
 * it cancelled.
 */
export async function sweepEndedPhoneOrders(db: Db, now: Date): Promise<number> {
  const candidates = await db
    .select({ id: orders.id })
    .from(orders)
    .where(endedBefore(now))
    .orderBy(asc(orders.createdAt))
    .limit(BATCH);
  let cancelled = 0;
  for (const { id } of candidates) {
    if (await db.transaction((tx) => cancelEnded(tx, id, now))) cancelled += 1;
  }
  return cancelled;
}

async function cancelEnded(tx: Tx, orderId: string, now: Date): Promise<boolean> {
  const [order] = await tx
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(and(eq(orders.id, orderId), endedBefore(now)))
    .for('update', { skipLocked: true });
  if (!order) return false;
  await cancelUnpaidOrder(tx, order.id, {
    action: 'order.phone_order_expired',
    details: { reason: PHONE_HOLD_ENDED_REASON, orderNumber: order.orderNumber },
    reason: PHONE_HOLD_ENDED_REASON,
  });
  return true;
}
