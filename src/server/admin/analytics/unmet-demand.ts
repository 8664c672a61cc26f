import { REVERSED_DATES_MESSAGE } from '@/contracts/admin/date-range';
import { and, between, eq, isNotNull, sql } from 'drizzle-orm';
import {
  REFUSED_ZIPS_SHOWN,
  UNMET_DEMAND_DEFAULT_DAYS,
  UNMET_DEMAND_MAX_DAYS,
  unmetDemandTooLong,
  type RefusedZip,
  type UnmetDemand,
  type UnmetDemandDay,
  type UnmetDemandQuery,
} from '@/contracts/admin/analytics';
import { business } from '@/contracts/business';
import { addDays, startOfDayInLosAngeles } from '@/contracts/dates';
import type { Db } from '@/server/platform/db/client';
import { checkoutRefusals } from '@/server/platform/db/schema';
import { queryRows } from '@/server/platform/db/sql';
import { Invalid } from '@/server/platform/errors';
import { readServiceArea } from '@/server/rentals/service-area/settings';
import { lookupZip, milesBetween } from '@/server/rentals/service-area/zip-codes';

/** Los Angeles calendar days, both inclusive. */
export interface DayRange {
  startDate: string;
  endDate: string;
}

const DAY_MS = 86_400_000;
const daysIn = (range: DayRange) => (Date.parse(range.endDate) - Date.parse(range.startDate)) / DAY_MS + 1;

/**
 * The days a query asks for: its own, else the 30 days ending on its end date, which is today (the app clock's) when
 * not given. A range the query leaves half open is completed here, so the contract's check of a whole range (not
 * reversed) is made again, with the length's.
 */
export function unmetDemandRange(query: UnmetDemandQuery, today: string): DayRange {
  const endDate = query.endDate ?? today;
  const range = { startDate: query.startDate ?? addDays(endDate, 1 - UNMET_DEMAND_DEFAULT_DAYS), endDate };
  if (range.startDate > range.endDate) throw new Invalid(REVERSED_DATES_MESSAGE, { endDate: REVERSED_DATES_MESSAGE });
  if (daysIn(range) > UNMET_DEMAND_MAX_DAYS) throw new Invalid(unmetDemandTooLong, { startDate: unmetDemandTooLong });
  return range;
}

/**
 * Each day of the range, oldest first. Refusals are counted through checkout_refusals_day_idx (day, reason). The
 * waitlist's entries are read through waitlist_entries_created_at_idx: those made before the range's end that were
 * still waiting at its start (an entry offered a unit, or ended, earlier changes nothing in the range). The line's
 * length at each day's end is a running sum over the range: every entry still waiting at its start counts on the
 * first day, each later one from its day, and each stops counting on the day it stopped waiting (offered a unit,
 * left or removed).
 */
export async function unmetDemandByDay(db: Db, range: DayRange): Promise<UnmetDemandDay[]> {
  const rows = await queryRows<{
    day: string;
    joins: string | number;
    service_area: string | number;
    out_of_stock: string | number;
    capacity: string | number;
    waiting: string | number;
  }>(db, unmetDemandByDaySql(range));
  return rows.map((row) => ({
    day: row.day,
    waitlistJoins: Number(row.joins),
    refusedServiceArea: Number(row.service_area),
    refusedStock: Number(row.out_of_stock),
    refusedCapacity: Number(row.capacity),
    waitlistLength: Number(row.waiting),
  }));
}

/** The per-day query, on its own so its plan can be checked (the tests EXPLAIN it). */
export function unmetDemandByDaySql(range: DayRange) {
  const from = sql`${range.startDate}::date`;
  const to = sql`${range.endDate}::date`;
  const since = startOfDayInLosAngeles(range.startDate).toISOString();
  const until = startOfDayInLosAngeles(addDays(range.endDate, 1)).toISOString();
  return sql`
    with days as (
      select generate_series(${from}, ${to}, interval '1 day')::date as day
    ),
    refused as (
      select day,
             count(*) filter (where reason = 'service_area') as service_area,
             count(*) filter (where reason = 'out_of_stock') as out_of_stock,
             count(*) filter (where reason = 'capacity') as capacity
      from checkout_refusals
      where day between ${from} and ${to}
      group by day
    ),
    signups as (
      select (created_at at time zone ${business.timeZone})::date as joined_on,
             (coalesce(offered_at, ended_at) at time zone ${business.timeZone})::date as notified_on
      from waitlist_entries
      where created_at < ${until}::timestamptz
        and (coalesce(offered_at, ended_at) is null or coalesce(offered_at, ended_at) >= ${since}::timestamptz)
    ),
    joins as (
      select joined_on as day, count(*) as joins from signups where joined_on >= ${from} group by joined_on
    ),
    changes as (
      select day, sum(delta) as delta
      from (
        select greatest(joined_on, ${from}) as day, 1 as delta from signups
        union all
        select notified_on, -1 from signups where notified_on <= ${to}
      ) as moves
      group by day
    )
    select to_char(days.day, 'YYYY-MM-DD') as day,
           coalesce(joins.joins, 0) as joins,
           coalesce(refused.service_area, 0) as service_area,
           coalesce(refused.out_of_stock, 0) as out_of_stock,
           coalesce(refused.capacity, 0) as capacity,
           sum(coalesce(changes.delta, 0)) over (order by days.day) as waiting
    from days
    left join joins on joins.day = days.day
    left join refused on refused.day = days.day
    left join changes on changes.day = days.day
    order by days.day`;
}

/**
 * The ZIP codes refused most for the service area in the range (a ZIP+4 counts as its five digits), with each one's
 * place and its distance from today's depot: where a second crew or depot would turn refusals into rentals.
 */
export async function refusedZips(db: Db, range: DayRange): Promise<RefusedZip[]> {
  const [rows, settings] = await Promise.all([refusedZipsQuery(db, range), readServiceArea(db)]);
  const depot = lookupZip(settings.depotZip);
  return rows.map((row) => {
    const place = lookupZip(row.zipCode);
    return {
      zipCode: row.zipCode,
      city: place ? `${place.city}, ${place.state}` : null,
      miles: place && depot ? milesBetween(depot, place) : null,
      refused: Number(row.refused),
    };
  });
}

/** The refusals for the area by ZIP, through checkout_refusals_day_idx (its query on its own, for its plan). */
export function refusedZipsQuery(db: Db, range: DayRange) {
  const zip = sql<string>`left(${checkoutRefusals.zipCode}, 5)`;
  return db
    .select({ zipCode: zip, refused: sql<number>`count(*)::int` })
    .from(checkoutRefusals)
    .where(
      and(
        between(checkoutRefusals.day, range.startDate, range.endDate),
        eq(checkoutRefusals.reason, 'service_area'),
        isNotNull(checkoutRefusals.zipCode),
      ),
    )
    .groupBy(zip)
    .orderBy(sql`count(*) desc`, zip)
    .limit(REFUSED_ZIPS_SHOWN);
}

/** GET /api/admin/analytics/unmet-demand: the range's days and its most refused ZIP codes. */
export async function unmetDemand(db: Db, range: DayRange): Promise<UnmetDemand> {
  const [days, zips] = await Promise.all([unmetDemandByDay(db, range), refusedZips(db, range)]);
  return { ...range, days, refusedZips: zips };
}
