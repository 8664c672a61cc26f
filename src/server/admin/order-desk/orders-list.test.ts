import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createOrder, createUnit } from '@/server/platform/db/factories';
import { orders } from '@/server/platform/db/schema';
import { startOrdersTestApp } from '@tests/support/order-desk-fixtures';

const { t, modelId, get, activeRental } = await startOrdersTestApp();
afterAll(async () => t.close());

describe('GET /api/admin/orders/filtered', () => {
  let searchable: Awaited<ReturnType<typeof activeRental>>;
  beforeAll(async () => {
    // Its own customers, dated in 2030 so date filters see only these.
    searchable = await activeRental({ customerName: 'Filtering Fiona' });
    await t.db.update(orders).set({ startDate: '2030-03-10' }).where(eq(orders.id, searchable.order.id));
    const other = await createCustomer(t.db, { name: 'Filtering Frank', email: 'frank.f@example.com' });
    await createOrder(t.db, { customerId: other.id, modelId, status: 'completed', startDate: '2030-01-05' });
    await createOrder(t.db, { customerId: other.id, modelId, status: 'cancelled', startDate: '2030-02-15' });
    await createOrder(t.db, {
      customerId: other.id,
      modelId,
      status: 'active',
      type: 'weekly',
      startDate: '2030-04-01',
    });
  });

  const list = async (query: string) => {
    const response = await get(`/api/admin/orders/filtered?${query}`);
    expect(response.statusCode).toBe(200);
    return response.json() as {
      items: Array<{ id: string; status: string; startDate: string; type: string; customer: { name: string } }>;
      total: number;
    };
  };

  it('filters by status, plan type and start-date range', async () => {
    const range = 'startDate=2030-01-01&endDate=2030-12-31';
    expect((await list(range)).total).toBe(4);
    expect((await list(`${range}&status=active`)).items.map((o) => o.startDate).sort()).toEqual([
      '2030-03-10',
      '2030-04-01',
    ]);
    expect((await list(`${range}&status=completed`)).items.map((o) => o.startDate)).toEqual(['2030-01-05']);
    expect((await list(`${range}&planType=weekly`)).items.map((o) => o.type)).toEqual(['weekly']);
    expect((await list('startDate=2030-02-01&endDate=2030-03-10')).items.map((o) => o.startDate).sort()).toEqual([
      '2030-02-15',
      '2030-03-10',
    ]);
  });

  it("searches the customer's name or e-mail and the order number, whatever the case", async () => {
    expect((await list('search=FIONA')).items.map((o) => o.id)).toEqual([searchable.order.id]);
    expect((await list('search=FRANK.F@')).total).toBe(3);
    const byNumber = await list(`search=${searchable.order.orderNumber.slice(-5).toLowerCase()}`);
    expect(byNumber.items.map((o) => o.id)).toContain(searchable.order.id);
  });

  it('sorts on the server and pages with a total', async () => {
    const range = 'startDate=2030-01-01&endDate=2030-12-31';
    const ascending = await list(`${range}&sort=startDate&direction=asc&pageSize=2`);
    expect(ascending.total).toBe(4);
    expect(ascending.items.map((o) => o.startDate)).toEqual(['2030-01-05', '2030-02-15']);
    const secondPage = await list(`${range}&sort=startDate&direction=asc&pageSize=2&page=2`);
    expect(secondPage.items.map((o) => o.startDate)).toEqual(['2030-03-10', '2030-04-01']);
  });

  it("shows the unit's serial, or none when no unit is assigned", async () => {
    const { items } = await list('search=fiona');
    expect(items[0]).toMatchObject({ unit: { serial: searchable.unit.serial }, customer: { name: 'Filtering Fiona' } });
    const frank = await list('search=frank.f@&status=completed');
    expect(frank.items[0]).toMatchObject({ unit: null });
  });

  it('hides abandoned checkouts (pending, hold over) unless asked for them', async () => {
    const range = 'startDate=2031-01-01&endDate=2031-12-31';
    const who = await createCustomer(t.db, { name: 'Checkout Chris' });
    const pending = () =>
      createOrder(t.db, { customerId: who.id, modelId, status: 'pending', startDate: '2031-06-01' });
    const open = await pending();
    await createUnit(t.db, { modelId, heldByOrderId: open.id, heldUntil: new Date(Date.now() + 10 * 60_000) });
    const lapsed = await pending();
    await createUnit(t.db, { modelId, heldByOrderId: lapsed.id, heldUntil: new Date(Date.now() - 60_000) });
    const neverHeld = await pending();
    const paid = await createOrder(t.db, { customerId: who.id, modelId, status: 'active', startDate: '2031-06-02' });

    const ids = async (query: string) => (await list(query)).items.map((o) => o.id).sort();
    expect(await ids(range)).toEqual([open.id, paid.id].sort());
    expect((await list(range)).total).toBe(2);
    expect(await ids(`${range}&status=pending`)).toEqual([open.id]);
    expect(await ids(`${range}&status=abandoned`)).toEqual([lapsed.id, neverHeld.id].sort());
    expect((await list(`${range}&status=abandoned`)).total).toBe(2);
  });

  it('refuses an unknown status, a malformed date and a reversed range', async () => {
    expect((await get('/api/admin/orders/filtered?status=lost')).statusCode).toBe(400);
    expect((await get('/api/admin/orders/filtered?startDate=June')).statusCode).toBe(400);
    const reversed = await get('/api/admin/orders/filtered?startDate=2030-05-01&endDate=2030-01-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('The end date must be on or after the start date');
  });

  it('treats empty filter values as no filter', async () => {
    await activeRental();
    const unfiltered = await get('/api/admin/orders/filtered');
    const emptyFilters = await get('/api/admin/orders/filtered?search=&startDate=&endDate=');
    expect(emptyFilters.statusCode).toBe(200);
    expect(emptyFilters.json().total).toBeGreaterThan(0);
    expect(emptyFilters.json()).toEqual(unfiltered.json());
  });
});
