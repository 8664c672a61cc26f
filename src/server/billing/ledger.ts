import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '@/server/platform/db/client';
import { additionalFees, invoiceLines, invoices, orders, subscriptions } from '@/server/platform/db/schema';
import type { InvoiceState, InvoiceStatus, SubscriptionState, SubscriptionStatus } from './stripe-objects';

/**
 * The billing ledger mirrors the provider. Events can arrive twice (the payment_events table drops exact
 * replays) and out of order (Stripe does not promise order), so a state is applied only when it is not older
 * than the one held: by its place in the object's lifecycle first, then by the event's own time. Applying the
 * same set of events in any order leaves the same rows.
 */

/** Where an invoice is in its life: it only moves forward (draft → open → paid | void | uncollectible). */
const invoiceStage: Record<InvoiceStatus, number> = { draft: 0, open: 1, uncollectible: 2, paid: 3, void: 3 };

/** A subscription's end is final; everything before it is ordered by time. */
const subscriptionStage = (status: SubscriptionStatus) =>
  status === 'canceled' || status === 'incomplete_expired' ? 2 : status === 'incomplete' ? 0 : 1;

const isNewer = (incoming: readonly (number | null)[], held: readonly (number | null)[]) => {
  for (let i = 0; i < incoming.length; i++) {
    const a = incoming[i] ?? -Infinity;
    const b = held[i] ?? -Infinity;
    if (a !== b) return a > b;
  }
  return false;
};

export async function applySubscription(tx: Tx, state: SubscriptionState, stateAt: Date): Promise<boolean> {
  const orderId = state.orderId ?? (await orderOfSubscription(tx, state.id));
  const [held] = await tx.select().from(subscriptions).where(eq(subscriptions.id, state.id)).for('update');
  const key = (status: SubscriptionStatus, periodStart: Date | null, at: Date) => [
    subscriptionStage(status),
    periodStart?.getTime() ?? null,
    at.getTime(),
  ];
  if (
    held &&
    !isNewer(
      key(state.status, state.currentPeriodStart, stateAt),
      key(held.status as SubscriptionStatus, held.currentPeriodStart, held.stateAt),
    )
  ) {
    if (!held.orderId && orderId) await tx.update(subscriptions).set({ orderId }).where(eq(subscriptions.id, held.id));
    return false;
  }
  const row = {
    orderId: orderId ?? held?.orderId ?? null,
    gatewayCustomerId: state.gatewayCustomerId,
    status: state.status,
    currentPeriodStart: state.currentPeriodStart,
    currentPeriodEnd: state.currentPeriodEnd,
    cancelAt: state.cancelAt,
    canceledAt: state.canceledAt,
    endedAt: state.endedAt,
    stateAt,
  };
  await tx
    .insert(subscriptions)
    .values({ id: state.id, ...row })
    .onConflictDoUpdate({ target: subscriptions.id, set: row });
  return true;
}

/** Applies an invoice state: false when older than the one held, 'paid' when this state is the payment. */
export async function applyInvoice(tx: Tx, state: InvoiceState, stateAt: Date): Promise<false | 'updated' | 'paid'> {
  const [held] = await tx.select().from(invoices).where(eq(invoices.id, state.id)).for('update');
  const key = (status: InvoiceStatus, attempts: number, at: Date) => [invoiceStage[status], attempts, at.getTime()];
  if (
    held &&
    !isNewer(
      key(state.status, state.attemptCount, stateAt),
      key(held.status as InvoiceStatus, held.attemptCount, held.stateAt),
    )
  ) {
    return false;
  }
  const { lines, id, ...columns } = state;
  const row = { ...columns, stateAt };
  await tx
    .insert(invoices)
    .values({ id, ...row })
    .onConflictDoUpdate({ target: invoices.id, set: row });
  // A finalized invoice's lines do not change; a draft's can. The newest state's lines are the invoice's.
  await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, id));
  if (lines.length > 0) await tx.insert(invoiceLines).values(lines.map((line) => ({ ...line, invoiceId: id })));
  if (state.status !== 'paid') return 'updated';
  await settleFees(tx, state, stateAt);
  return held?.status === 'paid' ? 'updated' : 'paid';
}

/** Fees billed as invoice items on a paid invoice are paid, when the invoice was. */
async function settleFees(tx: Tx, state: InvoiceState, stateAt: Date): Promise<void> {
  const items = state.lines.flatMap((line) => (line.invoiceItemId ? [line.invoiceItemId] : []));
  if (items.length === 0) return;
  await tx
    .update(additionalFees)
    .set({ status: 'paid', paidAt: state.paidAt ?? stateAt })
    .where(and(inArray(additionalFees.stripeInvoiceId, items), eq(additionalFees.status, 'pending')));
}

export async function orderOfSubscription(tx: Tx, subscriptionId: string): Promise<string | null> {
  const [order] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.stripeSubscriptionId, subscriptionId))
    .limit(1);
  return order?.id ?? null;
}
