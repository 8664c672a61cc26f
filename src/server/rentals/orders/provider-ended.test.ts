import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { createDeliveryTask } from '@/server/platform/db/factories';
import { auditEvents, deliveryTasks, orders, units } from '@/server/platform/db/schema';
import { startBillingTestApp } from '@tests/support/billing-fixtures';

const { t, admin, advance, paidRental, ledgerOf, portalOf, approveCancellation } = await startBillingTestApp();
afterAll(async () => t.close());

const orderOf = async (orderId: string) => (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const unitsOf = (orderId: string) => t.db.select().from(units).where(eq(units.currentOrderId, orderId));
const clockNow = async () =>
  new Date((await admin.request({ method: 'GET', url: '/api/admin/billing-clock' })).json().now);
const providerEnds = async (orderId: string) =>
  (await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, orderId))).filter(
    (event) => event.action === 'order.ended_by_provider',
  );

describe('billing ended on the provider ends the order', { timeout: 180_000 }, () => {
  it('completes an active order whose subscription the provider cancelled; the unit stays out until pickup', async () => {
    const rental = await paidRental();
    const subscriptionId = (await orderOf(rental.orderId)).stripeSubscriptionId!;
    const service = await createDeliveryTask(t.db, { orderId: rental.orderId, type: 'service', status: 'scheduled' });
    const pickup = await createDeliveryTask(t.db, { orderId: rental.orderId, type: 'pickup', status: 'scheduled' });
    // As if the owner cancelled the subscription on the provider's dashboard: only the webhook tells us.
    await t.deps.payments.endSubscription({ subscriptionId, at: null });

    const order = await orderOf(rental.orderId);
    expect(order).toMatchObject({ status: 'completed', endDate: todayInLosAngeles(await clockNow()) });
    expect(await unitsOf(rental.orderId)).toEqual([expect.objectContaining({ status: 'rented' })]);
    expect(await providerEnds(rental.orderId)).toHaveLength(1);
    // The service call can no longer happen; the pickup still brings the unit back.
    const visitStatus = async (id: string) =>
      (await t.db.select().from(deliveryTasks).where(eq(deliveryTasks.id, id)))[0]?.status;
    expect([await visitStatus(service.id), await visitStatus(pickup.id)]).toEqual(['cancelled', 'scheduled']);
    expect((await portalOf(rental)).billing).toMatchObject({ status: 'ended', nextBillDate: null });

    await advance(40);
    expect((await ledgerOf(rental.orderId)).invoices).toHaveLength(1);
  });

  it('ends the order at an approved cancellation’s effective date, not before', async () => {
    const rental = await paidRental();
    const effectiveDate = addDays(todayInLosAngeles(await clockNow()), 5);
    await approveCancellation(rental, effectiveDate);
    expect(await orderOf(rental.orderId)).toMatchObject({ status: 'active' });

    await advance(7);
    expect(await orderOf(rental.orderId)).toMatchObject({ status: 'completed', endDate: effectiveDate });
    expect(await unitsOf(rental.orderId)).toHaveLength(1);
  });

  it('lets the owner complete or cancel the order although billing’s end reached us first', async () => {
    for (const status of ['completed', 'cancelled'] as const) {
      const rental = await paidRental();
      const response = await admin.request({
        method: 'POST',
        url: `/api/admin/orders/${rental.orderId}/status`,
        payload: { status },
      });
      expect(response.statusCode).toBe(200);
      expect(await orderOf(rental.orderId)).toMatchObject({ status });
      // The owner's ending frees the unit, as it always has.
      expect(await unitsOf(rental.orderId)).toEqual([]);
    }
  });
});
