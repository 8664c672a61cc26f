import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { signInAdmin } from '@tests/support/admin-client';
import { createUnit } from '@/server/platform/db/factories';
import { deliveryTasks, localGatewaySubscriptions, orders, subscriptions, units } from '@/server/platform/db/schema';
import { goodCard, outboxMessages, pay, startCheckout, startPaymentsTestApp } from '@tests/support/payment-fixtures';
import { giveRoomyDeliveryCapacity } from '@tests/support/roomy-delivery-capacity';

const t = await startPaymentsTestApp();
const admin = await signInAdmin(t);
// What these tests book is the visit, not a full van: window capacity has its own tests (window-capacity.test.ts).
await giveRoomyDeliveryCapacity(t.db);

const today = () => todayInLosAngeles(t.deps.clock.now());
const post = (url: string, payload: object = {}) => admin.request({ method: 'POST', url, payload });
const get = (url: string) => admin.request({ method: 'GET', url });
const unitRow = async (id: string) => (await t.db.select().from(units).where(eq(units.id, id)))[0]!;
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const taskRow = async (id: string) => (await t.db.select().from(deliveryTasks).where(eq(deliveryTasks.id, id)))[0]!;

/** A rental paid on the embedded gateway's page, as a customer pays: active, its delivery booked in a window. */
async function paidRental() {
  const checkout = await startCheckout(t);
  expect((await pay(t, checkout.sessionId, goodCard)).statusCode).toBe(200);
  const order = await orderRow(checkout.orderId);
  expect(order.status).toBe('active');
  const [delivery] = await t.db.select().from(deliveryTasks).where(eq(deliveryTasks.orderId, order.id));
  return { order, delivery: delivery!, unitId: checkout.unitId, email: checkout.email };
}

async function deliver(rental: Awaited<ReturnType<typeof paidRental>>) {
  expect(
    (
      await post(`/api/admin/deliveries/${rental.delivery.id}/schedule`, {
        scheduledDate: today(),
        timeWindow: 'morning',
      })
    ).statusCode,
  ).toBe(200);
  expect((await post(`/api/admin/deliveries/${rental.delivery.id}/complete`)).statusCode).toBe(200);
}

describe('a delivery', () => {
  it('is booked on a day and window (the customer e-mailed both), then done: the unit is rented at the customer', async () => {
    const rental = await paidRental();
    expect(rental.delivery).toMatchObject({
      type: 'delivery',
      status: 'scheduled',
      unitId: rental.unitId,
      timeWindow: expect.stringMatching(/^\d\d:\d\d-\d\d:\d\d$/),
    });
    const checkoutDay = (
      await get(`/api/admin/deliveries?view=day&date=${rental.delivery.scheduledDate}&pageSize=100`)
    ).json();
    expect(checkoutDay.items.find((v: { id: string }) => v.id === rental.delivery.id)).toMatchObject({
      timeWindow: rental.delivery.timeWindow,
    });

    const tomorrow = addDays(today(), 1);
    const booked = await post(`/api/admin/deliveries/${rental.delivery.id}/schedule`, {
      scheduledDate: tomorrow,
      timeWindow: 'midday',
    });
    expect(booked.statusCode).toBe(200);
    expect(booked.json().email).toEqual({ sent: true, message: null });
    expect(booked.json().visit).toMatchObject({ status: 'scheduled', scheduledDate: tomorrow, timeWindow: 'midday' });
    const mail = outboxMessages(t).find(
      (m) => m.includes(`To: ${rental.email}`) && m.includes('delivery is scheduled'),
    );
    expect(mail).toBeDefined();
    expect(mail).toContain('11AM-2PM');
    expect(mail).not.toContain('{{');

    const list = (await get('/api/admin/deliveries?view=tomorrow')).json();
    const row = list.items.find((v: { id: string }) => v.id === rental.delivery.id);
    expect(row).toMatchObject({
      type: 'delivery',
      unit: { id: rental.unitId },
      customer: { email: rental.email, phone: '(714) 555-0101' },
    });
    expect(row.mapUrl).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    expect(list.days).toEqual([tomorrow]);

    const done = await post(`/api/admin/deliveries/${rental.delivery.id}/complete`);
    expect(done.statusCode).toBe(200);
    expect(done.json().visit).toMatchObject({ status: 'completed' });
    expect(await unitRow(rental.unitId)).toMatchObject({ status: 'rented', currentOrderId: rental.order.id });
    expect((await post(`/api/admin/deliveries/${rental.delivery.id}/complete`)).statusCode).toBe(409);
  });

  it('refuses a day in the past, an unknown window and an impossible date, changing nothing', async () => {
    const rental = await paidRental();
    const url = `/api/admin/deliveries/${rental.delivery.id}/schedule`;
    const past = await post(url, { scheduledDate: addDays(today(), -1), timeWindow: 'morning' });
    expect(past.statusCode).toBe(400);
    expect(past.json().fieldErrors.scheduledDate).toBe('The visit date cannot be in the past');
    expect((await post(url, { scheduledDate: today(), timeWindow: 'night' })).statusCode).toBe(400);
    expect((await post(url, { scheduledDate: '2027-02-30', timeWindow: 'morning' })).statusCode).toBe(400);
    expect(await taskRow(rental.delivery.id)).toEqual(rental.delivery);
  });

  it('brings another unit when the owner picks one: the first goes back to stock', async () => {
    const rental = await paidRental();
    const other = await createUnit(t.db, { modelId: rental.order.modelId, serial: `ALT-${Date.now()}` });
    const choices = (await get(`/api/admin/deliveries/${rental.delivery.id}/units`)).json();
    expect(choices.units.map((u: { id: string }) => u.id)).toContain(other.id);
    const booked = await post(`/api/admin/deliveries/${rental.delivery.id}/schedule`, {
      scheduledDate: today(),
      timeWindow: 'evening',
      unitId: other.id,
    });
    expect(booked.statusCode).toBe(200);
    expect(await unitRow(rental.unitId)).toMatchObject({ status: 'available', currentOrderId: null });
    expect((await orderRow(rental.order.id)).unitId).toBe(other.id);
    expect(await taskRow(rental.delivery.id)).toMatchObject({ unitId: other.id });
  });

  it('cannot be cancelled while the rental waits for it', async () => {
    const rental = await paidRental();
    const response = await post(`/api/admin/deliveries/${rental.delivery.id}/cancel`, { reason: 'Customer away' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/reschedule it, or cancel the order/);
  });
});

describe('a pickup', () => {
  it('returns the unit (to maintenance) and ends the order and its subscription; one click puts the unit back', async () => {
    const rental = await paidRental();
    await deliver(rental);
    const subscriptionId = (await orderRow(rental.order.id)).stripeSubscriptionId!;
    expect(subscriptionId).toBeTruthy();
    const booked = await post(`/api/admin/orders/${rental.order.id}/pickup`, { scheduledDate: addDays(today(), 2) });
    expect(booked.statusCode).toBe(201);
    const pickupId = booked.json().id as string;
    const scheduled = await post(`/api/admin/deliveries/${pickupId}/schedule`, {
      scheduledDate: addDays(today(), 2),
      timeWindow: 'afternoon',
    });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json().visit.collectUnit).toMatchObject({ id: rental.unitId });
    const mail = outboxMessages(t).find((m) => m.includes(`To: ${rental.email}`) && m.includes('pickup is scheduled'));
    expect(mail).toContain('2PM-5PM');

    const done = await post(`/api/admin/deliveries/${pickupId}/complete`);
    expect(done.statusCode).toBe(200);
    expect(await unitRow(rental.unitId)).toMatchObject({ status: 'maintenance', currentOrderId: null });
    expect(await orderRow(rental.order.id)).toMatchObject({ status: 'completed', endDate: today() });
    const [gateway] = await t.db
      .select()
      .from(localGatewaySubscriptions)
      .where(eq(localGatewaySubscriptions.id, subscriptionId));
    expect(gateway).toMatchObject({ status: 'canceled' });
    expect(gateway!.endedAt).toBeInstanceOf(Date);

    const back = await post(`/api/admin/units/${rental.unitId}/return-to-stock`);
    expect(back.statusCode).toBe(200);
    expect(await unitRow(rental.unitId)).toMatchObject({ status: 'available' });
    expect((await post(`/api/admin/units/${rental.unitId}/return-to-stock`)).statusCode).toBe(409);
  });
});

describe('a service call', () => {
  async function serviceCall(orderId: string) {
    const [task] = await t.db
      .insert(deliveryTasks)
      .values({
        orderId,
        type: 'service',
        status: 'pending',
        requestedBy: 'customer',
        problem: 'It blows warm air',
        preferredDate: addDays(today(), 3),
      })
      .returning();
    return task!;
  }

  it('is resolved on site with what was done', async () => {
    const rental = await paidRental();
    await deliver(rental);
    const task = await serviceCall(rental.order.id);
    const listed = (await get('/api/admin/deliveries?view=unscheduled&type=service&pageSize=100')).json();
    expect(listed.items.find((v: { id: string }) => v.id === task.id)).toMatchObject({
      problem: 'It blows warm air',
      requestedBy: 'customer',
    });
    const bare = await post(`/api/admin/deliveries/${task.id}/complete`, {});
    expect(bare.statusCode).toBe(400);
    expect(bare.json().fieldErrors.resolution).toBe('Say what was done on site');
    const done = await post(`/api/admin/deliveries/${task.id}/complete`, { resolution: 'Cleaned the filter' });
    expect(done.json().visit).toMatchObject({ status: 'completed', resolution: 'Cleaned the filter' });
  });

  it('becomes one swap visit: one subscription, the new unit in, the old one to maintenance', async () => {
    const rental = await paidRental();
    await deliver(rental);
    const spare = await createUnit(t.db, { modelId: rental.order.modelId, serial: `SPARE-${Date.now()}` });
    const task = await serviceCall(rental.order.id);
    const swapped = await post(`/api/admin/deliveries/${task.id}/swap`, {});
    expect(swapped.statusCode).toBe(200);
    expect(swapped.json().visit).toMatchObject({
      type: 'swap',
      unit: { id: spare.id },
      collectUnit: { id: rental.unitId },
    });
    expect(await unitRow(spare.id)).toMatchObject({ status: 'rented', currentOrderId: rental.order.id });
    const scheduled = await post(`/api/admin/deliveries/${task.id}/schedule`, {
      scheduledDate: addDays(today(), 1),
      timeWindow: 'morning',
    });
    expect(scheduled.statusCode).toBe(200);
    expect((await post(`/api/admin/deliveries/${task.id}/complete`)).statusCode).toBe(200);

    expect(await unitRow(spare.id)).toMatchObject({ status: 'rented', currentOrderId: rental.order.id });
    expect(await unitRow(rental.unitId)).toMatchObject({ status: 'maintenance', currentOrderId: null });
    const order = await orderRow(rental.order.id);
    expect(order).toMatchObject({ status: 'active', unitId: spare.id });
    const subs = await t.db.select().from(subscriptions).where(eq(subscriptions.orderId, order.id));
    expect(subs).toHaveLength(1);
    const gateway = await t.db
      .select()
      .from(localGatewaySubscriptions)
      .where(eq(localGatewaySubscriptions.orderId, order.id));
    expect(gateway).toHaveLength(1);
    // Still in its first month (paid at checkout): the subscription renews on the start date + 1 month.
    expect(gateway[0]).toMatchObject({ id: order.stripeSubscriptionId, status: 'trialing', endedAt: null });
  });

  it('cannot become a swap when no unit of the model is free (409, unchanged); a cancelled swap frees its unit', async () => {
    const rental = await paidRental();
    await deliver(rental);
    const task = await serviceCall(rental.order.id);
    const refused = await post(`/api/admin/deliveries/${task.id}/swap`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/is free for a swap\. Add one or return one to stock in Inventory first\./);
    expect(await taskRow(task.id)).toMatchObject({ type: 'service', unitId: null });

    const spare = await createUnit(t.db, { modelId: rental.order.modelId, serial: `SPARE2-${Date.now()}` });
    expect((await post(`/api/admin/deliveries/${task.id}/swap`, { unitId: spare.id })).statusCode).toBe(200);
    const cancelled = await post(`/api/admin/deliveries/${task.id}/cancel`, { reason: 'Fixed by phone' });
    expect(cancelled.json().visit).toMatchObject({ status: 'cancelled', resolution: 'Cancelled: Fixed by phone' });
    expect(await unitRow(spare.id)).toMatchObject({ status: 'available', currentOrderId: null });
    expect(await unitRow(rental.unitId)).toMatchObject({ status: 'rented', currentOrderId: rental.order.id });
    const blank = await post(`/api/admin/deliveries/${task.id}/cancel`, { reason: ' ' });
    expect(blank.statusCode).toBe(400);
  });
});

describe('the list', () => {
  it('asks for the day of the day view and refuses an unknown view', async () => {
    expect((await get('/api/admin/deliveries?view=day')).statusCode).toBe(400);
    expect((await get('/api/admin/deliveries?view=month')).statusCode).toBe(400);
    const week = (await get('/api/admin/deliveries?view=week')).json();
    expect(week.days).toHaveLength(7);
    expect(week.days[0]).toBe(today());
    const booked = await t.db
      .select()
      .from(deliveryTasks)
      .where(inArray(deliveryTasks.status, ['scheduled', 'completed']));
    expect(week.total).toBeGreaterThan(0);
    expect(week.total).toBeLessThanOrEqual(booked.length);
  });
});
