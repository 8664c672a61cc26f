import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createCancellationRequest } from '@/server/platform/db/factories';
import { cancellationRequests, deliveryTasks } from '@/server/platform/db/schema';
import { startOrdersTestApp } from '@tests/support/order-desk-fixtures';

const { t, admin, get, activeRental } = await startOrdersTestApp();
afterAll(async () => t.close());

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
