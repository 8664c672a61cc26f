import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { localGatewaySubscriptions } from '../db/schema';
import { NotFound } from '../http/errors';
import { addMonths } from '../lib/months';
import type { EndedSubscription } from './gateway';

type SubscriptionRow = typeof localGatewaySubscriptions.$inferSelect;

/** Opens the subscription a paid checkout starts: its first month is the one just paid. */
export async function openLocalSubscription(
  tx: Tx,
  subscription: { id: string; gatewayCustomerId: string; orderId: string | null; amountCents: number },
  now: Date,
): Promise<void> {
  await tx
    .insert(localGatewaySubscriptions)
    .values({ ...subscription, currentPeriodStart: now, currentPeriodEnd: addMonths(now, 1) })
    .onConflictDoNothing();
}

/**
 * Ends a local subscription as Stripe would: now (status canceled, nothing renews) or at a date (cancel_at,
 * still active until then). An ended subscription stays as it ended.
 */
export async function endLocalSubscription(
  db: Db,
  request: { subscriptionId: string; at: Date | null },
  now: Date,
): Promise<EndedSubscription> {
  return db.transaction(async (tx) => {
    const [subscription] = await tx
      .select()
      .from(localGatewaySubscriptions)
      .where(eq(localGatewaySubscriptions.id, request.subscriptionId))
      .for('update');
    if (!subscription) throw new NotFound(`No such subscription: '${request.subscriptionId}'`);
    if (subscription.status === 'canceled') return ended(subscription);
    const change =
      request.at === null || request.at <= now
        ? { status: 'canceled', canceledAt: now, endedAt: now, cancelAt: null }
        : { cancelAt: request.at, canceledAt: now };
    const [updated] = await tx
      .update(localGatewaySubscriptions)
      .set(change)
      .where(eq(localGatewaySubscriptions.id, subscription.id))
      .returning();
    return ended(updated!);
  });
}

function ended(subscription: SubscriptionRow): EndedSubscription {
  return {
    status: subscription.status,
    endsAt: subscription.endedAt ?? subscription.cancelAt ?? subscription.currentPeriodEnd,
  };
}
