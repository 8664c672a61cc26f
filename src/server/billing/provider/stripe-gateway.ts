import Stripe from 'stripe';
import type { Clock } from '@/server/platform/clock';
import type {
  CardOnFile,
  CheckoutSession,
  CheckoutSessionRequest,
  EndedSubscription,
  PaymentEvent,
  PaymentGateway,
} from './gateway';
import { invoicePendingItemsNow } from './stripe-invoices';
import { creditStripeCustomer, refundStripeInvoice } from './stripe-money-back';
import { checkStripeWebhook } from './stripe-webhook-check';
import { verifyStripeSignature } from './webhook-signature';

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  /** A recurring Price id for the monthly plan; without it (and always for the weekly plan) the price is inline. */
  priceMonthly: string | undefined;
  /** Where the API is; tests point the real SDK at a local fake. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  /** The app's one clock (real time whenever Stripe is configured: the billing clock is the local gateway's). */
  clock: Clock;
}

/** Stripe refuses a Checkout Session that expires less than 30 minutes after it is created. */
const STRIPE_MINIMUM_SESSION_SECONDS = 30 * 60;
const CLOCK_MARGIN_SECONDS = 15;

/**
 * The production adapter: Stripe Checkout in subscription mode, the Billing Portal, invoice items and signed
 * webhooks, all through the official SDK.
 */
export class StripePaymentGateway implements PaymentGateway {
  readonly kind = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeGatewayOptions) {
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(options.api ?? {}),
    });
  }

  async createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession> {
    const nowSeconds = Math.floor(this.options.clock.now().getTime() / 1000);
    const expiresAt = Math.max(
      Math.floor(request.expiresAt.getTime() / 1000),
      nowSeconds + STRIPE_MINIMUM_SESSION_SECONDS + CLOCK_MARGIN_SECONDS,
    );
    // The configured price is the monthly plan's; the weekly plan's rent is always given inline, renewing weekly.
    const lineItem: Stripe.Checkout.SessionCreateParams.LineItem =
      this.options.priceMonthly && request.interval === 'month'
        ? { price: this.options.priceMonthly, quantity: 1 }
        : {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: request.amountCents,
              recurring: { interval: request.interval },
              product_data: { name: request.description },
            },
          };
    // A price without `recurring` is one-time: in subscription mode Checkout bills it once, on the first invoice.
    const oneTimeItems = (request.oneTimeItems ?? []).map((item): Stripe.Checkout.SessionCreateParams.LineItem => ({
      quantity: 1,
      price_data: { currency: 'usd', unit_amount: item.amountCents, product_data: { name: item.description } },
    }));
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        line_items: [lineItem, ...oneTimeItems],
        ...(request.gatewayCustomerId
          ? { customer: request.gatewayCustomerId }
          : { customer_email: request.customerEmail }),
        client_reference_id: request.orderId,
        metadata: { orderId: request.orderId, orderNumber: request.orderNumber },
        subscription_data: {
          metadata: { orderId: request.orderId, orderNumber: request.orderNumber },
          // The first period is one of the one-time prices above; the recurring rent starts on the start date + 1
          // month (or + 7 days on the weekly plan).
          trial_end: Math.floor(request.renewsAt.getTime() / 1000),
        },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        expires_at: expiresAt,
      },
      // One order gets one Checkout Session, even when our request is retried.
      { idempotencyKey: `checkout-session-${request.orderId}` },
    );
    if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
    return { id: session.id, url: session.url };
  }

  async expireCheckoutSession(sessionId: string): Promise<boolean> {
    try {
      await this.stripe.checkout.sessions.expire(sessionId);
      return true;
    } catch (error) {
      // Stripe refuses to expire a session that is no longer open: ask what became of it.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      return (await this.stripe.checkout.sessions.retrieve(sessionId)).status === 'expired';
    }
  }

  async createBillingPortalSession(request: { gatewayCustomerId: string; returnUrl: string }) {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: request.gatewayCustomerId,
      return_url: request.returnUrl,
    });
    return { url: session.url };
  }

  async getCardOnFile(gatewayCustomerId: string): Promise<CardOnFile | null> {
    const customer = await this.stripe.customers.retrieve(gatewayCustomerId, {
      expand: ['invoice_settings.default_payment_method'],
    });
    if (customer.deleted) return null;
    const preferred = customer.invoice_settings?.default_payment_method;
    if (preferred && typeof preferred === 'object' && preferred.card) {
      return { brand: preferred.card.brand, last4: preferred.card.last4 };
    }
    const methods = await this.stripe.paymentMethods.list({ customer: gatewayCustomerId, type: 'card', limit: 1 });
    const card = methods.data[0]?.card;
    return card ? { brand: card.brand, last4: card.last4 } : null;
  }

  async createInvoiceItem(request: {
    gatewayCustomerId: string;
    amountCents: number;
    description: string;
    idempotencyKey?: string;
  }) {
    const item = await this.stripe.invoiceItems.create(
      {
        customer: request.gatewayCustomerId,
        amount: request.amountCents,
        currency: 'usd',
        description: request.description,
      },
      request.idempotencyKey ? { idempotencyKey: request.idempotencyKey } : undefined,
    );
    return { id: item.id };
  }

  async deleteInvoiceItem(invoiceItemId: string): Promise<void> {
    await this.stripe.invoiceItems.del(invoiceItemId);
  }

  async updateCustomer(request: { gatewayCustomerId: string; name: string; email: string; phone: string }) {
    const { gatewayCustomerId, ...contact } = request;
    await this.stripe.customers.update(gatewayCustomerId, contact);
  }

  async endSubscription(request: { subscriptionId: string; at: Date | null }): Promise<EndedSubscription> {
    const { subscriptionId, at } = request;
    try {
      const subscription =
        at === null
          ? await this.stripe.subscriptions.cancel(subscriptionId, { invoice_now: true, prorate: false })
          : await this.stripe.subscriptions.update(subscriptionId, {
              cancel_at: Math.floor(at.getTime() / 1000),
              proration_behavior: 'none',
            });
      return endedSubscription(subscription, at ?? this.options.clock.now());
    } catch (error) {
      // Asked twice (a retry after our own commit failed): a subscription that already ended is what we wanted.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
      if (subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired') throw error;
      return endedSubscription(subscription, at ?? this.options.clock.now());
    }
  }

  verifyWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): PaymentEvent {
    return verifyStripeSignature(rawBody, signatureHeader, this.options.webhookSecret);
  }

  invoicePendingItemsNow(request: Parameters<PaymentGateway['invoicePendingItemsNow']>[0]) {
    return invoicePendingItemsNow(this.stripe, request);
  }

  refundInvoice(request: Parameters<PaymentGateway['refundInvoice']>[0]) {
    return refundStripeInvoice(this.stripe, request);
  }

  creditCustomer(request: Parameters<PaymentGateway['creditCustomer']>[0]) {
    return creditStripeCustomer(this.stripe, request);
  }

  /** What Stripe lacks to send this site every event the webhook consumes (stripe-webhook-check.ts): none when set. */
  checkWebhookEndpoint(publicUrl: string): Promise<string[]> {
    return checkStripeWebhook(this.stripe, publicUrl);
  }
}

/** `asked` (the end we asked for, or now) only if Stripe's object carries none of its own end dates. */
function endedSubscription(subscription: Stripe.Subscription, asked: Date): EndedSubscription {
  const endsAt = subscription.ended_at ?? subscription.cancel_at ?? subscription.canceled_at;
  return { status: subscription.status, endsAt: endsAt ? new Date(endsAt * 1000) : asked };
}
