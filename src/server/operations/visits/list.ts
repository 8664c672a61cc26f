import { and, asc, between, count, eq, inArray, sql } from 'drizzle-orm';
import type { AdminVisitList, DeliveryListQuery } from '@/contracts/admin/deliveries';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import type { Db } from '@/server/platform/db/client';
import { deliveryTasks, orders } from '@/server/platform/db/schema';
import { pageWindow } from '@/server/platform/lib/paging';
import { toAdminVisit, visitQuery } from './visit-rows';

/** The days a view covers, from the app clock's Los Angeles today. */
export function viewDays(query: Pick<DeliveryListQuery, 'view' | 'date'>, now: Date): string[] {
  const today = todayInLosAngeles(now);
  switch (query.view) {
    case 'today':
      return [today];
    case 'tomorrow':
      return [addDays(today, 1)];
    case 'week':
      return Array.from({ length: 7 }, (_, i) => addDays(today, i));
    case 'day':
      return [query.date!];
    case 'unscheduled':
      return [];
  }
}

/**
 * A day's visits by when their window starts, whether a fixed window's name or a booked 'HH:MM-HH:MM' (the same
 * function counts them into the owner's windows); a visit without one sorts last, as nulls do ascending.
 */
const windowStart = sql`visit_window_start(${deliveryTasks.timeWindow})`;

/**
 * One page of a view: the booked (and done) visits of its days by day and window (served by delivery_tasks_day_idx
 * on scheduled_date and status), or the visits still waiting for a day, the soonest asked-for first.
 */
export async function listVisits(db: Db, query: DeliveryListQuery, now: Date): Promise<AdminVisitList> {
  const days = viewDays(query, now);
  const byType = query.type ? eq(deliveryTasks.type, query.type) : undefined;
  const where =
    query.view === 'unscheduled'
      ? and(eq(deliveryTasks.status, 'pending'), byType)
      : and(
          days.length === 1
            ? eq(deliveryTasks.scheduledDate, days[0]!)
            : between(deliveryTasks.scheduledDate, days[0]!, days.at(-1)!),
          inArray(deliveryTasks.status, ['scheduled', 'completed']),
          byType,
        );
  const order =
    query.view === 'unscheduled'
      ? [
          asc(sql`coalesce(${deliveryTasks.preferredDate}, ${deliveryTasks.scheduledDate}, ${orders.startDate})`),
          asc(deliveryTasks.createdAt),
        ]
      : [asc(deliveryTasks.scheduledDate), asc(windowStart), asc(deliveryTasks.createdAt)];
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    visitQuery(db)
      .where(where)
      .orderBy(...order, asc(deliveryTasks.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(deliveryTasks).where(where),
  ]);
  return {
    items: rows.map(toAdminVisit),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    days,
    today: todayInLosAngeles(now),
  };
}
