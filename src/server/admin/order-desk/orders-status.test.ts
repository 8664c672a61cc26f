import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { todayInLosAngeles } from '@/contracts/dates';
import { createCustomer, createDeliveryTask, createOrder, createUnit } from '@/server/platform/db/factories';
import { auditEvents, deliveryTasks } from '@/server/platform/db/schema';
import { startOrdersTestApp } from '@tests/support/order-desk-fixtures';

const { t, admin, modelId, activeRental, unitRow, orderRow } = await startOrdersTestApp();
afterAll(async () => t.close());

/** A pending order whose checkout holds a unit of the model. */
async function pendingOrderHoldingUnit() {
  const customer = await createCustomer(t.db);
  const order = await createOrder(t.db, { customerId: customer.id, modelId });
  const held = await createUnit(t.db, {
    modelId,
    heldByOrderId: order.id,
    heldUntil: new Date(Date.now() + 600_000),
  });
  return { order, held };
}

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

  it('ending an order cancels its open visits but the pickup, which still brings the unit back', async () => {
    const { unit, order } = await activeRental();
    const service = await createDeliveryTask(t.db, { orderId: order.id, type: 'service', status: 'scheduled' });
    const replacement = await createUnit(t.db, { modelId, status: 'rented', currentOrderId: order.id });
    const swap = await createDeliveryTask(t.db, { orderId: order.id, type: 'swap', unitId: replacement.id });
    const pickup = await createDeliveryTask(t.db, { orderId: order.id, type: 'pickup', status: 'scheduled' });
    const done = await createDeliveryTask(t.db, { orderId: order.id, type: 'delivery', status: 'completed' });

    expect((await changeStatus(order.id, 'cancelled')).statusCode).toBe(200);
    const visits = await t.db.select().from(deliveryTasks).where(eq(deliveryTasks.orderId, order.id));
    const statusOf = (id: string) => visits.find((visit) => visit.id === id)?.status;
    expect([service.id, swap.id, pickup.id, done.id].map(statusOf)).toEqual([
      'cancelled',
      'cancelled',
      'scheduled',
      'completed',
    ]);
    expect(visits.find((visit) => visit.id === service.id)?.resolution).toBe('Cancelled: the order ended');
    expect(await unitRow(replacement.id)).toMatchObject({ status: 'available', currentOrderId: null });
    expect(await unitRow(unit.id)).toMatchObject({ status: 'available', currentOrderId: null });
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, service.id), eq(auditEvents.action, 'delivery_task.cancelled')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: admin.adminUserId, details: { reason: 'The order ended' } });
  });

  it('activating a pending order rents the unit its checkout holds', async () => {
    const { order, held } = await pendingOrderHoldingUnit();
    expect((await changeStatus(order.id, 'active')).statusCode).toBe(200);
    expect(await unitRow(held.id)).toMatchObject({ status: 'rented', currentOrderId: order.id, heldByOrderId: null });
    expect((await orderRow(order.id)).unitId).toBe(held.id);
  });

  it('cancelling a pending order releases its hold and leaves no end date', async () => {
    const { order, held } = await pendingOrderHoldingUnit();
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
