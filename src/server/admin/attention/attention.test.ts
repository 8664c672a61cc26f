import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startBillingTestApp } from '@tests/support/billing-fixtures';
import { createCancellationRequest, createDeliveryTask } from '@/server/platform/db/factories';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { deliveryTasks, orders, units } from '@/server/platform/db/schema';

const { t, admin, advance, paidRental, useCard } = await startBillingTestApp();
afterAll(async () => t.close());

async function attentionFor(orderId: string) {
  const response = await admin.request({ method: 'GET', url: '/api/admin/needs-attention' });
  expect(response.statusCode).toBe(200);
  return (
    response.json().items as { orderId: string; kind: string; canSchedulePickup: boolean; pickupId: string | null }[]
  ).filter((item) => item.orderId === orderId);
}

describe('Needs attention', { timeout: 180_000 }, () => {
  it('lists a suspended rental with "Schedule pickup" until the pickup is booked or the rental paid', async () => {
    const rental = await paidRental();
    await useCard(rental.order.customerId, '4000 0000 0000 0341');
    await advance(32);
    expect(await attentionFor(rental.orderId)).toEqual([
      expect.objectContaining({ kind: 'past_due', canSchedulePickup: false }),
    ]);
    await advance(3);
    expect(await attentionFor(rental.orderId)).toEqual([
      expect.objectContaining({
        kind: 'suspended',
        canSchedulePickup: true,
        detail: '$39.00 unpaid after 2 failed payments',
      }),
    ]);

    const booked = await admin.request({
      method: 'POST',
      url: `/api/admin/orders/${rental.orderId}/pickup`,
      payload: {},
    });
    // "Schedule pickup" opens a pickup with no day: nothing is booked, no e-mail goes; the item then names the pickup
    // to book, and only a day and window (the Deliveries tab's booking) take the button away.
    expect(booked.statusCode).toBe(201);
    const { id: pickupId } = booked.json();
    const [opened] = await t.db.select().from(deliveryTasks).where(eq(deliveryTasks.id, pickupId));
    expect(opened).toMatchObject({ type: 'pickup', status: 'pending', scheduledDate: null, timeWindow: null });
    expect(await attentionFor(rental.orderId)).toEqual([
      expect.objectContaining({ canSchedulePickup: true, pickupId }),
    ]);
    const again = await admin.request({
      method: 'POST',
      url: `/api/admin/orders/${rental.orderId}/pickup`,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A pickup is already open, not scheduled yet for this order');
    const day = addDays(todayInLosAngeles(t.deps.clock.now()), 1);
    const scheduled = await admin.request({
      method: 'POST',
      url: `/api/admin/deliveries/${pickupId}/schedule`,
      payload: { scheduledDate: day, timeWindow: 'morning' },
    });
    expect(scheduled.statusCode).toBe(200);
    expect(await attentionFor(rental.orderId)).toEqual([expect.objectContaining({ canSchedulePickup: false })]);

    await useCard(rental.order.customerId, '4242 4242 4242 4242');
    expect(await attentionFor(rental.orderId)).toEqual([]);
  });

  it('lists a cancellation waiting for a decision, and a unit still out after the rental ended', async () => {
    const rental = await paidRental();
    await createCancellationRequest(t.db, {
      orderId: rental.orderId,
      customerId: rental.order.customerId,
      effectiveDate: '2099-01-01',
    });
    expect(await attentionFor(rental.orderId)).toEqual([
      expect.objectContaining({ kind: 'cancellation_request', canSchedulePickup: false }),
    ]);

    const other = await paidRental();
    const [order] = await t.db.select().from(orders).where(eq(orders.id, other.orderId));
    await t.deps.payments.endSubscription({ subscriptionId: order!.stripeSubscriptionId!, at: null });
    const [unit] = await t.db.select().from(units).where(eq(units.currentOrderId, other.orderId));
    expect(unit).toMatchObject({ status: 'rented' });
    const items = await attentionFor(other.orderId);
    expect(items).toContainEqual(
      expect.objectContaining({
        kind: 'unit_out',
        canSchedulePickup: true,
        pickupId: null,
        detail: expect.stringMatching(/\(no pickup scheduled yet\)$/),
      }),
    );

    // A pickup without a day (as approving a cancellation makes it) is not "booked": the line says it still needs
    // one, then the day once it has it.
    await createDeliveryTask(t.db, { orderId: other.orderId, type: 'pickup', status: 'pending', scheduledDate: null });
    const unitOut = async () =>
      ((await attentionFor(other.orderId)) as unknown as { kind: string; detail: string }[]).find(
        (item) => item.kind === 'unit_out',
      );
    const unscheduled = await unitOut();
    expect(unscheduled!.detail).toMatch(/\(pickup not scheduled yet: book its day\)$/);
    await t.db
      .update(deliveryTasks)
      .set({ scheduledDate: '2099-07-14', timeWindow: '08:00-12:00', status: 'scheduled' })
      .where(eq(deliveryTasks.orderId, other.orderId));
    const scheduled = await unitOut();
    expect(scheduled!.detail).toMatch(/\(pickup booked for Tuesday, July 14, 8AM-12PM\)$/);
  });

  it('refuses a pickup date in the past or an impossible one, and needs an admin', async () => {
    const rental = await paidRental();
    for (const scheduledDate of ['2000-01-01', '2027-02-30', 'tomorrow']) {
      const response = await admin.request({
        method: 'POST',
        url: `/api/admin/orders/${rental.orderId}/pickup`,
        payload: { scheduledDate },
      });
      expect(response.statusCode).toBe(400);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/needs-attention' });
    expect(anonymous.statusCode).toBe(401);
  });
});
