/**
 * The payment port. Two adapters implement it: Stripe (official SDK) when STRIPE_SECRET_KEY is set, and Local (the
 * embedded default: a hosted payment page served by this app, emitting Stripe-format signed webhook events).
 * Services depend on this interface only.
 */

/** Where the provider (or the local gateway's page) delivers signed events. */
export const WEBHOOK_PATH = '/api/payments/webhook';

export interface CheckoutSessionRequest {
  orderId: string;
  orderNumber: string;
  customerEmail: string;
  /** The gateway's customer id when we already have one (customers.stripeCustomerId). */
  gatewayCustomerId: string | null;
  amountCents: number;
  description: string;
  /**
   * One-time charges billed with the first month only (the delivery charge): on Stripe, line items with a
   * one-time price, which Checkout in subscription mode puts on the subscription's first invoice (ADR 022).
   */
  oneTimeItems?: Array<{ amountCents: number; description: string }>;
  /**
   * When the recurring rent starts: the rental's start date + 1 month (midday in Los Angeles), then monthly on
   * that day. The first month, which runs from the start date, is paid at checkout as one of `oneTimeItems`. On
   * Stripe this is Checkout's `subscription_data.trial_end` (ADR 012 addendum: a billing_cycle_anchor cannot lie
   * beyond the first natural renewal).
   */
  renewsAt: Date;
  /**
   * How often rent renews after `renewsAt`: 'month' (the monthly plan) or 'week' (the weekly plan, issue 29). On
   * Stripe, the recurring price's `interval`; on the local gateway, the subscription's.
   */
  interval: 'month' | 'week';
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

export interface CheckoutSession {
  id: string;
  url: string;
}

export interface CardOnFile {
  brand: string;
  last4: string;
}

/** The subset of Stripe's event object our webhook handles. */
export interface PaymentEvent {
  id: string;
  type: string;
  /** When the provider created the event (Unix seconds): the time of the object state it carries. */
  created: number;
  data: { object: Record<string, unknown> };
}

/** What the provider says after it was asked to end a subscription. */
export interface EndedSubscription {
  /** The provider's status: 'canceled' when it ended now; still 'active' (or past_due) when an end is scheduled. */
  status: string;
  /** When billing stops: now, or the scheduled cancel_at. */
  endsAt: Date;
}

export interface PaymentGateway {
  readonly kind: 'local' | 'stripe';
  createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession>;
  /**
   * Expires an open checkout session now (the customer left its page): it can no longer be paid, and the provider
   * sends checkout.session.expired. True when the session is expired (now or before); false when it was paid.
   */
  expireCheckoutSession(sessionId: string): Promise<boolean>;
  createBillingPortalSession(request: { gatewayCustomerId: string; returnUrl: string }): Promise<{ url: string }>;
  getCardOnFile(gatewayCustomerId: string): Promise<CardOnFile | null>;
  createInvoiceItem(request: {
    gatewayCustomerId: string;
    amountCents: number;
    description: string;
    /** Stripe's Idempotency-Key: the same key answers with the item created the first time. */
    idempotencyKey?: string;
  }): Promise<{ id: string }>;
  /** Removes an invoice item not yet billed (a fee the owner waived). */
  deleteInvoiceItem(invoiceItemId: string): Promise<void>;
  /** Gives the provider's customer the customer's current contact details (receipts and the billing page use them). */
  updateCustomer(request: { gatewayCustomerId: string; name: string; email: string; phone: string }): Promise<void>;
  /**
   * Ends billing. `at: null` cancels now and bills what is pending (fees) on a final invoice; a date schedules the
   * end (cancel_at), with no renewal after it. Ending a subscription that already ended answers as it is.
   */
  endSubscription(request: { subscriptionId: string; at: Date | null }): Promise<EndedSubscription>;
  /** Verifies the signature over the raw body and parses the event; throws `Invalid` when it does not verify. */
  verifyWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): PaymentEvent;
  /**
   * Bills what the customer has pending (fees) at once, on an invoice of its own charged to the card on file
   * (Stripe: invoices.create with pending_invoice_items_behavior 'include' and metadata.orderId, finalize, pay). A
   * declined charge is no error: the invoice stays open, payable at its hosted page. Null when nothing is pending.
   * The same idempotency key answers with the invoice it made the first time.
   */
  invoicePendingItemsNow(request: {
    gatewayCustomerId: string;
    orderId: string | null;
    idempotencyKey: string;
  }): Promise<StandaloneInvoice | null>;
  /**
   * Gives back part or all of a paid invoice to the card that paid it (Stripe: a credit note with refund_amount, ADR
   * 030), or of one of its lines (a fee's) when `invoiceLineId` is given. The provider refuses more than is left of
   * the invoice (or line) to credit. The same idempotency key answers with the credit note made the first time.
   */
  refundInvoice(request: {
    invoiceId: string;
    invoiceLineId: string | null;
    amountCents: number;
    /** Why, as the customer reads it on the credit note. */
    reason: string;
    idempotencyKey: string;
  }): Promise<ProviderRefund>;
  /**
   * Credits the customer's balance (Stripe: a customer balance transaction of a negative amount), which the provider
   * takes off the customer's next invoice(s) when they are finalized. Idempotent by key, like refundInvoice.
   */
  creditCustomer(request: {
    gatewayCustomerId: string;
    amountCents: number;
    description: string;
    idempotencyKey: string;
  }): Promise<ProviderCredit>;
}

/** A refund the provider made: its credit note, and how much went back to the card. */
export interface ProviderRefund {
  id: string;
  refundedCents: number;
}

/** A credit the provider put on the customer's balance, and the balance after it (negative: in credit). */
export interface ProviderCredit {
  id: string;
  endingBalanceCents: number;
}

/** An invoice of its own (no subscription) as the provider left it after charging it. */
export interface StandaloneInvoice {
  id: string;
  /** 'paid'; 'open' when the charge was declined (then payable at hostedInvoiceUrl). */
  status: string;
  amountDueCents: number;
  hostedInvoiceUrl: string | null;
  /** The invoice items it bills: our fees' `stripeInvoiceId`. */
  invoiceItemIds: string[];
}
