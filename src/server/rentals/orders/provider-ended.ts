import { and, eq } from 'drizzle-orm';
import { todayInLosAngeles } from '@/contracts/dates';
import { recordAudit } from '@/server/platform/audit-log';
import type { Tx } from '@/server/platform/db/client';
import { orders } from '@/server/platform/db/schema';
import { cancelVisitsOfEndedOrder } from './open-visits';
import type { SubscriptionState } from '@/server/billing/stripe-objects';

const ENDED_STATUSES = new Set<SubscriptionState['status']>(['canceled', 'incomplete_expired']);

/**
 * When the provider ends a subscription whose order is still active (an approved cancellation reaching its
 * `cancel_at`, or billing ended on the provider's own dashboard), the rental has ended: the order becomes
 * completed, dated the day billing ended. The unit stays with the order until it is picked up (the owner sees it
 * among units still out on ended orders); its other open visits are cancelled. Orders we ended ourselves are
 * already final and are left alone. Returns whether an order ended.
 */
export async function endOrderOfEndedSubscription(tx: Tx, state: SubscriptionState, stateAt: Date): Promise<boolean> {
  if (!ENDED_STATUSES.has(state.status)) return false;
  const [order] = await tx
    .select({ id: orders.id, endDate: orders.endDate })
    .from(orders)
    .where(and(eq(orders.stripeSubscriptionId, state.id), eq(orders.status, 'active')))
    .for('update');
  if (!order) return false;
  const endedAt = state.endedAt ?? state.canceledAt ?? stateAt;
  const endDate = order.endDate ?? todayInLosAngeles(endedAt);
  await tx.update(orders).set({ status: 'completed', endDate }).where(eq(orders.id, order.id));
  await cancelVisitsOfEndedOrder(tx, order.id, { actorType: 'system', actorId: null }, stateAt);
  await recordAudit(tx, {
    actorType: 'system',
    actorId: null,
    action: 'order.ended_by_provider',
    entityType: 'order',
    entityId: order.id,
    details: { subscriptionId: state.id, endedAt: endedAt.toISOString(), endDate },
  });
  return true;
}
