import { sql } from 'drizzle-orm';
import type { AdminAnalytics } from '@/contracts/admin/analytics';
import type { BusinessFigures } from '@/contracts/admin/figures';
import { todayInLosAngeles } from '@/contracts/dates';
import type { Db } from '@/server/platform/db/client';
import { businessFigures, collectedByMonth, customerHasPaidSql } from '@/server/admin/shared/figures';
import { monthlyRecurringCentsSql } from '@/server/admin/shared/revenue';
import { queryRows } from '@/server/platform/db/sql';

const MONTHS = 12;
const WEEKS = 12;
const zone = sql.raw(`'America/Los_Angeles'`);
/** Today in Los Angeles by the app clock, as an SQL date (the series never read the database's now()). */
const todaySql = (now: Date) => sql`${todayInLosAngeles(now)}::date`;

/**
 * The last `count` calendar months or weeks (weeks start on Monday) up to today's, as two CTEs: `win`, with the
 * first one and today's (`first_month`, `this_month`; `first_week`, `this_week`), and `months` or `weeks`, one row
 * each (`month`, `week`: its first day), oldest first.
 */
function lastPeriods(unit: 'month' | 'week', count: number, now: Date) {
  const name = sql.raw(unit);
  return sql`win as (
      select (date_trunc('${name}', ${todaySql(now)}) - interval '${sql.raw(String(count - 1))} ${name}s')::date as first_${name},
             date_trunc('${name}', ${todaySql(now)})::date as this_${name}
    ),
    ${name}s as (
      select generate_series(first_${name}, this_${name}, interval '1 ${name}')::date as ${name} from win
    )`;
}

/**
 * Rentals running at each past month's end and their monthly recurring revenue; the current month is the figure
 * now (`figures`), the same as the stat cards. For past months an order "runs" from its start date until its end
 * date; orders that never ran (pending, or cancelled before they started, which leaves no end date) do not count.
 * Computed in one pass over orders: each start adds one rental and its revenue in its month, each end takes them
 * away, and a running sum over the months gives the series.
 */
async function rentalsByMonth(db: Db, now: Date, figures: BusinessFigures): Promise<AdminAnalytics['rentalsByMonth']> {
  const rows = await queryRows<{ month: string; active_rentals: string | number; revenue: string | number }>(
    db,
    sql`
    with win as (
      select ${todaySql(now)} as today,
             (date_trunc('month', ${todaySql(now)}) - interval '${sql.raw(String(MONTHS - 1))} months')::date as first_month
    ),
    -- An order that ended before the first month adds and takes away its rental in that month's bucket: left out.
    ran as (
      select start_date, end_date, ${monthlyRecurringCentsSql} as mrr from orders, win
      where (status in ('active', 'completed') or (status = 'cancelled' and end_date is not null))
        and (end_date is null or end_date >= win.first_month)
    ),
    events as (
      select start_date as day, 1 as delta, mrr from ran
      union all
      select end_date, -1, -mrr from ran where end_date is not null
    ),
    buckets as (
      select greatest(date_trunc('month', day)::date, win.first_month) as month, sum(delta) as delta, sum(mrr) as mrr
      from events, win where day <= win.today
      group by 1
    ),
    months as (
      select generate_series(win.first_month, date_trunc('month', win.today)::date, interval '1 month')::date as month
      from win
    )
    select to_char(months.month, 'YYYY-MM') as month,
           sum(coalesce(buckets.delta, 0)) over (order by months.month) as active_rentals,
           sum(coalesce(buckets.mrr, 0)) over (order by months.month) as revenue
    from months left join buckets on buckets.month = months.month
    order by months.month`,
  );
  const series = rows.map((row) => ({
    month: row.month,
    activeRentals: Number(row.active_rentals),
    recurringRevenueCents: Number(row.revenue),
  }));
  const current = series.at(-1);
  if (current)
    Object.assign(current, { activeRentals: figures.activeRentals, recurringRevenueCents: figures.mrrCents });
  return series;
}

/** Fees billed (created) and collected (marked paid, by the day they were paid), month by month. */
async function feesByMonth(db: Db, now: Date): Promise<AdminAnalytics['feesByMonth']> {
  const rows = await queryRows<{ month: string; billed: string | number; collected: string | number }>(
    db,
    sql`
    with ${lastPeriods('month', MONTHS, now)},
    billed as (
      select date_trunc('month', created_at at time zone ${zone})::date as month, sum(amount_cents) as cents
      from additional_fees, win where created_at >= (win.first_month::timestamp at time zone ${zone})
      group by 1
    ),
    collected as (
      select date_trunc('month', paid_at at time zone ${zone})::date as month, sum(amount_cents) as cents
      from additional_fees, win
      where status = 'paid' and paid_at >= (win.first_month::timestamp at time zone ${zone})
      group by 1
    )
    select to_char(months.month, 'YYYY-MM') as month,
           coalesce(billed.cents, 0) as billed, coalesce(collected.cents, 0) as collected
    from months
    left join billed on billed.month = months.month
    left join collected on collected.month = months.month
    order by months.month`,
  );
  return rows.map((row) => ({
    month: row.month,
    billedCents: Number(row.billed),
    collectedCents: Number(row.collected),
  }));
}

/**
 * People who first checked out in each week (Monday to Sunday, Los Angeles time, by the customer row's creation,
 * served by customers_created_at_idx), split into customers who have paid since and leads who never did.
 */
async function newCustomersByWeek(db: Db, now: Date): Promise<AdminAnalytics['newCustomersByWeek']> {
  const rows = await queryRows<{ week_start: string; customers: string | number; leads: string | number }>(
    db,
    sql`
    with ${lastPeriods('week', WEEKS, now)},
    counts as (
      select date_trunc('week', created_at at time zone ${zone})::date as week,
             count(*) filter (where ${customerHasPaidSql}) as customers, count(*) as people
      from customers, win where created_at >= (win.first_week::timestamp at time zone ${zone})
      group by 1
    )
    select to_char(weeks.week, 'YYYY-MM-DD') as week_start, coalesce(counts.customers, 0) as customers,
           coalesce(counts.people - counts.customers, 0) as leads
    from weeks left join counts on counts.week = weeks.week
    order by weeks.week`,
  );
  return rows.map((row) => ({
    weekStart: row.week_start,
    customers: Number(row.customers),
    leads: Number(row.leads),
  }));
}

/** Per model: units in service (every status but retired) and how many of them are rented. */
async function utilisationByModel(db: Db): Promise<AdminAnalytics['utilisationByModel']> {
  const rows = await queryRows<{
    model_id: string;
    name: string;
    btu_tier: string;
    in_service: string | number;
    rented: string | number;
  }>(
    db,
    sql`
    select m.id as model_id, m.name, m.btu_tier,
           count(u.id) filter (where u.status <> 'retired') as in_service,
           count(u.id) filter (where u.status = 'rented') as rented
    from unit_models m left join units u on u.model_id = m.id
    group by m.id, m.name, m.btu_tier
    order by substring(m.btu_tier from '^[0-9]+')::int nulls last, m.name`,
  );
  return rows.map((row) => ({
    modelId: row.model_id,
    name: row.name,
    btuTier: row.btu_tier,
    inService: Number(row.in_service),
    rented: Number(row.rented),
  }));
}

/** Everything the Analytics tab shows, as of the app clock's `now`. */
export async function adminAnalytics(db: Db, now: Date): Promise<AdminAnalytics> {
  const figures = await businessFigures(db, now);
  const [rentals, collected, fees, customers, utilisation] = await Promise.all([
    rentalsByMonth(db, now, figures),
    collectedByMonth(db, now, MONTHS),
    feesByMonth(db, now),
    newCustomersByWeek(db, now),
    utilisationByModel(db),
  ]);
  return {
    figures,
    rentalsByMonth: rentals,
    collectedByMonth: collected,
    feesByMonth: fees,
    newCustomersByWeek: customers,
    utilisationByModel: utilisation,
  };
}
