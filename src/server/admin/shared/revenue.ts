import { sql } from 'drizzle-orm';

/**
 * An order's contribution to monthly recurring revenue, in cents (an SQL expression over `orders`): a monthly
 * order's price; a weekly order's price x 52 / 12, rounded. Used by the dashboard figure and the analytics series.
 */
export const monthlyRecurringCentsSql = sql.raw(
  `(case when orders.type = 'weekly' then round(orders.price_cents * 52.0 / 12) else orders.price_cents end)`,
);
