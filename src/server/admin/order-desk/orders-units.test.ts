import { afterAll, describe, expect, it } from 'vitest';
import { createCustomer, createOrder, createUnit } from '@/server/platform/db/factories';
import { startOrdersTestApp } from '@tests/support/order-desk-fixtures';

const { t, admin, modelId, otherModelId, activeRental, unitRow, orderRow } = await startOrdersTestApp();
afterAll(async () => t.close());

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
