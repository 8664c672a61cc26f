import { and, desc, eq, or } from 'drizzle-orm';
import { business } from '@/contracts/business';
import type { BillingStatus } from '@/contracts/billing';
import type { Db, Tx } from '@/server/platform/db/client';
import { invoices, orders, subscriptions } from '@/server/platform/db/schema';

const ENDED_SUBSCRIPTION = new Set(['canceled', 'incomplete_expired']);
const LATE_SUBSCRIPTION = new Set(['past_due', 'unpaid', 'incomplete']);

/**
 * The one definition of a rental's billing status, from the ledger: ended when the order or its subscription
 * ended; suspended once an open invoice has had the agreement's 2 failed charges; past due after one; current
 * otherwise ('none' while the provider has told us nothing).
 */
export function billingStatusOf(input: {
  orderStatus: string;
  subscriptionStatus: string | undefined;
  openInvoiceAttempts: number;
}): BillingStatus {
  if (input.orderStatus === 'completed' || input.orderStatus === 'cancelled') return 'ended';
  if (input.subscriptionStatus && ENDED_SUBSCRIPTION.has(input.subscriptionStatus)) return 'ended';
  if (input.openInvoiceAttempts >= business.suspensionAfterFailedPayments) return 'suspended';
  if (input.openInvoiceAttempts > 0) return 'past_due';
  if (input.subscriptionStatus && LATE_SUBSCRIPTION.has(input.subscriptionStatus)) return 'past_due';
  return input.subscriptionStatus ? 'current' : 'none';
}

/**
 * The invoices that bill an order: its subscription's, and its own (fees billed at once, named by metadata.orderId).
 */
export const invoicesOfOrder = (orderId: string, subscriptionId: string | undefined) =>
  or(eq(invoices.orderId, orderId), subscriptionId ? eq(invoices.subscriptionId, subscriptionId) : undefined);

/** The order's subscription (ledger) and its open invoice with the most failed attempts. */
export async function billingFactsOf(tx: Db, order: { id: string; stripeSubscriptionId: string | null }) {
  const [subscription] = await tx
    .select()
    .from(subscriptions)
    .where(
      or(
        eq(subscriptions.orderId, order.id),
        order.stripeSubscriptionId ? eq(subscriptions.id, order.stripeSubscriptionId) : undefined,
      ),
    )
    .limit(1);
  const [openInvoice] = await tx
    .select()
    .from(invoices)
    .where(and(invoicesOfOrder(order.id, subscription?.id), eq(invoices.status, 'open')))
    .orderBy(desc(invoices.attemptCount), desc(invoices.issuedAt))
    .limit(1);
  return { subscription, openInvoice };
}

/**
 * Brings the order's stored billing status (kept for lists and the owner's "Needs attention") in line with the
 * ledger. Returns the change, or null when there was none.
 */
export async function refreshBillingStatus(
  tx: Tx,
  orderId: string,
): Promise<{ from: string; to: Exclude<BillingStatus, 'none'> } | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) return null;
  const { subscription, openInvoice } = await billingFactsOf(tx, order);
  const status = billingStatusOf({
    orderStatus: order.status,
    subscriptionStatus: subscription?.status,
    openInvoiceAttempts: openInvoice?.attemptCount ?? 0,
  });
  const stored = status === 'none' ? 'current' : status;
  if (stored === order.billingStatus) return null;
  await tx.update(orders).set({ billingStatus: stored }).where(eq(orders.id, order.id));
  return { from: order.billingStatus, to: stored };
}
