import { sql } from 'drizzle-orm';
import { CURRENT_SUBSCRIPTION_STATUSES } from '@/contracts/admin/figures';
import type { Db } from '@/server/platform/db/client';
import { queryRows } from '@/server/platform/db/sql';
import { monthlyRecurringCentsSql } from './revenue';

/** Current subscriptions read per statement: 35–65 ms of CPU each on PGlite at 250k orders (ADR 042's addendum). */
export const SUBSCRIPTIONS_PER_STATEMENT = 2_500;

const currentStatuses = sql.raw(CURRENT_SUBSCRIPTION_STATUSES.map((status) => `'${status}'`).join(', '));

interface Linked {
  subscription_id: string;
  past_due: boolean;
  order_id: string | null;
  cents: string | number | null;
}

/**
 * Monthly recurring revenue at `now` and the part of it at risk (definitions: src/contracts/admin/figures.ts): every
 * order linked to a current subscription counts once, with its price a month; at risk when one of its subscriptions
 * is past due. An order finds its subscription by the subscription's metadata (order_id) or by its own
 * stripe_subscription_id (the ledger links both ways, ADR 012).
 *
 * Read in pieces of SUBSCRIPTIONS_PER_STATEMENT current subscriptions, in id order (subscriptions_current_idx), each
 * with its orders; the orders are counted once here, by id. In one statement it was a few hundred ms at 30,000
 * current subscriptions, which on PGlite every customer's statement waited behind (ADR 042). The pieces do not share
 * a snapshot: an order whose subscription changes between two of them can be missed or counted twice until the next
 * computation, which is at most FIGURES_MAX_AGE_MS away.
 */
export async function recurringRevenue(
  db: Db,
  now: Date,
  perStatement = SUBSCRIPTIONS_PER_STATEMENT,
): Promise<{ mrrCents: number; mrrAtRiskCents: number }> {
  const orders = new Map<string, { cents: number; pastDue: boolean }>();
  let after: string | null = null;
  for (;;) {
    const rows: Linked[] = await queryRows<Linked>(
      db,
      sql`
      with piece as (
        select id, order_id, status from subscriptions
        where ended_at is null and status in (${currentStatuses})
          and (cancel_at is null or cancel_at > ${now.toISOString()}::timestamptz)
          ${after === null ? sql`` : sql`and id > ${after}`}
        order by id limit ${perStatement}
      )
      select piece.id as subscription_id, piece.status = 'past_due' as past_due, linked.order_id, linked.cents
      from piece left join lateral (
        select orders.id as order_id, ${monthlyRecurringCentsSql} as cents from orders where orders.id = piece.order_id
        union all
        select orders.id, ${monthlyRecurringCentsSql} from orders where orders.stripe_subscription_id = piece.id
      ) linked on true
      order by piece.id`,
    );
    let subscriptions = 0;
    for (const row of rows) {
      if (row.subscription_id !== after) subscriptions += 1;
      after = row.subscription_id;
      if (row.order_id === null) continue;
      const counted = orders.get(row.order_id);
      orders.set(row.order_id, { cents: Number(row.cents), pastDue: row.past_due || (counted?.pastDue ?? false) });
    }
    if (subscriptions < perStatement) break;
  }
  let mrrCents = 0;
  let mrrAtRiskCents = 0;
  for (const { cents, pastDue } of orders.values()) {
    mrrCents += cents;
    if (pastDue) mrrAtRiskCents += cents;
  }
  return { mrrCents, mrrAtRiskCents };
}
