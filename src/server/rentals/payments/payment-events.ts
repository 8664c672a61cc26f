import { z } from 'zod';
import type { Clock } from '@/server/platform/clock';
import { activatePaidCheckout, cancelUnpaidCheckout } from './fulfilment';
import { paymentEvents } from '@/server/platform/db/schema';
import type { PaymentEvent } from '@/server/billing/provider/gateway';
import { localOriginOf } from '@/server/platform/http/canonical-origin';
import { Invalid } from '@/server/platform/errors';
import { isUuid } from '@/server/platform/lib/uuid';
import { endOrderOfEndedSubscription } from '@/server/rentals/orders/provider-ended';
import { applyBillingEvent, isBillingEvent, type BillingEventOutcome } from '@/server/billing/events';
import { queueRenewalReceipt } from '@/server/billing/receipts';
import { readInvoice } from '@/server/billing/stripe-objects';
import type { CheckoutSessionEventType } from '@/server/billing/provider/webhook-events';
import type { Db, Tx } from '@/server/platform/db/client';

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

type CheckoutSessionRead = NonNullable<ReturnType<typeof readCheckoutSession>>;
/** What a checkout.session event's handler is given: the webhook's transaction and time, and the customer's site. */
interface SessionContext {
  tx: Tx;
  now: Date;
  /** Where the confirmation's links point: the site the checkout began on (ADR 015). */
  siteUrl: string;
}
type CheckoutSessionHandler = (context: SessionContext, session: CheckoutSessionRead) => Promise<PaymentEventOutcome>;

const activate: CheckoutSessionHandler = async ({ tx, now, siteUrl }, session) =>
  (await activatePaidCheckout(tx, session, now, siteUrl)) ? 'activated' : 'no-change';
const cancel: CheckoutSessionHandler = async ({ tx, now }, session) =>
  (await cancelUnpaidCheckout(tx, session, now)) ? 'cancelled' : 'no-change';

/**
 * One handler for each checkout.session event of the webhook's list (billing/provider/webhook-events.ts): the
 * compiler refuses a listed event without a handler, or a handler for an event the list does not name.
 */
const checkoutSessionHandlers: Record<CheckoutSessionEventType, CheckoutSessionHandler> = {
  // A delayed payment method completes the session unpaid; async_payment_succeeded follows.
  'checkout.session.completed': async (context, session) => (session.paid ? activate(context, session) : 'no-change'),
  'checkout.session.async_payment_succeeded': activate,
  'checkout.session.expired': cancel,
  'checkout.session.async_payment_failed': cancel,
};

/** The handled checkout.session events are the table's keys: what the webhook acts on is what it has handlers for. */
const isCheckoutSessionEvent = (type: string): type is CheckoutSessionEventType =>
  Object.hasOwn(checkoutSessionHandlers, type);

/** Whether handlePaymentEvent acts on events of this type (any other is recorded and 'ignored'). */
export const handlesPaymentEvent = (type: string): boolean => isBillingEvent(type) || isCheckoutSessionEvent(type);

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

export interface PaymentEventDeps {
  db: Db;
  publicUrl: string;
  /** Config.publicUrlFollowsRequest: the confirmation's link then goes where the checkout began (ADR 015). */
  publicUrlFollowsRequest: boolean;
  clock: Clock;
}

/**
 * Applies one verified provider event exactly once. The event id is recorded in the same transaction as its
 * effects (insert ... on conflict do nothing): a replay, or the same event arriving ten times at once, finds the
 * id taken and changes nothing. The e-mails it causes (the confirmation, a renewal's receipt) are queued in that
 * transaction too: the outbox sends them after the commit, retrying through an SMTP outage.
 */
export async function handlePaymentEvent(deps: PaymentEventDeps, event: PaymentEvent): Promise<PaymentEventOutcome> {
  const now = deps.clock.now();
  refuseEventFromTheFuture(event, now);
  return deps.db.transaction(async (tx): Promise<PaymentEventOutcome> => {
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!recorded) return 'duplicate';
    if (isBillingEvent(event.type)) {
      const outcome = await applyBillingEvent(tx, event, endOrderOfEndedSubscription);
      if (outcome === 'renewal-paid') await queueRenewalReceipt(tx, readInvoice(event.data.object)!);
      return outcome;
    }

    const handler = isCheckoutSessionEvent(event.type) ? checkoutSessionHandlers[event.type] : null;
    const session = handler ? readCheckoutSession(event) : null;
    if (!handler || !session) return 'ignored';
    // The webhook's own host says nothing about the customer's: the success URL carries the origin the checkout
    // began on, where the customer's browser holds its session (outside production without PUBLIC_URL only).
    const checkoutOrigin =
      deps.publicUrlFollowsRequest && session.successUrl ? localOriginOf(session.successUrl) : null;
    return handler({ tx, now, siteUrl: checkoutOrigin ?? deps.publicUrl }, session);
  });
}
