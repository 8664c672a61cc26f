import { and, asc, count, desc, eq, gte, lte, ne, not, or, sql, type SQL } from 'drizzle-orm';
import type { OrderExportQuery } from '@/contracts/admin/exports';
import type { Page } from '@/contracts/admin/common';
import type { AdminOrderListItem, OrderListQuery } from '@/contracts/admin/orders';
import type { Db } from '@/server/platform/db/client';
import { phoneLinkStatus } from '@/server/rentals/phone-orders/link-status';
import { customers, orders, units } from '@/server/platform/db/schema';
import { holdIsLive } from '@/server/rentals/units/predicates';
import { pageWindow, toPage } from '@/server/platform/lib/paging';
import { containsPattern } from '@/server/platform/db/search';

/**
 * The ids of the orders whose customer's name or e-mail, or whose order number, contains the term, as one array in
 * a CTE, `order_search`, so that a statement reading it twice (the list's page and its total) computes it once. The
 * ids are collected from index-served branches, then the orders are fetched by primary key (bench/admin-lists.ts
 * and docs/decisions/010-admin-api.md have the plans):
 * - customers matching through the trigram indexes on lower(name) and lower(email), as a union of one branch per
 *   index: with `name like … or email like …` the planner reads every customer for a common surname (105 ms at 100k
 *   customers on PGlite, 22 ms as the union; ADR 042). Each is probed for its orders through
 *   orders_customer_id_idx; `offset 0` keeps that a nested loop of index probes (without it the planner hash-joins
 *   a full scan of orders);
 * - order numbers matching through the trigram index on lower(order_number).
 * `= any(array(...))` rather than `in (...)`: with `in` the planner guesses 200 matches and walks every order by
 * date looking for them (0.5 s for a common surname at 250k orders); the array is computed once instead.
 */
function orderSearch(db: Db, term: string) {
  const pattern = containsPattern(term);
  return db.$with('order_search', { ids: sql<string[]>`ids` }).as(sql`select array(
    select matched.id from (
      select c.id from customers c where lower(c.name) like lower(${pattern})
      union
      select c.id from customers c where lower(c.email) like lower(${pattern})) c
      cross join lateral (select o.id from orders o where o.customer_id = c.id offset 0) matched
    union all
    select o.id from orders o where lower(o.order_number) like lower(${pattern})) as ids`);
}

/** A select for the list's filters: with the search's CTE when there is a term (orderFilter reads it). */
export const selectForFilters = (db: Db, query: OrderExportQuery) =>
  query.search ? db.with(orderSearch(db, query.search)) : db;

/**
 * The order still holds a unit for its checkout at `now` (a probe of units_held_by_order_id_idx). A pending order
 * without one is an abandoned checkout (checkoutIsAbandoned in src/contracts/admin/figures.ts).
 */
const holdsUnit = (now: Date) =>
  sql`exists (select 1 from ${units} where ${units.heldByOrderId} = ${orders.id} and ${holdIsLive(now)})`;

/**
 * The same, as the few orders holding a unit now, collected once and matched by primary key: the checkouts in
 * progress are at most one per unit, where pending orders may be many (abandoned ones pile up). `is not null` lets
 * units_held_by_order_id_idx find them (a held unit always names its order) instead of reading every unit.
 */
const amongHoldingOrders = (now: Date) =>
  sql`${orders.id} = any(array(select ${units.heldByOrderId} from ${units}
    where ${units.heldByOrderId} is not null and ${holdIsLive(now)}))`;

const notPending = ne(orders.status, 'pending');
const pendingHolding = (now: Date) => and(eq(orders.status, 'pending'), amongHoldingOrders(now));

/** The status filter: 'all' is every order but abandoned checkouts, 'pending' the checkouts still open. */
function statusCondition(status: OrderListQuery['status'], now: Date): SQL | undefined {
  switch (status) {
    case 'all':
      return or(notPending, amongHoldingOrders(now));
    case 'pending':
      return pendingHolding(now);
    case 'abandoned':
      return and(eq(orders.status, 'pending'), not(holdsUnit(now)));
    default:
      return eq(orders.status, status);
  }
}

/**
 * The total of a page, as a query to run alone or to embed. For 'all': the matching orders, less the pending ones,
 * plus the pending ones holding a unit, counted in one pass over the matching orders (the few holding a unit are
 * collected once, by primary key). Three counts (index-served each) would cost three queued statements a request on
 * PGlite, where every statement waits behind all others (ADR 024).
 */
function countQuery(
  db: ReturnType<typeof selectForFilters>,
  status: OrderListQuery['status'],
  filters: SQL[],
  now: Date,
) {
  if (status !== 'all') {
    return db
      .select({ n: count() })
      .from(orders)
      .where(and(statusCondition(status, now), ...filters));
  }
  return db
    .select({ n: sql<number>`count(*) filter (where ${or(notPending, amongHoldingOrders(now))})`.mapWith(Number) })
    .from(orders)
    .where(and(...filters));
}

/**
 * The list's filters but status (which the total counts apart), shared with the CSV export. A search reads the
 * `order_search` CTE: select through selectForFilters.
 */
export function orderFilterConditions(query: OrderExportQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.planType !== 'all') conditions.push(eq(orders.type, query.planType));
  if (query.startDate) conditions.push(gte(orders.startDate, query.startDate));
  if (query.endDate) conditions.push(lte(orders.startDate, query.endDate));
  if (query.search) conditions.push(sql`${orders.id} = any((select ids from order_search)::uuid[])`);
  return conditions;
}

/** All of the list's filters as one condition, as of `now` (the CSV export selects by it too; selectForFilters). */
export const orderFilter = (query: OrderExportQuery, now: Date): SQL | undefined =>
  and(statusCondition(query.status, now), ...orderFilterConditions(query));

/** The list's sort column (then the id, for a stable order). */
export const orderSortColumn = (query: OrderExportQuery) =>
  query.sort === 'startDate' ? orders.startDate : orders.createdAt;

/**
 * GET /api/admin/orders/filtered: filtered, sorted and paginated in the database, as of the app clock's `now`.
 * `knownTotal`: the filters' total as already counted since the last change (list-cache.ts keeps it for every page
 * of the same filters): then only the page is read, not the count over every matching order.
 */
export async function listOrders(
  db: Db,
  query: OrderListQuery,
  now: Date,
  knownTotal?: number,
): Promise<Page<AdminOrderListItem>> {
  const conditions = orderFilterConditions(query);
  const where = orderFilter(query, now);
  const direction = query.direction === 'asc' ? asc : desc;
  const sortColumn = orderSortColumn(query);
  const { limit, offset } = pageWindow(query);

  // One page of orders first, then its customers and units: only the page's rows are joined.
  const page = db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      btuTier: orders.btuTier,
      type: orders.type,
      status: orders.status,
      cancelReason: orders.cancelReason,
      startDate: orders.startDate,
      priceCents: orders.priceCents,
      createdAt: orders.createdAt,
      customerId: orders.customerId,
      unitId: orders.unitId,
      source: orders.source,
      linkOpenedAt: orders.linkOpenedAt,
      linkSignedAt: orders.linkSignedAt,
    })
    .from(orders)
    .where(where)
    .orderBy(direction(sortColumn), direction(orders.id))
    .limit(limit)
    .offset(offset)
    .as('page');
  const pageSort = query.sort === 'startDate' ? page.startDate : page.createdAt;

  // Embedded in the statement below, which carries the search's CTE; alone (past the end), with its own.
  const total = countQuery(db, query.status, conditions, now);
  // The page and its total in one statement (one wait in PGlite's queue, one round trip to PostgreSQL); the total
  // rides on each row. A page past the end has no row to carry it: then it is counted alone.
  const rows = await selectForFilters(db, query)
    .select({
      id: page.id,
      orderNumber: page.orderNumber,
      btuTier: page.btuTier,
      type: page.type,
      status: page.status,
      cancelReason: page.cancelReason,
      startDate: page.startDate,
      priceCents: page.priceCents,
      createdAt: page.createdAt,
      customerId: page.customerId,
      unitId: page.unitId,
      source: page.source,
      linkOpenedAt: page.linkOpenedAt,
      linkSignedAt: page.linkSignedAt,
      customerName: customers.name,
      customerEmail: customers.email,
      unitSerial: units.serial,
      total: knownTotal === undefined ? sql<number>`(${total})`.mapWith(Number) : sql<number>`${knownTotal}::int`,
    })
    .from(page)
    .innerJoin(customers, eq(customers.id, page.customerId))
    .leftJoin(units, eq(units.id, page.unitId))
    .orderBy(direction(pageSort), direction(page.id));
  const totalCount =
    knownTotal ??
    rows[0]?.total ??
    (offset === 0 ? 0 : ((await countQuery(selectForFilters(db, query), query.status, conditions, now))[0]?.n ?? 0));
  return toPage(
    rows.map(({ customerName, customerEmail, unitSerial, total: _total, ...order }) => ({
      id: order.id,
      orderNumber: order.orderNumber,
      customer: { id: order.customerId, name: customerName, email: customerEmail },
      btuTier: order.btuTier,
      type: order.type,
      unit: order.unitId && unitSerial ? { id: order.unitId, serial: unitSerial } : null,
      status: order.status,
      cancelReason: order.cancelReason,
      startDate: order.startDate,
      priceCents: order.priceCents,
      createdAt: order.createdAt.toISOString(),
      linkStatus: phoneLinkStatus(order),
    })),
    totalCount,
    query,
  );
}
