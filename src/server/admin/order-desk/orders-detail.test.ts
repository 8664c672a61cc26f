import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createAgreement,
  createCancellationRequest,
  createDeliveryTask,
  createUnit,
} from '@/server/platform/db/factories';
import { orders } from '@/server/platform/db/schema';
import { startOrdersTestApp } from '@tests/support/order-desk-fixtures';

const { t, modelId, otherModelId, get, activeRental } = await startOrdersTestApp();
afterAll(async () => t.close());

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

  it('shows the delivery charge billed on the first invoice and the distance that set it', async () => {
    const { order } = await activeRental();
    await t.db.update(orders).set({ deliveryChargeCents: 2500, deliveryMiles: '18.4' }).where(eq(orders.id, order.id));
    const detail = (await get(`/api/admin/orders/${order.id}`)).json();
    expect(detail.order).toMatchObject({ deliveryChargeCents: 2500, deliveryMiles: 18.4 });
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
