import type { Tx } from '@/server/platform/db/client';
import { applyInvoice, applySubscription } from './ledger';
import { refreshBillingStatus } from './billing-status';
import { noteFailedCharge, orderOfInvoice, recordFailedCharge } from './dunning';
import { orderOfSubscription } from './ledger';
import { readInvoice, readSubscription, type SubscriptionState } from './stripe-objects';

/** The provider events that describe a subscription or an invoice; the ledger keeps the newest state of each. */
export const SUBSCRIPTION_EVENTS = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
] as const;
export const INVOICE_EVENTS = [
  'invoice.created',
  'invoice.finalized',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.voided',
  'invoice.marked_uncollectible',
] as const;

const subscriptionEvents = new Set<string>(SUBSCRIPTION_EVENTS);
const invoiceEvents = new Set<string>(INVOICE_EVENTS);

export const isBillingEvent = (type: string) => subscriptionEvents.has(type) || invoiceEvents.has(type);

/**
 * 'renewal-paid': a renewal's invoice was paid by this event (its receipt is due); 'order-ended': the provider
 * ended the billing of an order that was still active, so the order ended with it.
 */
export type BillingEventOutcome = 'ledger-updated' | 'renewal-paid' | 'order-ended' | 'stale' | 'ignored';

/**
 * What billing asks of the rental when the provider has ended a subscription: end its order if it was still
 * active (rentals/orders/provider-ended.ts), and say whether it did.
 */
export type EndRentalOfSubscription = (tx: Tx, state: SubscriptionState, stateAt: Date) => Promise<boolean>;

/**
 * Applies a verified subscription or invoice event to the ledger, inside the webhook's transaction (which has
 * already recorded the event id, so a replay never reaches here). An object that cannot be read is ignored.
 */
export async function applyBillingEvent(
  tx: Tx,
  event: { type: string; created: number; data: { object: unknown } },
  endRentalOfSubscription: EndRentalOfSubscription,
): Promise<BillingEventOutcome> {
  const at = new Date(event.created * 1000);
  if (subscriptionEvents.has(event.type)) {
    const subscription = readSubscription(event.data.object);
    if (!subscription) return 'ignored';
    if (!(await applySubscription(tx, subscription, at))) return 'stale';
    const ended = await endRentalOfSubscription(tx, subscription, at);
    const orderId = subscription.orderId ?? (await orderOfSubscription(tx, subscription.id));
    if (orderId) await refreshBillingStatus(tx, orderId);
    return ended ? 'order-ended' : 'ledger-updated';
  }
  if (invoiceEvents.has(event.type)) {
    const invoice = readInvoice(event.data.object);
    if (!invoice) return 'ignored';
    const applied = await applyInvoice(tx, invoice, at);
    const failed = event.type === 'invoice.payment_failed';
    if (failed) await recordFailedCharge(tx, invoice.id, at);
    if (!applied) return 'stale';
    if (failed) {
      await noteFailedCharge(tx, invoice, at);
    } else {
      const orderId = await orderOfInvoice(tx, invoice);
      if (orderId) await refreshBillingStatus(tx, orderId);
    }
    return applied === 'paid' && invoice.billingReason !== 'subscription_create' ? 'renewal-paid' : 'ledger-updated';
  }
  return 'ignored';
}
