import { and, isNotNull, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Page } from '@/contracts/admin/common';
import { adminOrderList, type AdminOrderListItem, type OrderListQuery } from '@/contracts/admin/orders';
import { CATALOG_CHANNEL } from '@/server/rentals/catalog/cache';
import type { Database } from '@/server/platform/db/client';
import { NotifyInvalidatedCache } from '@/server/platform/db/notify-listener';
import { units } from '@/server/platform/db/schema';
import { holdIsLive } from '@/server/rentals/units/predicates';
import { listOrders } from './list';

/** The channel the 0017 migration's triggers on orders and customers (name, e-mail) notify on. */
export const ORDERS_CHANNEL = 'orders_changed';

/** Pages kept at most (least recently used dropped first): a page of 20 is about 8 kB of JSON. */
const MAX_PAGES = 200;

/** One page of GET /api/admin/orders/filtered as it is sent, and the app-clock span it is the answer for. */
interface KeptPage {
  json: string;
  /** The app clock's time it was read at. */
  computedAt: number;
  /** The earliest live checkout hold's end: 'all', 'pending' and 'abandoned' change then without any write. */
  validUntil: number;
}

/** The filters alone as one key (the query as the route's schema parsed it: defaults filled, search trimmed). */
const filtersKeyOf = (query: OrderListQuery) =>
  JSON.stringify([query.status, query.planType, query.startDate ?? null, query.endDate ?? null, query.search ?? null]);

/** The filters and page as one key. */
const keyOf = (query: OrderListQuery) =>
  JSON.stringify([filtersKeyOf(query), query.sort, query.direction, query.page, query.pageSize]);

/** A filters' total, counted once for all their pages and sorts (at 250k orders a count is 60 to 150 ms). */
interface KeptTotal {
  total: number;
  computedAt: number;
  validUntil: number;
}

/**
 * The page's JSON exactly as the route's zod serializer (fastify-type-provider-zod) would write it: the response
 * schema's encoding, then JSON.stringify. A page the schema refuses is our bug: a 500, as the serializer's error is.
 */
function serialize(page: Page<AdminOrderListItem>): string {
  const encoded = z.safeEncode(adminOrderList, page);
  if (!encoded.success) throw new Error(`Orders list response does not match its schema: ${encoded.error.message}`);
  return JSON.stringify(encoded.data);
}

/** The end of the earliest checkout hold still live at `now` (epoch ms), Infinity when none is. */
async function nextHoldEnd(database: Database, now: Date): Promise<number> {
  const [row] = await database.db
    .select({ at: sql<number | string | null>`(extract(epoch from min(${units.heldUntil})) * 1000)::float8` })
    .from(units)
    .where(and(isNotNull(units.heldByOrderId), holdIsLive(now)));
  return row?.at === null || row?.at === undefined ? Infinity : Number(row.at);
}

/**
 * The admin's orders list from memory (ADR 010 addendum, after ADR 024's catalog): each page asked for is read once
 * and kept as its JSON until something it shows may have changed:
 * - any committed write to orders or to a customer's name or e-mail (the 0017 triggers' NOTIFY on 'orders_changed')
 *   or to units (0013's 'catalog_changed': serials, checkout holds), by any writer on any instance;
 * - this instance's own state-changing requests, before their answer leaves (invalidateAfterWrites in app.ts), so
 *   the owner reads their own change even before the NOTIFY arrives;
 * - the app clock reaching the earliest live hold's end (a checkout becomes abandoned without any write), or reading
 *   earlier than the page was read (tests, the demo's billing clock).
 * While the listening connection is down nothing is kept or shared: every request reads the database. Requests for
 * one page arriving together share one read; a read that a change overtook answers its own request but is not kept.
 * Each filters' total is kept beside the pages and dropped with them: it is counted once for all their pages and
 * sorts (at 250k orders a count costs 60 to 150 ms on PostgreSQL, a page a few ms: ADR 038).
 */
export class OrderListCache extends NotifyInvalidatedCache {
  private readonly pages = new Map<string, KeptPage>();
  /** Each filters' total, dropped with the pages: a page of filters already counted reads only its 20 rows. */
  private readonly totals = new Map<string, KeptTotal>();
  private readonly loading = new Map<string, { generation: number; promise: Promise<KeptPage> }>();

  constructor(database: Database) {
    super(database, [ORDERS_CHANNEL, CATALOG_CHANNEL]);
  }

  protected drop(): void {
    this.pages.clear();
    this.totals.clear();
    this.loading.clear();
  }

  /** How many pages are kept now (tests). */
  get size(): number {
    return this.pages.size;
  }

  /** How many filters' totals are kept now (tests). */
  get totalsKept(): number {
    return this.totals.size;
  }

  /** The page for `query` as of `now`, as the JSON the route sends. */
  async json(query: OrderListQuery, now: Date): Promise<string> {
    const key = keyOf(query);
    const at = now.getTime();
    const answers = (page: KeptPage) => at >= page.computedAt && at < page.validUntil;
    // Not listening: nothing kept nor shared, since a change would go unheard.
    const live = this.listening;
    const kept = live ? this.pages.get(key) : undefined;
    if (kept && answers(kept)) {
      // Most recently used last, so the oldest is dropped first.
      this.pages.delete(key);
      this.pages.set(key, kept);
      return kept.json;
    }
    const shared = this.loading.get(key);
    if (live && shared && shared.generation === this.generation) {
      const page = await shared.promise;
      if (answers(page)) return page.json;
    }
    const generation = this.generation;
    const promise = this.read(query, now);
    this.loading.set(key, { generation, promise });
    try {
      const page = await promise;
      if (generation === this.generation && live && this.listening) this.keep(key, page);
      return page.json;
    } finally {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
    }
  }

  private async read(query: OrderListQuery, now: Date): Promise<KeptPage> {
    const at = now.getTime();
    const filters = filtersKeyOf(query);
    const counted = this.totals.get(filters);
    const knownTotal = counted && at >= counted.computedAt && at < counted.validUntil ? counted.total : undefined;
    const generation = this.generation;
    const [page, validUntil] = await Promise.all([
      listOrders(this.database.db, query, now, knownTotal),
      nextHoldEnd(this.database, now),
    ]);
    if (knownTotal === undefined && generation === this.generation && this.listening) {
      this.totals.set(filters, { total: page.total, computedAt: at, validUntil });
      // As many filters as pages at most (a page per filters is the worst case).
      if (this.totals.size > MAX_PAGES) this.totals.delete(this.totals.keys().next().value!);
    }
    return { json: serialize(page), computedAt: at, validUntil };
  }

  private keep(key: string, page: KeptPage): void {
    this.pages.delete(key);
    this.pages.set(key, page);
    if (this.pages.size > MAX_PAGES) this.pages.delete(this.pages.keys().next().value!);
  }
}

/**
 * Sends JSON already written: a string with a JSON content type skips the route's serializer in Fastify, and gets
 * the same content type, headers and compression as a serialized answer.
 */
export const sendJson = (reply: FastifyReply, json: string): FastifyReply =>
  reply.type('application/json; charset=utf-8').send(json);

declare module 'fastify' {
  interface FastifyInstance {
    orderList: OrderListCache;
  }
}
