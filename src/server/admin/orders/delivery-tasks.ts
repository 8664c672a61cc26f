import { eq } from 'drizzle-orm';
import { recordAudit } from '@/server/audit';
import type { Db } from '@/server/db/client';
import { deliveryTasks } from '@/server/db/schema';
import { Conflict, NotFound } from '@/server/http/errors';

/** Marks a delivery or pickup done. */
export async function completeDeliveryTask(db: Db, adminUserId: string, taskId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [task] = await tx.select().from(deliveryTasks).where(eq(deliveryTasks.id, taskId)).for('update');
    if (!task) throw new NotFound('Delivery task not found');
    if (task.status === 'completed' || task.status === 'cancelled') {
      throw new Conflict(`This task is already ${task.status}`);
    }
    await tx.update(deliveryTasks).set({ status: 'completed', completedAt: now }).where(eq(deliveryTasks.id, task.id));
    await recordAudit(tx, {
      actorType: 'admin',
      actorId: adminUserId,
      action: 'delivery_task.completed',
      entityType: 'delivery_task',
      entityId: task.id,
      details: { from: task.status, type: task.type, orderId: task.orderId },
    });
  });
}
