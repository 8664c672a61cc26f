import { sql } from 'drizzle-orm';
import type { AdminStats } from '@/contracts/admin/stats';
import type { Db } from '@/server/platform/db/client';
import { unitIsFree } from '@/server/rentals/units/predicates';
import type { BusinessFigures } from '@/contracts/admin/figures';
import { queryRows } from '@/server/platform/db/sql';

/**
 * The dashboard's stat cards (spec section 3). The money figures (`figuresNow`: shared/figures.ts's, the same
 * computation Analytics is built on, figures-cache.ts) are the definitions' of src/contracts/admin/figures.ts; the
 * spec's field names are aliases of them.
 * The fleet's two:
 * - availableUnits: units a customer could rent right now: status 'available' and not held by a checkout in
 *   progress (the same rule the catalog's "{n} Available" uses).
 * - pendingDeliveries: delivery tasks of type 'delivery' not yet done (status 'pending' or 'scheduled').
 */
export async function adminStats(db: Db, now: Date, figuresNow: Promise<BusinessFigures>): Promise<AdminStats> {
  const [figures, [fleet]] = await Promise.all([
    figuresNow,
    queryRows<{ available_units: number | string; pending_deliveries: number | string }>(
      db,
      sql`
      select
        (select count(*)::int from units where ${unitIsFree(now)}) as available_units,
        (select count(*)::int from delivery_tasks
           where type = 'delivery' and status in ('pending', 'scheduled')) as pending_deliveries`,
    ),
  ]);
  return {
    activeSubscriptions: figures.activeRentals,
    totalCustomers: figures.customers,
    pendingFeesCount: figures.pendingFees.count,
    pendingFeesAmount: figures.pendingFees.amountCents,
    monthlyRevenue: figures.mrrCents,
    availableUnits: Number(fleet?.available_units ?? 0),
    pendingDeliveries: Number(fleet?.pending_deliveries ?? 0),
    figures,
  };
}
