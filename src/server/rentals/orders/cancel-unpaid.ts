import { eq } from 'drizzle-orm';
import { recordAudit } from '@/server/platform/audit-log';
import type { Tx } from '@/server/platform/db/client';
import { orders } from '@/server/platform/db/schema';
import { releaseHolds } from '@/server/rentals/units/holds';

/** Why the system gave up on an unpaid order: the audit action and its details, and what the owner reads on it. */
export interface UnpaidCancellation {
  action: string;
  details: Record<string, unknown>;
  /** orders.cancel_reason, when the owner should read why on the order itself. */
  reason?: string;
}

/**
 * The one write for every path that gives up on a checkout that was never paid (the provider's session expired;
 * a crash left the order without a payment page): the unit is offered again, the order cancelled, its
 * idempotency key and payment page cleared so the customer's retry starts a fresh checkout, and the cause audited.
 * The caller holds the pending order's row lock and has decided it may be cancelled.
 */
export async function cancelUnpaidOrder(tx: Tx, orderId: string, why: UnpaidCancellation): Promise<void> {
  await releaseHolds(tx, orderId);
  await tx
    .update(orders)
    .set({ status: 'cancelled', checkoutKey: null, checkoutUrl: null, cancelReason: why.reason ?? null })
    .where(eq(orders.id, orderId));
  await recordAudit(tx, {
    actorType: 'system',
    actorId: null,
    action: why.action,
    entityType: 'order',
    entityId: orderId,
    details: why.details,
  });
}
