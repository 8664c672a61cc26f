import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDeliveryTask, createUnit } from '@/server/platform/db/factories';
import { deliveryTasks, orders } from '@/server/platform/db/schema';
import { collectUnit } from '@/server/rentals/units/visits';
import { startPortalTestApp } from '@tests/support/portal-fixtures';

const { t, rental, signIn } = await startPortalTestApp();
afterAll(async () => t.close());

/** A rental whose billing ended while its unit is still at the customer's. */
async function endedWithUnitOut() {
  const { customer, order } = await rental();
  const unit = await createUnit(t.db, { modelId: order.modelId, status: 'rented', currentOrderId: order.id });
  await t.db.update(orders).set({ unitId: unit.id, status: 'completed' }).where(eq(orders.id, order.id));
  const cookie = await signIn(order.orderNumber, customer.email);
  const view = async () =>
    (await t.app.inject({ url: `/api/portal/${order.id}`, headers: { cookie } })).json().unitReturn;
  return { order, unit, view };
}

describe('the portal of an ended rental whose unit is still out', () => {
  it('says the pickup is not scheduled, then its day and window, then nothing once the unit is back', async () => {
    const { order, unit, view } = await endedWithUnitOut();
    expect(await view()).toEqual({ pickupDate: null, pickupWindow: null });

    const pickup = await createDeliveryTask(t.db, {
      orderId: order.id,
      type: 'pickup',
      status: 'pending',
      scheduledDate: null,
    });
    expect(await view()).toEqual({ pickupDate: null, pickupWindow: null });
    await t.db
      .update(deliveryTasks)
      .set({ status: 'scheduled', scheduledDate: '2099-07-14', timeWindow: '12:00-16:00' })
      .where(eq(deliveryTasks.id, pickup.id));
    expect(await view()).toEqual({ pickupDate: '2099-07-14', pickupWindow: '12PM-4PM' });

    await t.db.update(deliveryTasks).set({ status: 'completed' }).where(eq(deliveryTasks.id, pickup.id));
    await t.db.transaction((tx) => collectUnit(tx, { unitId: unit.id, orderId: order.id }));
    expect(await view()).toBeNull();
  });

  it('says nothing of a pickup while the rental is active', async () => {
    const { customer, order } = await rental();
    const cookie = await signIn(order.orderNumber, customer.email);
    const portal = await t.app.inject({ url: `/api/portal/${order.id}`, headers: { cookie } });
    expect(portal.json().unitReturn).toBeNull();
  });
});
