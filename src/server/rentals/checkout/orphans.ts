import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import { cancelUnpaidOrder } from '@/server/rentals/orders/cancel-unpaid';
import { canChangeStatus } from '@/server/rentals/orders/transitions';
import type { Db, Tx } from '@/server/platform/db/client';
import { orders } from '@/server/platform/db/schema';

/**
 * How long a pending order may go without a payment session before it counts as orphaned. create-session commits
 * the order and its hold, then asks the provider for a page and records the page in a second write; only a process
 * that died in between leaves an order without one. The provider call is bounded by the Stripe adapter's 20 s
 * timeout and 2 retries (about a minute at worst), so 10 minutes is ten times that: a slow call in flight is never
 * mistaken for a dead one; its unit is back on sale sooner, when the checkout's first hold ends unopened (ADR 037)
 * (docs/decisions/021-orphan-checkouts-and-chaos-test.md).
 */
export const ORPHAN_GRACE_MINUTES = 10;

/** What the owner reads on the order (orders.cancel_reason). */
export const ORPHAN_CANCEL_REASON = 'Checkout never reached the payment page';

/** Enough for any crash; a backlog larger than this is finished by the next runs. */
const BATCH = 200;

/**
 * Pending, created before `cutoff` (on the app clock), and no payment page was ever recorded for it. A phone order
 * has no page until its customer signs: its own sweep ends it when its hold does (rentals/phone-orders/sweep.ts).
 */
const isOrphanBefore = (cutoff: Date) =>
  and(
    eq(orders.status, 'pending'),
    eq(orders.source, 'checkout'),
    isNull(orders.stripeSessionId),
    isNull(orders.checkoutUrl),
    lt(orders.createdAt, cutoff),
  );

/**
 * Cancels the checkouts a crash left between the order's commit and its payment session, and offers their units
 * again. Each order is re-read under its row lock (skipping one another instance holds), so two instances, or a
 * create-session recording its page at the same moment, never both act on it. Returns how many it cancelled.
 */
export async function sweepOrphanCheckouts(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - ORPHAN_GRACE_MINUTES * 60_000);
  const candidates = await db
    .select({ id: orders.id })
    .from(orders)
    .where(isOrphanBefore(cutoff))
    .orderBy(asc(orders.createdAt))
    .limit(BATCH);
  let cancelled = 0;
  for (const { id } of candidates) {
    if (await db.transaction((tx) => cancelOrphan(tx, id, cutoff))) cancelled += 1;
  }
  return cancelled;
}

async function cancelOrphan(tx: Tx, orderId: string, cutoff: Date): Promise<boolean> {
  const [order] = await tx
    .select({ id: orders.id, status: orders.status, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.id, orderId), isOrphanBefore(cutoff)))
    .for('update', { skipLocked: true });
  if (!order || !canChangeStatus(order.status, 'cancelled')) return false;
  await cancelUnpaidOrder(tx, order.id, {
    action: 'order.orphan_checkout_cancelled',
    details: { reason: ORPHAN_CANCEL_REASON, createdAt: order.createdAt.toISOString() },
    reason: ORPHAN_CANCEL_REASON,
  });
  return true;
}
