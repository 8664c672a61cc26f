import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminOrderList, orderListQuery } from '@/contracts/admin/orders';
import { buildApp } from '@/server/app';
import { openPostgres } from '@/server/platform/db/client';
import { createCustomer, createOrder, createUnit, createUnitModel } from '@/server/platform/db/factories';
import { customers, orders } from '@/server/platform/db/schema';
import { createAppDeps } from '@/server/deps';
import { createTestApp } from '@tests/support/test-app';
import { signInAdmin } from '@tests/support/admin-client';
import { eventually } from '@tests/support/eventually';
import { listOrders } from './list';

/**
 * The orders list is answered from memory (list-cache.ts, ADR 010 addendum). Every way what it shows can change must
 * show: this instance's own writes at once; anyone else's (PGlite delivers the triggers' NOTIFY before the writer's
 * statement returns; PostgreSQL on the listening connection a moment after commit, hence `eventually`, within 1 s);
 * a checkout hold running out on the app clock with no write at all.
 */
let clockAt = Date.parse('2031-03-01T18:00:00Z');
const clock = { now: () => new Date(clockAt) };
const t = await createTestApp({ deps: { clock } });
afterAll(async () => t.close());
const admin = await signInAdmin(t);
const modelId = (await createUnitModel(t.db)).id;

interface ListedOrder {
  id: string;
  status: string;
  customer: { name: string };
  unit: { serial: string } | null;
}
const list = async (query: string) => {
  const response = await admin.request({ method: 'GET', url: `/api/admin/orders/filtered?${query}` });
  expect(response.statusCode).toBe(200);
  return response.json() as { items: ListedOrder[]; total: number };
};

/** Orders of their own start date, so each test's query sees only its own. */
async function ordersOn(startDate: string, names: string[], status: 'active' | 'pending' = 'active') {
  const placed = [];
  for (const name of names) {
    const customer = await createCustomer(t.db, { name });
    placed.push(await createOrder(t.db, { customerId: customer.id, modelId, status, startDate }));
  }
  return placed;
}

describe('GET /api/admin/orders/filtered from memory', () => {
  it('keeps a page once read and answers it again, the same bytes', async () => {
    await ordersOn('2040-01-01', ['Kept Kim']);
    const url = '/api/admin/orders/filtered?startDate=2040-01-01&endDate=2040-01-01';
    t.app.orderList.invalidate();
    // On PostgreSQL the writes' NOTIFY may arrive during the first read, which is then answered but not kept.
    await eventually(async () => {
      await admin.request({ method: 'GET', url });
      return t.app.orderList.size;
    }, 1);
    const first = await admin.request({ method: 'GET', url });
    expect(t.app.orderList.size).toBe(1);
    const again = await admin.request({ method: 'GET', url });
    expect(again.body).toBe(first.body);
    expect(t.app.orderList.size).toBe(1);
  });

  it("answers exactly what the route's zod serializer wrote, with the same headers and compression", async () => {
    await ordersOn(
      '2040-02-01',
      Array.from({ length: 12 }, (_, i) => `Serialized Sam ${i}`),
    );
    for (const query of ['startDate=2040-02-01&endDate=2040-02-01&pageSize=5&page=2', '', 'status=abandoned']) {
      const plain = await admin.request({ method: 'GET', url: `/api/admin/orders/filtered?${query}` });
      const parsed = orderListQuery.parse(Object.fromEntries(new URLSearchParams(query)));
      const written = JSON.stringify(z.encode(adminOrderList, await listOrders(t.db, parsed, clock.now())));
      expect(plain.body).toBe(written);
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(plain.headers['content-encoding']).toBeUndefined();
    }
    const gzip = await admin.request({
      method: 'GET',
      url: '/api/admin/orders/filtered?startDate=2040-02-01&endDate=2040-02-01',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await admin.request({
      method: 'GET',
      url: '/api/admin/orders/filtered?startDate=2040-02-01&endDate=2040-02-01',
    });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('counts the filters’ total once for all their pages, and again after any change', async () => {
    await ordersOn('2041-07-09', ['Paged Pat', 'Paged Pia', 'Paged Poe']);
    const query = (page: number) => `startDate=2041-07-09&endDate=2041-07-09&pageSize=1&page=${page}`;
    t.app.orderList.invalidate();
    await eventually(async () => {
      await list(query(1));
      return t.app.orderList.totalsKept;
    }, 1);
    // A write nobody hears (its triggers off, as only a superuser's session can): page 2 is read, its total is not.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      const customer = await createCustomer(tx, { name: 'Paged Unheard' });
      await createOrder(tx, { customerId: customer.id, modelId, status: 'active', startDate: '2041-07-09' });
    });
    const second = await list(query(2));
    expect(second.items).toHaveLength(1);
    expect(second.total).toBe(3);
    expect(t.app.orderList.totalsKept).toBe(1);
    // Any change heard drops the totals with the pages: counted again.
    t.app.orderList.invalidate();
    expect(t.app.orderList.totalsKept).toBe(0);
    expect((await list(query(2))).total).toBe(4);
  });

  it("shows the owner's own status change at once", async () => {
    const [order] = await ordersOn('2040-03-01', ['Changing Chris']);
    const query = 'startDate=2040-03-01&endDate=2040-03-01';
    expect((await list(query)).items.map((o) => o.status)).toEqual(['active']);
    const changed = await admin.request({
      method: 'POST',
      url: `/api/admin/orders/${order!.id}/status`,
      payload: { status: 'completed' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await list(query)).items.map((o) => o.status)).toEqual(['completed']);
  });

  it("shows anyone else's write to an order, a customer's name or a unit's serial", async () => {
    const [order] = await ordersOn('2040-04-01', ['Written Wes']);
    const unit = await createUnit(t.db, { modelId, serial: 'LIST-CACHE-1' });
    const query = 'startDate=2040-04-01&endDate=2040-04-01';
    const shown = async () => {
      const [item] = (await list(query)).items;
      return { status: item!.status, name: item!.customer.name, serial: item!.unit?.serial ?? null };
    };
    expect(await shown()).toEqual({ status: 'active', name: 'Written Wes', serial: null });

    await t.db.update(orders).set({ unitId: unit.id }).where(eq(orders.id, order!.id));
    await eventually(shown, { status: 'active', name: 'Written Wes', serial: 'LIST-CACHE-1' });
    await t.db.update(customers).set({ name: 'Renamed Wes' }).where(eq(customers.id, order!.customerId));
    await eventually(shown, { status: 'active', name: 'Renamed Wes', serial: 'LIST-CACHE-1' });
    // Serials never change through the app: as an operator's psql would.
    await t.db.execute(sql`update units set serial = 'LIST-CACHE-2' where id = ${unit.id}`);
    await eventually(shown, { status: 'active', name: 'Renamed Wes', serial: 'LIST-CACHE-2' });
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order!.id));
    await eventually(shown, { status: 'cancelled', name: 'Renamed Wes', serial: 'LIST-CACHE-2' });
    // A new order in the range counts at once in the total.
    await ordersOn('2040-04-01', ['Another Ann']);
    await eventually(async () => (await list(query)).total, 2);
  });

  it('drops a checkout whose hold ran out on the app clock, with no write; reads again for a time before', async () => {
    const [checkout] = await ordersOn('2040-05-01', ['Holding Hana'], 'pending');
    await createUnit(t.db, { modelId, heldByOrderId: checkout!.id, heldUntil: new Date(clockAt + 10 * 60_000) });
    const ids = async (query: string) => (await list(query)).items.map((o) => o.id);
    const range = 'startDate=2040-05-01&endDate=2040-05-01';
    const start = clockAt;
    try {
      expect(await ids(range)).toEqual([checkout!.id]);
      expect(await ids(`${range}&status=abandoned`)).toEqual([]);
      clockAt = start + 9 * 60_000;
      expect(await ids(range)).toEqual([checkout!.id]);
      clockAt = start + 11 * 60_000;
      expect(await ids(range)).toEqual([]);
      expect(await ids(`${range}&status=abandoned`)).toEqual([checkout!.id]);
      // A clock set back (a test, a restored demo clock) is not answered with a page read later.
      clockAt = start;
      expect(await ids(range)).toEqual([checkout!.id]);
    } finally {
      clockAt = start;
    }
  });

  it('keeps at most 200 pages, dropping the least recently used', async () => {
    t.app.orderList.invalidate();
    const url = (page: number) => `/api/admin/orders/filtered?pageSize=1&page=${page}`;
    for (let page = 1; page <= 201; page += 1) {
      expect((await admin.request({ method: 'GET', url: url(page) })).statusCode).toBe(200);
    }
    expect(t.app.orderList.size).toBe(200);
  });

  it('reads the database for every request while it cannot hear changes, and keeps nothing', async () => {
    await t.app.orderList.stop();
    try {
      const [order] = await ordersOn('2040-06-01', ['Unheard Uma']);
      const query = 'startDate=2040-06-01&endDate=2040-06-01';
      expect((await list(query)).items.map((o) => o.status)).toEqual(['active']);
      // Not notified now (no listener): shown because nothing was kept.
      await t.db.update(orders).set({ status: 'completed' }).where(eq(orders.id, order!.id));
      expect((await list(query)).items.map((o) => o.status)).toEqual(['completed']);
      expect(t.app.orderList.size).toBe(0);
    } finally {
      await t.app.orderList.start();
    }
  });
});

/** Two instances on one PostgreSQL: the owner's change on one shows on the other within 1 s (the 0017 NOTIFY). */
describe.skipIf(process.env.TEST_DB !== 'postgres')('two app instances on one PostgreSQL', () => {
  it("shows one instance's status change in the other's list within 1 s", async () => {
    const otherDatabase = openPostgres(t.url!, 4);
    let other: FastifyInstance | undefined;
    try {
      other = await buildApp({ deps: createAppDeps(t.config, otherDatabase, { clock }), logger: false });
      await other.ready();
      const [order] = await ordersOn('2040-07-01', ['Shared Shay']);
      const url = '/api/admin/orders/filtered?startDate=2040-07-01&endDate=2040-07-01';
      const statusOnOther = async () =>
        ((await other!.inject({ url, headers: { cookie: admin.cookie } })).json() as { items: ListedOrder[] }).items[0]!
          .status;
      expect(await statusOnOther()).toBe('active');
      expect(await statusOnOther()).toBe('active');
      const changed = await admin.request({
        method: 'POST',
        url: `/api/admin/orders/${order!.id}/status`,
        payload: { status: 'completed' },
      });
      expect(changed.statusCode).toBe(200);
      const committedAt = Date.now();
      await eventually(statusOnOther, 'completed');
      expect(Date.now() - committedAt).toBeLessThan(1000);
    } finally {
      await other?.close();
      await otherDatabase.close();
    }
  });
});
