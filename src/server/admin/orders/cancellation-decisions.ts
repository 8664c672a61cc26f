import { eq } from 'drizzle-orm';
import type { CancellationDecisionInput } from '@/contracts/admin/orders';
import { recordAudit } from '@/server/audit';
import type { Db } from '@/server/db/client';
import { cancellationRequests, deliveryTasks } from '@/server/db/schema';
import { Conflict, NotFound } from '@/server/http/errors';

/**
 * Approves or declines a customer's pending cancellation request, recording who and when. Approving also books
 * the pickup on the effective date; the order itself ends when the owner completes or cancels it.
 */
export async function decideCancellation(
  db: Db,
  adminUserId: string,
  requestId: string,
  input: CancellationDecisionInput,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(cancellationRequests)
      .where(eq(cancellationRequests.id, requestId))
      .for('update');
    if (!request) throw new NotFound('Cancellation request not found');
    if (request.status !== 'pending') throw new Conflict(`This cancellation request was already ${request.status}`);
    await tx
      .update(cancellationRequests)
      .set({ status: input.decision, processedAt: now, processedBy: adminUserId, notes: input.notes ?? null })
      .where(eq(cancellationRequests.id, request.id));
    if (input.decision === 'approved') {
      await tx.insert(deliveryTasks).values({
        orderId: request.orderId,
        type: 'pickup',
        scheduledDate: request.effectiveDate,
        notes: 'Pickup after approved cancellation',
      });
    }
    await recordAudit(tx, {
      actorType: 'admin',
      actorId: adminUserId,
      action: `cancellation.${input.decision}`,
      entityType: 'cancellation_request',
      entityId: request.id,
      details: { orderId: request.orderId, effectiveDate: request.effectiveDate },
    });
  });
}
