import { sql } from 'drizzle-orm';
import type { AdminStats } from '@/contracts/admin/stats';
import type { Db } from '@/server/db/client';
import { unitIsFree } from '@/server/units/predicates';
import { monthlyRecurringCentsSql } from '../shared/revenue';
import { queryRows } from '../shared/sql';

/**
 * The seven dashboard figures (spec section 3). Definitions (docs/decisions/010-admin-api.md):
 * - activeSubscriptions: orders with status 'active' (monthly and weekly plans both bill on a schedule).
 * - totalCustomers: every customer row.
 * - pendingFeesCount / pendingFeesAmount: additional fees with status 'pending'; the amount in cents.
 * - monthlyRevenue: monthly recurring revenue in cents: the sum of priceCents of active monthly orders plus active
 *   weekly orders normalised to a month (priceCents x 52 / 12, rounded per order). Fees are not recurring revenue.
 * - availableUnits: units a customer could rent right now: status 'available' and not held by a checkout in
 *   progress (the same rule the catalog's "{n} Available" uses).
 * - pendingDeliveries: delivery tasks of type 'delivery' not yet done (status 'pending' or 'scheduled').
 */
export async function adminStats(db: Db, now: Date): Promise<AdminStats> {
  // One round trip; each scalar subquery is served by an index (orders status, units status, fees status).
  const [row] = await queryRows<Record<string, number | string>>(
    db,
    sql`
    select
      (select count(*)::int from orders where status = 'active') as active_subscriptions,
      (select count(*)::int from customers) as total_customers,
      (select count(*)::int from additional_fees where status = 'pending') as pending_fees_count,
      (select coalesce(sum(amount_cents), 0)::bigint from additional_fees where status = 'pending') as pending_fees_amount,
      (select coalesce(sum(${monthlyRecurringCentsSql}), 0)::bigint from orders where status = 'active') as monthly_revenue,
      (select count(*)::int from units where ${unitIsFree(now)}) as available_units,
      (select count(*)::int from delivery_tasks
         where type = 'delivery' and status in ('pending', 'scheduled')) as pending_deliveries
  `,
  );
  // Counts come back as int, sums as bigint (a string from node-postgres): Number() reads both.
  const figure = (name: string) => Number(row?.[name] ?? 0);
  return {
    activeSubscriptions: figure('active_subscriptions'),
    totalCustomers: figure('total_customers'),
    pendingFeesCount: figure('pending_fees_count'),
    pendingFeesAmount: figure('pending_fees_amount'),
    monthlyRevenue: figure('monthly_revenue'),
    availableUnits: figure('available_units'),
    pendingDeliveries: figure('pending_deliveries'),
  };
}
