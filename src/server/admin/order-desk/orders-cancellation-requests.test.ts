import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createCancellationRequest } from '@/server/platform/db/factories';
import {
  cancellationRequests,
  deliveryTasks,
  emailTemplates,
  notifications,
  orders,
} from '@/server/platform/db/schema';
import { systemEmailTemplates } from '@/server/platform/db/system-email-templates';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { unitReturnText } from '@/contracts/unit-return';
import { startOrdersTestApp } from '@tests/support/order-desk-fixtures';

const { t, admin, get, activeRental } = await startOrdersTestApp();
afterAll(async () => t.close());

describe('cancellation requests', () => {
  const decide = (id: string, payload: object) =>
    admin.request({ method: 'POST', url: `/api/admin/cancellation-requests/${id}/decision`, payload });

  it('approves a request: recorded with who, when and notes, and a pickup to book, asked for on the effective date', async () => {
    const { customer, order } = await activeRental();
    const request = await createCancellationRequest(t.db, {
      orderId: order.id,
      customerId: customer.id,
      effectiveDate: '2026-12-15',
    });
    const response = await decide(request.id, { decision: 'approved', notes: 'Fee explained by phone' });
    expect(response.statusCode).toBe(200);
    const { pickupId } = response.json();
    const [row] = await t.db.select().from(cancellationRequests).where(eq(cancellationRequests.id, request.id));
    expect(row).toMatchObject({ status: 'approved', processedBy: admin.adminUserId, notes: 'Fee explained by phone' });
    expect(Date.now() - row!.processedAt!.getTime()).toBeLessThan(60_000);
    const tasks = await t.db.select().from(deliveryTasks).where(eq(deliveryTasks.orderId, order.id));
    // Not booked: no day or window until the owner books it (which e-mails the customer), the day asked for kept.
    expect(tasks).toContainEqual(
      expect.objectContaining({
        id: pickupId,
        type: 'pickup',
        status: 'pending',
        scheduledDate: null,
        timeWindow: null,
        preferredDate: '2026-12-15',
      }),
    );
    const detail = (await get(`/api/admin/orders/${order.id}`)).json();
    expect(detail.cancellationRequests[0]).toMatchObject({ status: 'approved', processedBy: admin.username });
  });

  it('declines a request, and refuses to decide it twice', async () => {
    const { customer, order } = await activeRental();
    const request = await createCancellationRequest(t.db, { orderId: order.id, customerId: customer.id });
    const declined = await decide(request.id, { decision: 'declined' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual({ pickupId: null });
    const again = await decide(request.id, { decision: 'approved' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This cancellation request was already declined' });
  });

  it('after approval every screen tells the pickup’s truth: not scheduled, then booked (the customer e-mailed), then back', async () => {
    const { customer, order } = await activeRental();
    const request = await createCancellationRequest(t.db, { orderId: order.id, customerId: customer.id });
    const { pickupId } = (await decide(request.id, { decision: 'approved' })).json();
    // Billing has ended (the provider's cancel_at): the order is completed, but its unit is still at the customer's.
    await t.db.update(orders).set({ status: 'completed' }).where(eq(orders.id, order.id));
    const detail = async () => (await get(`/api/admin/orders/${order.id}`)).json();
    expect((await detail()).unitReturn).toEqual({ pickupDate: null, pickupWindow: null });
    expect(unitReturnText((await detail()).unitReturn)).toBe('Ended — pickup not scheduled');

    await t.db.insert(emailTemplates).values([...systemEmailTemplates]); // what the booking e-mails the customer
    const day = addDays(todayInLosAngeles(t.deps.clock.now()), 2);
    const booked = await admin.request({
      method: 'POST',
      url: `/api/admin/deliveries/${pickupId}/schedule`,
      payload: { scheduledDate: day, timeWindow: 'morning' },
    });
    expect(booked.statusCode).toBe(200);
    expect((await detail()).unitReturn).toEqual({ pickupDate: day, pickupWindow: '8AM-11AM' });
    expect((await detail()).deliveryTasks).toContainEqual(
      expect.objectContaining({ id: pickupId, status: 'scheduled', scheduledDate: day, timeWindow: '8AM-11AM' }),
    );
    const [email] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.orderId, order.id), eq(notifications.kind, 'visit_scheduled')));
    expect(email!.values).toMatchObject({ recipientEmail: customer.email, visitWindow: '8AM-11AM' });

    const done = await admin.request({
      method: 'POST',
      url: `/api/admin/deliveries/${pickupId}/complete`,
      payload: {},
    });
    expect(done.statusCode).toBe(200);
    expect((await detail()).unitReturn).toBeNull();
  });
});
