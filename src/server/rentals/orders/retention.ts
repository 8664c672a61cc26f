import { sql } from 'drizzle-orm';
import type { Db } from '@/server/platform/db/client';
import { auditEvents } from '@/server/platform/db/schema';
import { queryRows } from '@/server/platform/db/sql';

/**
 * Retention of checkouts that never reached payment (ADR 038). A soak of the public checkout leaves thousands of
 * them (a cancelled payment page, an expired session, a closed tab) and nothing ever removed them: every list,
 * count and export read them for ever. After UNPAID_CHECKOUT_RETENTION_DAYS on the app clock they are deleted, each
 * leaving one audit row (its order number, customer, status and dates); the customer is kept (a lead).
 */
export const UNPAID_CHECKOUT_RETENTION_DAYS = 30;

/** The audit action each deleted order leaves (entity: the order's id, which no other row names any more). */
export const UNPAID_CHECKOUT_DELETED = 'order.unpaid_checkout_deleted';

/** Orders a batch deletes: one short transaction, so a customer's request never waits behind a long one. */
const BATCH = 200;
/** Batches a run deletes at most; a larger backlog (the first run after an upgrade) is finished by the next runs. */
const MAX_BATCHES = 25;

const DAY_MS = 86_400_000;

/**
 * An order that never reached payment and was left for longer than the retention (o: the orders row):
 * - pending (abandoned, its hold over) or cancelled, and it never ran (no end date: orderWasActive's rule);
 * - no subscription and no invoice at the provider (nothing was ever billed nor paid), no refund, fee or credit;
 * - no agreement signed (nor a phone order's link), no unit, no delivery or pickup, no cancellation request;
 * - neither created nor changed since the cutoff, and no unit held for it.
 * Figures stay true because none of them counts such an order (ADR 038): analytics and the money figures count
 * orders that ran or were billed, and leads are customers, who are kept.
 */
const neverReachedPaymentBefore = (cutoff: Date) => {
  const at = sql`${cutoff.toISOString()}::timestamptz`;
  return sql`o.status in ('pending', 'cancelled') and o.end_date is null and o.created_at < ${at}
    and o.updated_at < ${at} and o.stripe_subscription_id is null and o.unit_id is null and o.link_signed_at is null
    and not exists (select 1 from subscriptions s where s.order_id = o.id)
    and not exists (select 1 from invoices i where i.order_id = o.id)
    and not exists (select 1 from agreements a where a.order_id = o.id)
    and not exists (select 1 from refunds r where r.order_id = o.id)
    and not exists (select 1 from additional_fees f where f.order_id = o.id)
    and not exists (select 1 from account_credits c where c.order_id = o.id)
    and not exists (select 1 from delivery_tasks d where d.order_id = o.id)
    and not exists (select 1 from cancellation_requests q where q.order_id = o.id)
    and not exists (select 1 from local_gateway_sessions p where p.order_id = o.id and p.status = 'complete')
    and not exists (select 1 from units u where u.held_by_order_id = o.id or u.current_order_id = o.id)`;
};

interface Deleted {
  id: string;
  order_number: string;
  customer_id: string;
  status: string;
  source: string;
  cancel_reason: string | null;
  created_at: string | Date;
}

/** One batch's statement (below): its candidates come through orders_unpaid_checkout_created_at_idx (0028). */
export const deleteBatchSql = (cutoff: Date) =>
  sql`delete from orders where id in (
        select o.id from orders o where ${neverReachedPaymentBefore(cutoff)}
        order by o.created_at limit ${BATCH} for update of o skip locked)
      returning id, order_number, customer_id, status, source, cancel_reason, created_at`;

/**
 * One batch: the oldest such orders, locked (skipping any another instance or a request holds, so two instances
 * never both delete one), deleted with what cascades from them (payment pages never paid, login links), and one audit
 * row each, in one transaction. Returns how many it deleted.
 */
async function deleteBatch(db: Db, cutoff: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const deleted = await queryRows<Deleted>(tx, deleteBatchSql(cutoff));
    if (deleted.length === 0) return 0;
    await tx.insert(auditEvents).values(
      deleted.map((order) => ({
        actorType: 'system',
        actorId: null,
        action: UNPAID_CHECKOUT_DELETED,
        entityType: 'order',
        entityId: order.id,
        details: {
          orderNumber: order.order_number,
          customerId: order.customer_id,
          status: order.status,
          source: order.source,
          cancelReason: order.cancel_reason,
          createdAt: new Date(order.created_at).toISOString(),
          retentionDays: UNPAID_CHECKOUT_RETENTION_DAYS,
        },
      })),
    );
    return deleted.length;
  });
}

/**
 * The scheduled sweep: deletes the checkouts that never reached payment and are older than the retention at `now`
 * (the app clock), in batches with a turn of the event loop between them. Idempotent and safe on any number of
 * instances: what it deletes is decided by the rows, each under its row lock. Returns how many it deleted.
 */
export async function deleteUnpaidCheckouts(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - UNPAID_CHECKOUT_RETENTION_DAYS * DAY_MS);
  let total = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const deleted = await deleteBatch(db, cutoff);
    total += deleted;
    if (deleted < BATCH) break;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return total;
}
