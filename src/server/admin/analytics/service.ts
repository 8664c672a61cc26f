import { sql } from 'drizzle-orm';
import type { AdminAnalytics } from '@/contracts/admin/analytics';
import { todayInLosAngeles } from '@/contracts/dates';
import type { Db } from '@/server/platform/db/client';
import type { BusinessFigures, MonthCollected } from '@/contracts/admin/figures';
import { collectedByMonth, customerHasPaidSql, monthOf } from '@/server/admin/shared/figures';
import { queryRows } from '@/server/platform/db/sql';
import { rentalsByMonth } from './rentals-by-month';

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

/**
 * Revenue collected in the last MONTHS months, the current month's being the stat card's own figure (the same number,
 * not a second count of it); counted here too only when the figures are of the month before (read just before it
 * began).
 */
async function collectedMonths(db: Db, now: Date, figures: BusinessFigures): Promise<MonthCollected[]> {
  const current = figures.collectedThisMonth;
  if (current.month !== monthOf(now).month) return collectedByMonth(db, now, MONTHS);
  return [...(await collectedByMonth(db, now, MONTHS, 1)), current];
}

/** Everything the Analytics tab shows, as of the app clock's `now`, on the money figures `figuresNow` (the stat cards'). */
export async function adminAnalytics(db: Db, now: Date, figuresNow: Promise<BusinessFigures>): Promise<AdminAnalytics> {
  const figures = await figuresNow;
  const [rentals, collected, fees, customers, utilisation] = await Promise.all([
    rentalsByMonth(db, now, figures, { months: MONTHS }),
    collectedMonths(db, now, figures),
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
