import type Stripe from 'stripe';
import { INVOICE_EVENTS, SUBSCRIPTION_EVENTS } from '@/server/billing/events';

/**
 * The Checkout Session events the webhook acts on (rentals/payments/payment-events.ts has one handler for each):
 * a paid checkout activates its order, an expired or failed one cancels it and frees the unit.
 */
export const CHECKOUT_SESSION_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.expired',
  'checkout.session.async_payment_failed',
] as const;

export type CheckoutSessionEventType = (typeof CHECKOUT_SESSION_EVENTS)[number];

/**
 * Every Stripe event type the webhook consumes, and only those: the checkout.session ones, and the subscription and
 * invoice ones the billing ledger keeps (billing/events.ts). `npm run stripe:setup` enables exactly these on the
 * webhook endpoint, the start-up check asks Stripe for them, and docs/operations.md lists them (a test keeps all
 * of that, and the handlers, in step with this list).
 */
export const WEBHOOK_EVENTS = [
  ...CHECKOUT_SESSION_EVENTS,
  ...SUBSCRIPTION_EVENTS,
  ...INVOICE_EVENTS,
] as const satisfies readonly Stripe.WebhookEndpointCreateParams.EnabledEvent[];

export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
