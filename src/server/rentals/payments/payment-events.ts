import { z } from 'zod';
import type { Clock } from '@/server/platform/clock';
import { activatePaidCheckout, cancelUnpaidCheckout, sendOrderConfirmation, type ConfirmationDeps } from './fulfilment';
import { paymentEvents } from '@/server/platform/db/schema';
import type { PaymentEvent } from '@/server/billing/provider/gateway';
import { localOriginOf } from '@/server/platform/http/canonical-origin';
import { Invalid } from '@/server/platform/errors';
import { isUuid } from '@/server/platform/lib/uuid';
import { endOrderOfEndedSubscription } from '@/server/rentals/orders/provider-ended';
import { applyBillingEvent, isBillingEvent, type BillingEventOutcome } from '@/server/billing/events';
import { sendRenewalReceipt } from '@/server/billing/receipts';
import { readInvoice } from '@/server/billing/stripe-objects';

/** The fields of a Stripe Checkout Session object that we act on; ids arrive unexpanded in webhooks. */
const checkoutSessionObject = z.object({
  id: z.string(),
  customer: z.string().nullish(),
  subscription: z.string().nullish(),
  payment_status: z.string().optional(),
  client_reference_id: z.string().nullish(),
  success_url: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});

function readCheckoutSession(event: PaymentEvent) {
  const parsed = checkoutSessionObject.safeParse(event.data.object);
  if (!parsed.success) return null;
  const session = parsed.data;
  const orderId = session.metadata?.orderId || session.client_reference_id;
  if (!orderId || !isUuid(orderId)) return null;
  return {
    sessionId: session.id,
    orderId,
    gatewayCustomerId: session.customer ?? null,
    subscriptionId: session.subscription ?? null,
    paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
    successUrl: session.success_url ?? null,
  };
}

/** How far ahead of our clock a provider's event may be dated (clocks drift a little; years are a forgery or a bug). */
export const EVENT_CLOCK_SKEW_MS = 5 * 60_000;

/**
 * An event carries the state of its object at `created`; one dated beyond a small skew past our clock would
 * outrank every real event that follows it (the ledger applies the newest state), so it is refused unread.
 */
function refuseEventFromTheFuture(event: PaymentEvent, now: Date): void {
  if (event.created * 1000 > now.getTime() + EVENT_CLOCK_SKEW_MS) {
    throw new Invalid(`Event ${event.id} is dated ${new Date(event.created * 1000).toISOString()}, in the future`);
  }
}

export type PaymentEventOutcome =
  'duplicate' | 'ignored' | 'activated' | 'cancelled' | 'no-change' | Exclude<BillingEventOutcome, 'ignored'>;

export interface PaymentEventDeps extends ConfirmationDeps {
  /** Config.publicUrlFollowsRequest: the confirmation's link then goes where the checkout began (ADR 015). */
  publicUrlFollowsRequest: boolean;
  clock: Clock;
  log: { error(details: object, message: string): void };
}

/**
 * Applies one verified provider event exactly once. The event id is recorded in the same transaction as its
 * effects (insert ... on conflict do nothing): a replay, or the same event arriving ten times at once, finds the
 * id taken and changes nothing. The confirmation e-mail goes out after the commit.
 */
export async function handlePaymentEvent(deps: PaymentEventDeps, event: PaymentEvent): Promise<PaymentEventOutcome> {
  const now = deps.clock.now();
  refuseEventFromTheFuture(event, now);
  const outcome = await deps.db.transaction(async (tx): Promise<PaymentEventOutcome> => {
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!recorded) return 'duplicate';
    if (isBillingEvent(event.type)) return applyBillingEvent(tx, event, endOrderOfEndedSubscription);

    const session = event.type.startsWith('checkout.session.') ? readCheckoutSession(event) : null;
    if (!session) return 'ignored';
    switch (event.type) {
      case 'checkout.session.completed':
        // A delayed payment method completes the session unpaid; async_payment_succeeded follows.
        if (!session.paid) return 'no-change';
        return (await activatePaidCheckout(tx, session, now)) ? 'activated' : 'no-change';
      case 'checkout.session.async_payment_succeeded':
        return (await activatePaidCheckout(tx, session, now)) ? 'activated' : 'no-change';
      case 'checkout.session.expired':
      case 'checkout.session.async_payment_failed':
        return (await cancelUnpaidCheckout(tx, session)) ? 'cancelled' : 'no-change';
      default:
        return 'ignored';
    }
  });

  if (outcome === 'renewal-paid') {
    try {
      await sendRenewalReceipt(deps, readInvoice(event.data.object)!);
    } catch (error) {
      // The payment stands whatever happens to the e-mail; the e-mail log shows a failed send.
      deps.log.error({ err: error, eventId: event.id }, 'renewal receipt could not be sent');
    }
  }
  if (outcome === 'activated') {
    const { orderId, successUrl } = readCheckoutSession(event)!;
    // The webhook's own host says nothing about the customer's: the success URL carries the origin the checkout
    // began on, where the customer's browser holds its session (outside production without PUBLIC_URL only).
    const checkoutOrigin = deps.publicUrlFollowsRequest && successUrl ? localOriginOf(successUrl) : null;
    try {
      await sendOrderConfirmation({ ...deps, publicUrl: checkoutOrigin ?? deps.publicUrl }, orderId, now);
    } catch (error) {
      // The rental is active whatever happens to the e-mail; the failure is in the log for the owner to resend.
      deps.log.error({ err: error, orderId }, 'order confirmation e-mail could not be sent');
    }
  }
  return outcome;
}
