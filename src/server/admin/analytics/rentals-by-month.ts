import { sql } from 'drizzle-orm';
import type { AdminAnalytics } from '@/contracts/admin/analytics';
import type { BusinessFigures } from '@/contracts/admin/figures';
import { addMonths, todayInLosAngeles } from '@/contracts/dates';
import type { Db } from '@/server/platform/db/client';
import { monthlyRecurringCentsSql } from '@/server/admin/shared/revenue';
import { queryRows } from '@/server/platform/db/sql';

/** Months of start dates read per statement: under 40 ms of CPU each on PGlite at 250k orders (ADR 042's addendum). */
export const START_MONTHS_PER_STATEMENT = 3;

interface Piece {
  next_start: string | null;
  month: string | null;
  delta: string | number | null;
  mrr: string | number | null;
}

/**
 * Rentals running at each of the last `months` months' end and their monthly recurring revenue; the current month is
 * the figure now (`figures`), the same as the stat cards. For past months an order "runs" from its start date until
 * its end date; orders that never ran (pending, or cancelled before they started, which leaves no end date) do not
 * count. Each start adds one rental and its revenue in its month (the first month, for a start before it), each end
 * up to today takes them away, and a running sum over the months gives the series.
 *
 * Read in pieces of START_MONTHS_PER_STATEMENT months of start dates (orders_start_date_idx), from the earliest to
 * today, each piece saying where the next one starts (so a gap of years costs one statement, not one per month). In
 * one statement it was about 270 ms at 250k orders, which on PGlite every customer's statement waited behind
 * (ADR 042). Orders that ended before the first month are left out: they add and take away in the same bucket.
 */
export async function rentalsByMonth(
  db: Db,
  now: Date,
  figures: BusinessFigures,
  { months = 12, startMonthsPerStatement = START_MONTHS_PER_STATEMENT } = {},
): Promise<AdminAnalytics['rentalsByMonth']> {
  const today = todayInLosAngeles(now);
  const thisMonth = `${today.slice(0, 7)}-01`;
  const firstMonth = addMonths(thisMonth, 1 - months);
  const buckets = new Map<string, { rentals: number; cents: number }>();
  const [{ first } = { first: null }] = await queryRows<{ first: string | null }>(
    db,
    sql`select min(start_date)::text as first from orders`,
  );
  for (let from = first; from !== null && from <= today;) {
    const to = addMonths(`${from.slice(0, 7)}-01`, startMonthsPerStatement);
    const rows = await queryRows<Piece>(
      db,
      sql`
      with next as (
        select min(start_date)::text as next_start from orders where start_date >= ${to}::date
      ),
      ran as (
        select start_date, end_date, (${monthlyRecurringCentsSql})::int as mrr from orders
        where start_date >= ${from}::date and start_date < ${to}::date
          and (status in ('active', 'completed') or (status = 'cancelled' and end_date is not null))
          and (end_date is null or end_date >= ${firstMonth}::date)
      ),
      -- By day first (a few hundred groups at most), then by month: the month's key is too dear to work out per order.
      days as (
        select start_date as day, count(*) as delta, sum(mrr) as mrr from ran where start_date <= ${today}::date
        group by 1
        union all
        select end_date, -count(*), -sum(mrr) from ran where end_date <= ${today}::date group by 1
      ),
      piece as (
        select to_char(greatest(date_trunc('month', day)::date, ${firstMonth}::date), 'YYYY-MM') as month,
               sum(delta) as delta, sum(mrr) as mrr
        from days group by 1
      )
      select next.next_start, piece.month, piece.delta, piece.mrr from next left join piece on true`,
    );
    for (const row of rows) {
      if (row.month === null) continue;
      const bucket = buckets.get(row.month) ?? { rentals: 0, cents: 0 };
      buckets.set(row.month, { rentals: bucket.rentals + Number(row.delta), cents: bucket.cents + Number(row.mrr) });
    }
    from = rows[0]?.next_start ?? null;
  }
  let rentals = 0;
  let cents = 0;
  const series = Array.from({ length: months }, (_, i) => {
    const month = addMonths(firstMonth, i).slice(0, 7);
    rentals += buckets.get(month)?.rentals ?? 0;
    cents += buckets.get(month)?.cents ?? 0;
    return { month, activeRentals: rentals, recurringRevenueCents: cents };
  });
  Object.assign(series.at(-1)!, { activeRentals: figures.activeRentals, recurringRevenueCents: figures.mrrCents });
  return series;
}
