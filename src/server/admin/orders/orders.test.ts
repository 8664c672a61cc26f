import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInLosAngeles } from '@/contracts/dates';
import {
  createAgreement,
  createCancellationRequest,
  createCustomer,
  createDeliveryTask,
  createOrder,
  createUnit,
  createUnitModel,
} from '@/server/db/factories';
import { auditEvents, cancellationRequests, deliveryTasks, orders, units } from '@/server/db/schema';
import { rentUnit } from '@/server/units/rentals';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { signInAdmin, type AdminClient } from '../test-support';

let t: TestApp;
let admin: AdminClient;
let modelId: string;
let otherModelId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  modelId = (await createUnitModel(t.db)).id;
  otherModelId = (await createUnitModel(t.db, { name: 'Other', btuTier: '8-10k' })).id;
});
afterAll(async () => t.close());

const get = (url: string) => admin.request({ method: 'GET', url });

/** An active order renting a unit, as a paid checkout leaves it. */
async function activeRental(overrides: { customerName?: string } = {}) {
  const customer = await createCustomer(t.db, { name: overrides.customerName ?? 'Jordan Rivera' });
  const unit = await createUnit(t.db, { modelId, status: 'rented' });
  const order = await createOrder(t.db, { customerId: customer.id, modelId, unitId: unit.id, status: 'active' });
  await t.db.transaction((tx) => rentUnit(tx, { unitId: unit.id, orderId: order.id }));
  return { customer, unit, order };
}

const unitRow = async (id: string) => (await t.db.select().from(units).where(eq(units.id, id)))[0]!;
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

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

describe('GET /api/admin/orders/:id', () => {
  it('shows the customer, the agreement, delivery tasks, cancellation requests and what can be done', async () => {
    const { customer, unit, order } = await activeRental();
    await createAgreement(t.db, { orderId: order.id, pdfData: Buffer.from('%PDF-1.7 test') });
    await createDeliveryTask(t.db, { orderId: order.id, notes: 'Gate code 1234' });
    await createCancellationRequest(t.db, { orderId: order.id, customerId: customer.id });
    const free = await createUnit(t.db, { modelId, serial: `FREE-${randomUUID().slice(0, 6)}` });
    await createUnit(t.db, { modelId: otherModelId }); // another model: never offered

    const detail = (await get(`/api/admin/orders/${order.id}`)).json();
    expect(detail).toMatchObject({
      order: { id: order.id, status: 'active', orderNumber: order.orderNumber },
      customer: { id: customer.id, name: customer.name, email: customer.email },
      unit: { id: unit.id, serial: unit.serial, status: 'rented' },
      agreement: { pdfUrl: `/api/admin/orders/${order.id}/agreement` },
      deliveryTasks: [{ type: 'delivery', status: 'pending', notes: 'Gate code 1234' }],
      cancellationRequests: [{ status: 'pending', processedBy: null }],
      allowedStatuses: ['completed', 'cancelled'],
    });
    expect(detail.assignableUnits).toContainEqual({ id: free.id, serial: free.serial, btu: 12_000 });
    expect(detail.assignableUnits.every((u: { id: string }) => u.id !== unit.id)).toBe(true);

    const pdf = await get(`/api/admin/orders/${order.id}/agreement`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body).toBe('%PDF-1.7 test');
  });

  it("says 'Agreement PDF not available' when there is none", async () => {
    const { order } = await activeRental();
    const response = await get(`/api/admin/orders/${order.id}/agreement`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Agreement PDF not available' });
  });

  it('answers 404 for an unknown order', async () => {
    expect((await get(`/api/admin/orders/${randomUUID()}`)).statusCode).toBe(404);
  });
});

describe('order status changes', () => {
  const changeStatus = (orderId: string, status: string) =>
    admin.request({ method: 'POST', url: `/api/admin/orders/${orderId}/status`, payload: { status } });

  it('completing an active order frees its unit, dates the end and records who did it', async () => {
    const { unit, order } = await activeRental();
    const response = await changeStatus(order.id, 'completed');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ order: { status: 'completed' }, allowedStatuses: [] });
    expect(await unitRow(unit.id)).toMatchObject({ status: 'available', currentOrderId: null });
    expect((await orderRow(order.id)).endDate).toBe(todayInLosAngeles());
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, order.id), eq(auditEvents.action, 'order.status_changed')));
    expect(audit).toMatchObject({ actorId: admin.adminUserId, details: { from: 'active', to: 'completed' } });
  });

  it('cancelling an active order frees its unit too', async () => {
    const { unit, order } = await activeRental();
    expect((await changeStatus(order.id, 'cancelled')).statusCode).toBe(200);
    expect(await unitRow(unit.id)).toMatchObject({ status: 'available', currentOrderId: null });
  });

  it('activating a pending order rents the unit its checkout holds', async () => {
    const customer = await createCustomer(t.db);
    const order = await createOrder(t.db, { customerId: customer.id, modelId });
    const held = await createUnit(t.db, {
      modelId,
      heldByOrderId: order.id,
      heldUntil: new Date(Date.now() + 600_000),
    });
    expect((await changeStatus(order.id, 'active')).statusCode).toBe(200);
    expect(await unitRow(held.id)).toMatchObject({ status: 'rented', currentOrderId: order.id, heldByOrderId: null });
    expect((await orderRow(order.id)).unitId).toBe(held.id);
  });

  it('cancelling a pending order releases its hold and leaves no end date', async () => {
    const customer = await createCustomer(t.db);
    const order = await createOrder(t.db, { customerId: customer.id, modelId });
    const held = await createUnit(t.db, {
      modelId,
      heldByOrderId: order.id,
      heldUntil: new Date(Date.now() + 600_000),
    });
    expect((await changeStatus(order.id, 'cancelled')).statusCode).toBe(200);
    expect(await unitRow(held.id)).toMatchObject({ status: 'available', heldByOrderId: null, heldUntil: null });
    expect((await orderRow(order.id)).endDate).toBeNull();
  });

  it.each([
    ['completed', 'active'],
    ['cancelled', 'active'],
    ['pending', 'completed'],
    ['active', 'pending'],
  ])('refuses %s → %s with 409', async (from, to) => {
    const customer = await createCustomer(t.db);
    const order = await createOrder(t.db, { customerId: customer.id, modelId, status: from });
    const response = await changeStatus(order.id, to);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: `A ${from} order cannot be marked ${to}` });
    expect((await orderRow(order.id)).status).toBe(from);
  });
});

describe('assigning and swapping units', () => {
  const assign = (orderId: string, unitId: string) =>
    admin.request({ method: 'POST', url: `/api/admin/orders/${orderId}/unit`, payload: { unitId } });

  it('swaps the unit: the new one rented to the order, the old one back to available', async () => {
    const { unit: old, order } = await activeRental();
    const replacement = await createUnit(t.db, { modelId });
    const response = await assign(order.id, replacement.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().unit).toMatchObject({ id: replacement.id, status: 'rented' });
    expect(await unitRow(replacement.id)).toMatchObject({ status: 'rented', currentOrderId: order.id });
    expect(await unitRow(old.id)).toMatchObject({ status: 'available', currentOrderId: null });
    expect((await orderRow(order.id)).unitId).toBe(replacement.id);
  });

  it('assigns a unit to an active order that has none', async () => {
    const customer = await createCustomer(t.db);
    const order = await createOrder(t.db, { customerId: customer.id, modelId, status: 'active' });
    const unit = await createUnit(t.db, { modelId });
    expect((await assign(order.id, unit.id)).statusCode).toBe(200);
    expect(await unitRow(unit.id)).toMatchObject({ status: 'rented', currentOrderId: order.id });
  });

  it('refuses a unit of another model, a unit that is not available, and a non-active order', async () => {
    const { order } = await activeRental();
    const otherModel = await createUnit(t.db, { modelId: otherModelId });
    const inMaintenance = await createUnit(t.db, { modelId, status: 'maintenance' });
    const heldElsewhere = await createUnit(t.db, {
      modelId,
      heldByOrderId: (await activeRental()).order.id,
      heldUntil: new Date(Date.now() + 600_000),
    });
    expect((await assign(order.id, otherModel.id)).json()).toMatchObject({
      message: "That unit is not of the order's model",
    });
    const busy = await assign(order.id, inMaintenance.id);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toEqual({ message: `Unit ${inMaintenance.serial} is not available` });
    expect((await assign(order.id, heldElsewhere.id)).statusCode).toBe(409);

    const customer = await createCustomer(t.db);
    const completed = await createOrder(t.db, { customerId: customer.id, modelId, status: 'completed' });
    const free = await createUnit(t.db, { modelId });
    const notActive = await assign(completed.id, free.id);
    expect(notActive.statusCode).toBe(409);
    expect(notActive.json()).toEqual({ message: 'Only an active order can have a unit assigned' });
  });
});

describe('cancellation requests', () => {
  const decide = (id: string, payload: object) =>
    admin.request({ method: 'POST', url: `/api/admin/cancellation-requests/${id}/decision`, payload });

  it('approves a request: recorded with who, when and notes, and the pickup booked on the effective date', async () => {
    const { customer, order } = await activeRental();
    const request = await createCancellationRequest(t.db, {
      orderId: order.id,
      customerId: customer.id,
      effectiveDate: '2026-12-15',
    });
    const response = await decide(request.id, { decision: 'approved', notes: 'Fee explained by phone' });
    expect(response.statusCode).toBe(204);
    const [row] = await t.db.select().from(cancellationRequests).where(eq(cancellationRequests.id, request.id));
    expect(row).toMatchObject({ status: 'approved', processedBy: admin.adminUserId, notes: 'Fee explained by phone' });
    expect(Date.now() - row!.processedAt!.getTime()).toBeLessThan(60_000);
    const tasks = await t.db.select().from(deliveryTasks).where(eq(deliveryTasks.orderId, order.id));
    expect(tasks).toContainEqual(expect.objectContaining({ type: 'pickup', scheduledDate: '2026-12-15' }));
    const detail = (await get(`/api/admin/orders/${order.id}`)).json();
    expect(detail.cancellationRequests[0]).toMatchObject({ status: 'approved', processedBy: admin.username });
  });

  it('declines a request, and refuses to decide it twice', async () => {
    const { customer, order } = await activeRental();
    const request = await createCancellationRequest(t.db, { orderId: order.id, customerId: customer.id });
    expect((await decide(request.id, { decision: 'declined' })).statusCode).toBe(204);
    const again = await decide(request.id, { decision: 'approved' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This cancellation request was already declined' });
  });
});

describe('delivery tasks', () => {
  it('marks a task completed', async () => {
    const { order } = await activeRental();
    const task = await createDeliveryTask(t.db, { orderId: order.id });
    const url = `/api/admin/delivery-tasks/${task.id}/complete`;
    expect((await admin.request({ method: 'POST', url })).statusCode).toBe(204);
    const [row] = await t.db.select().from(deliveryTasks).where(eq(deliveryTasks.id, task.id));
    expect(row).toMatchObject({ status: 'completed' });
    expect(row!.completedAt).not.toBeNull();
    expect((await admin.request({ method: 'POST', url })).statusCode).toBe(409);
  });
});
