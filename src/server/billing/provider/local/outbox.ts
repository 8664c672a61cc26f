import { randomBytes } from 'node:crypto';
import { asc, eq, isNull, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Db, Tx } from '@/server/platform/db/client';
import { localGatewayEvents } from '@/server/platform/db/schema';

export type SubscriptionEventType =
  'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted';
export type InvoiceEventType =
  'invoice.created' | 'invoice.finalized' | 'invoice.paid' | 'invoice.payment_failed' | 'invoice.voided';

const envelope = (created: Date) => ({
  id: `evt_local_${randomBytes(12).toString('hex')}`,
  object: 'event' as const,
  api_version: Stripe.API_VERSION,
  created: Math.floor(created.getTime() / 1000),
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
});

export function subscriptionEvent(
  type: SubscriptionEventType,
  subscription: Stripe.Subscription,
  created: Date,
): Stripe.Event {
  return { ...envelope(created), type, data: { object: subscription } } as Stripe.Event;
}

export function invoiceEvent(type: InvoiceEventType, invoice: Stripe.Invoice, created: Date): Stripe.Event {
  return { ...envelope(created), type, data: { object: invoice } } as Stripe.Event;
}

/** Queues events in the transaction that produced them: they go out only if it commits, in this order. */
export async function queueEvents(tx: Tx, events: Stripe.Event[]): Promise<void> {
  if (events.length === 0) return;
  await tx
    .insert(localGatewayEvents)
    .values(events.map((event) => ({ id: event.id, type: event.type, payload: JSON.stringify(event) })));
}

/**
 * Delivers queued events in order, each until the receiver accepts it (as the provider retries); an event the
 * receiver refuses stays queued for the next delivery, and the ones after it wait, so the order holds.
 */
export async function deliverQueuedEvents(db: Db, deliver: (payload: string) => Promise<boolean>): Promise<number> {
  let delivered = 0;
  for (;;) {
    const [next] = await db
      .select()
      .from(localGatewayEvents)
      .where(isNull(localGatewayEvents.deliveredAt))
      .orderBy(asc(localGatewayEvents.seq))
      .limit(1);
    if (!next) return delivered;
    if (!(await deliver(next.payload))) return delivered;
    await db
      .update(localGatewayEvents)
      .set({ deliveredAt: sql`now()` })
      .where(eq(localGatewayEvents.seq, next.seq));
    delivered += 1;
  }
}
