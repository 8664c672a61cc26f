/**
 * What the checkout chaos run (scripts/chaos-checkout.ts) checks in the database once the server has stopped:
 * each returns the violations it found, in words an operator can act on. `now` is the app's (billing) clock.
 */
import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { ORPHAN_CANCEL_REASON, ORPHAN_GRACE_MINUTES } from '@/server/rentals/checkout/orphans';
import { CHECKOUT_HOLD_MINUTES } from '@/server/rentals/checkout/checkout-limits';
import type { Db } from '@/server/platform/db/client';
import { orders, units } from '@/server/platform/db/schema';

/** A create-session call answered 200: the customer was sent to this payment page for this order. */
export interface Acknowledged {
  orderId: string;
  sessionId: string;
}

/**
 * Every acknowledged order exists with the session it was answered with, unpaid (pending, or cancelled by a
 * sweep), never renting a unit, and holds exactly one unit while its hold can still be live; no unit of the
 * model is rented (nobody paid); no live hold names an order that is not pending; no order holds two units.
 */
export async function checkOrdersAndHolds(
  db: Db,
  modelId: string,
  acknowledged: Acknowledged[],
  now: Date,
): Promise<string[]> {
  const violations: string[] = [];
  const ids = acknowledged.map((ack) => ack.orderId);
  const found = new Map(
    ids.length === 0
      ? []
      : (await db.select().from(orders).where(inArray(orders.id, ids))).map((order) => [order.id, order]),
  );
  const holds = await db
    .select({ orderId: units.heldByOrderId, live: sql<boolean>`${gt(units.heldUntil, now)}` })
    .from(units)
    .where(eq(units.modelId, modelId));
  const liveHoldsOf = (orderId: string) => holds.filter((hold) => hold.orderId === orderId && hold.live).length;

  for (const { orderId, sessionId } of acknowledged) {
    const order = found.get(orderId);
    if (!order) {
      violations.push(`acknowledged order ${orderId} is missing after the restarts`);
      continue;
    }
    if (order.stripeSessionId !== sessionId) {
      violations.push(`order ${orderId} was answered with session ${sessionId} but records ${order.stripeSessionId}`);
    }
    if (order.status !== 'pending' && order.status !== 'cancelled') {
      violations.push(`order ${orderId} is ${order.status}, though nobody paid`);
    }
    if (order.cancelReason === ORPHAN_CANCEL_REASON) {
      violations.push(`order ${orderId} reached its payment page but was swept as an orphan`);
    }
    const live = liveHoldsOf(orderId);
    const holdCanBeLive = now.getTime() < order.createdAt.getTime() + CHECKOUT_HOLD_MINUTES * 60_000;
    if (order.status === 'pending' && holdCanBeLive && live !== 1) {
      violations.push(`pending order ${orderId} holds ${live} units during its hold (expected 1)`);
    }
    if (order.status === 'cancelled' && live > 0) violations.push(`cancelled order ${orderId} still holds a unit`);
  }

  const rented = await db
    .select({ serial: units.serial })
    .from(units)
    .where(and(eq(units.modelId, modelId), eq(units.status, 'rented')));
  for (const unit of rented) violations.push(`unit ${unit.serial} is rented, though nobody paid`);

  const liveHolders = await db
    .select({ orderId: orders.id, status: orders.status, n: sql<number>`count(*)::int` })
    .from(units)
    .innerJoin(orders, eq(orders.id, units.heldByOrderId))
    .where(and(eq(units.modelId, modelId), gt(units.heldUntil, now)))
    .groupBy(orders.id, orders.status);
  for (const holder of liveHolders) {
    if (holder.n > 1) violations.push(`order ${holder.orderId} holds ${holder.n} units at once`);
    if (holder.status !== 'pending') violations.push(`a unit is held live by ${holder.status} order ${holder.orderId}`);
  }
  return violations;
}

/** Orders of the model a crash left without a payment session: `swept` cancelled with the reason, `open` not. */
export async function orphanCounts(db: Db, modelId: string, now: Date) {
  const cutoff = new Date(now.getTime() - ORPHAN_GRACE_MINUTES * 60_000);
  const [open] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.modelId, modelId),
        eq(orders.status, 'pending'),
        isNull(orders.stripeSessionId),
        lt(orders.createdAt, cutoff),
      ),
    );
  const swept = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(and(eq(orders.modelId, modelId), eq(orders.cancelReason, ORPHAN_CANCEL_REASON)));
  const stillHolding =
    swept.length === 0
      ? []
      : await db
          .select({ orderId: units.heldByOrderId })
          .from(units)
          .where(
            inArray(
              units.heldByOrderId,
              swept.map((order) => order.id),
            ),
          );
  return { openPastGrace: open?.n ?? 0, swept: swept.length, sweptStillHolding: stillHolding.length };
}

/** Orders of the model in each status, and how many have no payment session (what the crashes left). */
export async function orderCensus(db: Db, modelId: string) {
  const rows = await db
    .select({
      status: orders.status,
      withoutSession: sql<number>`(count(*) filter (where ${orders.stripeSessionId} is null))::int`,
      n: sql<number>`count(*)::int`,
    })
    .from(orders)
    .where(eq(orders.modelId, modelId))
    .groupBy(orders.status);
  return rows;
}
