import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDeliveryTask } from '@/server/platform/db/factories';
import { deliveryTasks } from '@/server/platform/db/schema';
import { startOrdersTestApp } from '@tests/support/order-desk-fixtures';

const { t, admin, activeRental } = await startOrdersTestApp();
afterAll(async () => t.close());

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
