import type { CardPayment, PaySessionView } from '@/contracts/payments';
import type { Db } from '@/server/platform/db/client';
import type { Clock } from '@/server/platform/clock';
import { localGatewaySessions, type localGatewayCustomers } from '@/server/platform/db/schema';
import { NotFound } from '@/server/platform/errors';
import type { CardOnFile, CheckoutSession, CheckoutSessionRequest, PaymentEvent, PaymentGateway } from './gateway';
import { completeSessionWithCard } from './local-card-payment';
import { localReceiptHtml } from './local/receipt-page';
import { checkoutSessionEventPayload, type CheckoutEventType } from './local-events';
import { paySessionView } from './local-session-view';
import {
  createLocalCheckoutSession,
  expireDueSessionRows,
  expireOpenSession,
  findSession,
  orderNumberOf,
  payPageUrl,
  redirectUrlOf,
  type SessionRow,
} from './local-sessions';
import { BillingClock } from '@/server/platform/clock';
import { createLocalInvoiceItem, deleteLocalInvoiceItem } from './local/invoice-items';
import { findLocalCustomer, updateLocalCustomer } from './local/customers';
import { randomId } from './local/invoices';
import { deliverQueuedEvents } from './local/outbox';
import { advanceBillingClock, restoreBillingClock } from './local/clock';
import { endLocalSubscription } from './local/subscriptions';
import { invoicePageTarget, invoicePendingItemsLocally } from './local/standalone-invoices';
import { creditLocalCustomer, refundLocalInvoice } from './local/money-back';
import { NOT_A_TEST_CARD, testCards } from './local-test-cards';
import { signWebhookPayload, verifyStripeSignature } from './webhook-signature';

/** A webhook event ready to POST: the exact body and its Stripe-Signature header. */
export interface SignedEvent {
  payload: string;
  signature: string;
}

export type LocalPaymentOutcome =
  | { kind: 'paid'; redirectUrl: string; event: SignedEvent | null }
  | { kind: 'declined'; message: string; orderId: string | null }
  | { kind: 'expired'; event: SignedEvent | null };

type CustomerRow = typeof localGatewayCustomers.$inferSelect;

const PORTAL_SESSION_MINUTES = 60;

/**
 * The embedded payment provider: hosted pages served by this app (/pay/{id}), subscriptions that renew on a
 * billing clock (./local-billing), and Stripe-format events signed with the webhook secret and posted to the
 * webhook route, which verifies them exactly as it verifies Stripe's. Its records live in local_gateway_* tables.
 */
export class LocalPaymentGateway implements PaymentGateway {
  readonly kind = 'local' as const;
  private receiver: ((payload: string, signature: string) => Promise<boolean>) | null = null;

  constructor(
    private readonly db: Db,
    /** publicUrl: where an invoice's hosted page is (the site's canonical address). */
    private readonly options: { webhookSecret: string; clock: Clock; publicUrl?: string },
  ) {}

  createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession> {
    return createLocalCheckoutSession(this.db, request);
  }

  /** The customer left the page: an open checkout session expires now and its event is delivered. */
  async expireCheckoutSession(id: string): Promise<boolean> {
    const session = await this.session(id);
    const event = session.status === 'open' ? await this.expire(session, this.options.clock.now()) : null;
    if (event) await this.receiver?.(event.payload, event.signature);
    return event !== null || (await this.session(id)).status === 'expired';
  }

  async createBillingPortalSession(request: { gatewayCustomerId: string; returnUrl: string }) {
    const customer = await this.customer(request.gatewayCustomerId);
    if (!customer) throw new NotFound('No payment profile found for this customer');
    const id = randomId('bps_local');
    await this.db.insert(localGatewaySessions).values({
      id,
      kind: 'portal',
      gatewayCustomerId: customer.id,
      successUrl: request.returnUrl,
      cancelUrl: request.returnUrl,
      expiresAt: new Date(this.options.clock.now().getTime() + PORTAL_SESSION_MINUTES * 60_000),
    });
    return { url: payPageUrl(id, request.returnUrl) };
  }

  async getCardOnFile(gatewayCustomerId: string): Promise<CardOnFile | null> {
    const customer = await this.customer(gatewayCustomerId);
    return customer?.cardBrand && customer.cardLast4 ? { brand: customer.cardBrand, last4: customer.cardLast4 } : null;
  }

  createInvoiceItem(request: Parameters<PaymentGateway['createInvoiceItem']>[0]) {
    return createLocalInvoiceItem(this.db, request, this.options.clock.now());
  }

  deleteInvoiceItem(invoiceItemId: string): Promise<void> {
    return deleteLocalInvoiceItem(this.db, invoiceItemId);
  }

  updateCustomer(request: { gatewayCustomerId: string; email: string }) {
    return updateLocalCustomer(this.db, request);
  }

  async endSubscription(request: { subscriptionId: string; at: Date | null }) {
    const ended = await endLocalSubscription(this.db, request, this.options.clock.now(), this.options.publicUrl);
    await this.deliverEvents();
    return ended;
  }

  async invoicePendingItemsNow(request: Parameters<PaymentGateway['invoicePendingItemsNow']>[0]) {
    const { clock, publicUrl } = this.options;
    const invoice = await invoicePendingItemsLocally(this.db, request, { now: clock.now(), publicUrl });
    await this.deliverEvents();
    return invoice;
  }

  refundInvoice(request: Parameters<PaymentGateway['refundInvoice']>[0]) {
    return refundLocalInvoice(this.db, request, this.options.clock.now());
  }

  creditCustomer(request: Parameters<PaymentGateway['creditCustomer']>[0]) {
    return creditLocalCustomer(this.db, request, this.options.clock.now());
  }

  /** An invoice's hosted page: a billing page where a card pays it while it is open, else back to the rental. */
  async invoicePageUrl(invoiceId: string, publicUrl = this.options.publicUrl ?? ''): Promise<string> {
    return invoicePageTarget(this.db, invoiceId, publicUrl, async (gatewayCustomerId, returnUrl) => {
      return (await this.createBillingPortalSession({ gatewayCustomerId, returnUrl })).url;
    });
  }

  /** A paid invoice's hosted page: its receipt (HTML); null while it is not paid. */
  receiptPage(invoiceId: string): Promise<string | null> {
    return localReceiptHtml(this.db, invoiceId);
  }

  /** Where queued events go: the app's own webhook route (set when the app registers the local pages). */
  setEventReceiver(receiver: (payload: string, signature: string) => Promise<boolean>): void {
    this.receiver = receiver;
  }

  /** Delivers the queued subscription and invoice events, in order, to the webhook. */
  async deliverEvents(): Promise<number> {
    const receiver = this.receiver;
    if (!receiver) return 0;
    return deliverQueuedEvents(this.db, (payload) =>
      receiver(payload, signWebhookPayload(payload, this.options.webhookSecret)),
    );
  }

  /** The billing clock, when the app runs on one (the embedded default outside production). */
  get billingClock(): BillingClock | null {
    return this.options.clock instanceof BillingClock ? this.options.clock : null;
  }

  async restoreBillingClock(): Promise<void> {
    if (this.billingClock) await restoreBillingClock(this.db, this.billingClock);
  }

  /** Moves the billing clock forward, running what falls due on the way (./local-billing/clock.ts). */
  advanceTo(target: Date, atEach: (now: Date) => Promise<void> = async () => {}): Promise<Date> {
    const clock = this.billingClock;
    if (!clock) throw new Error('The billing clock runs only with the embedded payment gateway');
    return advanceBillingClock(this.db, clock, target, {
      deliverEvents: () => this.deliverEvents(),
      atEach,
      publicUrl: this.options.publicUrl,
    });
  }

  verifyWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): PaymentEvent {
    return verifyStripeSignature(rawBody, signatureHeader, this.options.webhookSecret);
  }

  /** What the payment page shows. An open session found past its expiry is expired now, with its event. */
  async describeSession(
    id: string,
    now = this.options.clock.now(),
  ): Promise<{ view: PaySessionView; event: SignedEvent | null; orderId: string | null; orderNumber: string | null }> {
    const session = await this.session(id);
    const event = session.status === 'open' && session.expiresAt <= now ? await this.expire(session, now) : null;
    const customer = (await this.customer(session.gatewayCustomerId))!;
    const orderNumber = session.orderId ? await this.orderNumber(session.orderId) : null;
    const view = paySessionView(session, customer, orderNumber, event !== null);
    return { view, event, orderId: session.orderId, orderNumber };
  }

  /**
   * Takes a card. A test card that pays completes the session once (a second submit gets the same redirect and
   * the same event id, which the webhook ignores); a declining card leaves the session open for another try.
   */
  async pay(id: string, card: CardPayment, now = this.options.clock.now()): Promise<LocalPaymentOutcome> {
    const session = await this.session(id);
    if (session.status === 'complete') return this.paidOutcome(session);
    if (session.status === 'expired' || session.expiresAt <= now) {
      return { kind: 'expired', event: await this.expire(session, now) };
    }
    const verdict = testCards[card.cardNumber] ?? { pays: false, message: NOT_A_TEST_CARD };
    const declined = (message: string) => ({ kind: 'declined' as const, message, orderId: session.orderId });
    if (!verdict.pays) return declined(verdict.message);
    // A card that saves but never charges is declined where a charge is due now: the checkout's first month.
    const chargesFail = verdict.chargesFail === true;
    if (chargesFail && session.kind === 'checkout') return declined('Your card was declined.');

    const accepted = { cardNumber: card.cardNumber, brand: verdict.brand, chargesFail };
    const completed = await completeSessionWithCard(this.db, session, accepted, now, this.options.publicUrl);
    if (completed) return this.paidOutcome(completed);
    // Another request completed or expired it in between: answer as that one did.
    return this.pay(id, card, now);
  }

  /** Expires every open session past its time, returning their checkout.session.expired events to deliver. */
  async expireDueSessions(now = this.options.clock.now()): Promise<SignedEvent[]> {
    const due = await expireDueSessionRows(this.db, now);
    const events: SignedEvent[] = [];
    for (const session of due) {
      if (session.kind === 'checkout') events.push(await this.checkoutEvent('checkout.session.expired', session, now));
    }
    return events;
  }

  private async paidOutcome(session: SessionRow): Promise<LocalPaymentOutcome> {
    const redirectUrl = redirectUrlOf(session);
    const event =
      session.kind === 'checkout'
        ? await this.checkoutEvent('checkout.session.completed', session, this.options.clock.now())
        : null;
    return { kind: 'paid', redirectUrl, event };
  }

  private async expire(session: SessionRow, now: Date): Promise<SignedEvent | null> {
    const expired = await expireOpenSession(this.db, session.id);
    return expired?.kind === 'checkout' ? this.checkoutEvent('checkout.session.expired', expired, now) : null;
  }

  private async checkoutEvent(type: CheckoutEventType, session: SessionRow, now: Date): Promise<SignedEvent> {
    const customer = (await this.customer(session.gatewayCustomerId))!;
    const orderNumber = session.orderId ? await this.orderNumber(session.orderId) : null;
    const payload = checkoutSessionEventPayload(type, { session, customer, orderNumber, now });
    return { payload, signature: signWebhookPayload(payload, this.options.webhookSecret) };
  }

  private session(id: string): Promise<SessionRow> {
    return findSession(this.db, id);
  }

  private customer(id: string): Promise<CustomerRow | undefined> {
    return findLocalCustomer(this.db, id);
  }

  private orderNumber(orderId: string): Promise<string | null> {
    return orderNumberOf(this.db, orderId);
  }
}

export function isLocalGateway(gateway: PaymentGateway): gateway is LocalPaymentGateway {
  return gateway instanceof LocalPaymentGateway;
}
