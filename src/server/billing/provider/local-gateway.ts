import { and, eq, gt, lte } from 'drizzle-orm';
import type { CardPayment, PaySessionView } from '@/contracts/payments';
import type { Db } from '@/server/platform/db/client';
import type { Clock } from '@/server/platform/clock';
import { localGatewayCustomers, localGatewaySessions, orders } from '@/server/platform/db/schema';
import { NotFound } from '@/server/platform/errors';
import type { CardOnFile, CheckoutSession, CheckoutSessionRequest, PaymentEvent, PaymentGateway } from './gateway';
import { checkoutSessionEventPayload, type CheckoutEventType } from './local-events';
import { BillingClock } from '@/server/platform/clock';
import { addOneTimeItems, createLocalInvoiceItem, deleteLocalInvoiceItem } from './local/invoice-items';
import { findLocalCustomer, updateLocalCustomer } from './local/customers';
import { chargeInvoice, openInvoicesOf, randomId } from './local/invoices';
import { deliverQueuedEvents, queueEvents } from './local/outbox';
import { advanceBillingClock, restoreBillingClock } from './local/clock';
import { endLocalSubscription, openLocalSubscription } from './local/subscriptions';
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

type SessionRow = typeof localGatewaySessions.$inferSelect;
type CustomerRow = typeof localGatewayCustomers.$inferSelect;

const PORTAL_SESSION_MINUTES = 60;

const redirectUrlOf = (session: SessionRow) => session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id);

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
    private readonly options: { webhookSecret: string; clock: Clock },
  ) {}

  async createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession> {
    const id = randomId('cs_local');
    const session = (gatewayCustomerId: string) => ({
      id,
      kind: 'checkout' as const,
      gatewayCustomerId,
      orderId: request.orderId,
      amountCents: request.amountCents,
      oneTimeItems: request.oneTimeItems ?? [],
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
      expiresAt: request.expiresAt,
    });
    const known = request.gatewayCustomerId ? await findLocalCustomer(this.db, request.gatewayCustomerId) : undefined;
    if (known) {
      await this.db.insert(localGatewaySessions).values(session(known.id));
    } else {
      // A new customer (every first checkout): the provider's customer and the session in one statement.
      const customerId = randomId('cus_local');
      const customer = this.db
        .$with('customer')
        .as(
          this.db
            .insert(localGatewayCustomers)
            .values({ id: customerId, email: request.customerEmail })
            .returning({ id: localGatewayCustomers.id }),
        );
      await this.db.with(customer).insert(localGatewaySessions).values(session(customerId));
    }
    return { id, url: this.pageUrl(id, request.successUrl) };
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
    return { url: this.pageUrl(id, request.returnUrl) };
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
    const ended = await endLocalSubscription(this.db, request, this.options.clock.now());
    await this.deliverEvents();
    return ended;
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
    return advanceBillingClock(this.db, clock, target, { deliverEvents: () => this.deliverEvents(), atEach });
  }

  verifyWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): PaymentEvent {
    return verifyStripeSignature(rawBody, signatureHeader, this.options.webhookSecret);
  }

  /** What the payment page shows. An open session found past its expiry is expired now, with its event. */
  async describeSession(
    id: string,
    now = this.options.clock.now(),
  ): Promise<{ view: PaySessionView; event: SignedEvent | null }> {
    const session = await this.session(id);
    const event = session.status === 'open' && session.expiresAt <= now ? await this.expire(session, now) : null;
    const customer = (await this.customer(session.gatewayCustomerId))!;
    const orderNumber = session.orderId ? await this.orderNumber(session.orderId) : null;
    return {
      view: {
        id: session.id,
        kind: session.kind === 'portal' ? 'portal' : 'checkout',
        status: event ? 'expired' : (session.status as PaySessionView['status']),
        amountCents: session.amountCents,
        oneTimeItems: session.kind === 'portal' ? [] : session.oneTimeItems,
        description:
          session.kind === 'portal' ? 'Update your payment method' : `Monthly AC Rental (${orderNumber ?? 'order'})`,
        email: customer.email,
        cancelUrl: session.cancelUrl,
        completedUrl: session.status === 'complete' ? redirectUrlOf(session) : null,
        expiresAt: session.expiresAt.toISOString(),
        cardOnFile:
          customer.cardBrand && customer.cardLast4 ? { brand: customer.cardBrand, last4: customer.cardLast4 } : null,
      },
      event,
    };
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

    const completed = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(localGatewaySessions)
        .set({
          status: 'complete',
          subscriptionId: session.kind === 'checkout' ? randomId('sub_local') : null,
        })
        .where(
          and(
            eq(localGatewaySessions.id, id),
            eq(localGatewaySessions.status, 'open'),
            gt(localGatewaySessions.expiresAt, now),
          ),
        )
        .returning();
      if (!row) return row;
      await tx
        .update(localGatewayCustomers)
        .set({ cardBrand: verdict.brand, cardLast4: card.cardNumber.slice(-4), cardChargesFail: chargesFail })
        .where(eq(localGatewayCustomers.id, row.gatewayCustomerId));
      if (row.subscriptionId) {
        const { subscriptionId, gatewayCustomerId, orderId, amountCents } = row;
        // The session's one-time prices become invoice items, which the subscription's first invoice bills.
        await addOneTimeItems(tx, row, now);
        await openLocalSubscription(tx, { id: subscriptionId, gatewayCustomerId, orderId, amountCents }, now);
      } else {
        // The billing page pays what is open with the new card.
        for (const invoice of await openInvoicesOf(tx, row.gatewayCustomerId)) {
          await queueEvents(tx, await chargeInvoice(tx, invoice, now));
        }
      }
      return row;
    });
    if (completed) return this.paidOutcome(completed);
    // Another request completed or expired it in between: answer as that one did.
    return this.pay(id, card, now);
  }

  /** Expires every open session past its time, returning their checkout.session.expired events to deliver. */
  async expireDueSessions(now = this.options.clock.now()): Promise<SignedEvent[]> {
    const due = await this.db
      .update(localGatewaySessions)
      .set({ status: 'expired' })
      .where(and(eq(localGatewaySessions.status, 'open'), lte(localGatewaySessions.expiresAt, now)))
      .returning();
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
    const [expired] = await this.db
      .update(localGatewaySessions)
      .set({ status: 'expired' })
      .where(and(eq(localGatewaySessions.id, session.id), eq(localGatewaySessions.status, 'open')))
      .returning();
    return expired?.kind === 'checkout' ? this.checkoutEvent('checkout.session.expired', expired, now) : null;
  }

  private async checkoutEvent(type: CheckoutEventType, session: SessionRow, now: Date): Promise<SignedEvent> {
    const customer = (await this.customer(session.gatewayCustomerId))!;
    const orderNumber = session.orderId ? await this.orderNumber(session.orderId) : null;
    const payload = checkoutSessionEventPayload(type, { session, customer, orderNumber, now });
    return { payload, signature: signWebhookPayload(payload, this.options.webhookSecret) };
  }

  /**
   * This app serves the page, on the origin the customer is sent back to: the one the checkout (or the portal)
   * was opened on, which holds the customer's cookies (ADR 015).
   */
  private pageUrl(id: string, returnUrl: string): string {
    return `${new URL(returnUrl).origin}/pay/${id}`;
  }

  private async session(id: string): Promise<SessionRow> {
    const [session] = await this.db.select().from(localGatewaySessions).where(eq(localGatewaySessions.id, id));
    if (!session) throw new NotFound('Payment session not found');
    return session;
  }

  private customer(id: string): Promise<CustomerRow | undefined> {
    return findLocalCustomer(this.db, id);
  }

  private async orderNumber(orderId: string): Promise<string | null> {
    const [order] = await this.db
      .select({ orderNumber: orders.orderNumber })
      .from(orders)
      .where(eq(orders.id, orderId));
    return order?.orderNumber ?? null;
  }
}

export function isLocalGateway(gateway: PaymentGateway): gateway is LocalPaymentGateway {
  return gateway instanceof LocalPaymentGateway;
}
