import { and, eq, isNull } from 'drizzle-orm';
import type { CreateSessionResult } from '@/contracts/checkout';
import type { Db } from '@/server/platform/db/client';
import { orders } from '@/server/platform/db/schema';
import { installationFeeCents } from '@/contracts/plan-terms';
import { firstPeriodBilling } from '@/server/billing/first-month';
import type { PaymentGateway } from '@/server/billing/provider/gateway';
import { releaseHolds } from '@/server/rentals/units/holds';
import type { Delivery } from './delivery';
import { PaymentProviderUnavailable } from './refusals';
import type { Reservation } from './reservation';

/** What opening the payment page needs of the checkout's dependencies. */
interface PaymentSessionDeps {
  db: Db;
  payments: PaymentGateway;
  publicUrl: string;
}

/**
 * Where the payment page's cancel link leads, and what a provider failure does to the order: a checkout's order
 * goes (the customer submits the form again); a phone order stays, its link still open (ADR 034).
 */
export interface PaymentPageOptions {
  cancelUrl: string;
  keepOrderOnFailure: boolean;
}

/**
 * Asks the payment provider for the hosted page of an order just reserved and records it on the order. Should the
 * provider fail, the order goes and its unit is offered again (unless `options` keep it); should the order be gone
 * meanwhile, so does the page.
 */
export async function openPaymentSession(
  deps: PaymentSessionDeps,
  reservation: Extract<Reservation, { kind: 'new' }>,
  delivery: Pick<Delivery, 'description'>,
  options?: PaymentPageOptions,
): Promise<CreateSessionResult> {
  const { order, customer } = reservation;
  const firstPeriod = firstPeriodBilling(order.planType, order.startDate, order.priceCents);
  const plan = order.planType === 'weekly' ? 'Weekly' : 'Monthly';
  const installationFee = installationFeeCents(order.planType);
  let session;
  try {
    session = await deps.payments.createCheckoutSession({
      orderId: order.id,
      orderNumber: order.orderNumber,
      customerEmail: customer.email,
      gatewayCustomerId: customer.stripeCustomerId,
      amountCents: order.priceCents,
      description: `${plan} AC Rental (${order.btuTier} BTU)`,
      // Paid now: the first period from the start date, and the delivery charge beyond the free radius (ADR 022).
      // A rental without the minimum commitment (weekly) pays the one-time delivery and installation fee too.
      oneTimeItems: [
        firstPeriod.item,
        ...(order.deliveryChargeCents > 0
          ? [{ amountCents: order.deliveryChargeCents, description: delivery.description }]
          : []),
        ...(installationFee > 0
          ? [{ amountCents: installationFee, description: 'Delivery and installation (no minimum term)' }]
          : []),
      ],
      renewsAt: firstPeriod.renewsAt,
      interval: firstPeriod.interval,
      successUrl: `${deps.publicUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
      // The checkout page seeing ?cancelled=1 tells us the payment page was left (POST /api/checkout/cancel).
      cancelUrl: options?.cancelUrl ?? `${deps.publicUrl}/checkout?model=${order.modelId}&cancelled=1`,
      expiresAt: reservation.heldUntil,
    });
  } catch (error) {
    if (!options?.keepOrderOnFailure) await releaseCheckout(deps.db, order.id);
    throw Object.assign(new PaymentProviderUnavailable(), { cause: error });
  }
  // Recorded only on an order with no page yet: of two pages opened for one phone order at once, the first recorded
  // is the order's, and the other is expired at once (a paid page the order does not name would activate nothing).
  const [recorded] = await deps.db
    .update(orders)
    .set({ stripeSessionId: session.id, checkoutUrl: session.url })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'pending'), isNull(orders.stripeSessionId)))
    .returning({ id: orders.id });
  if (!recorded) {
    // Another page was recorded first, or the provider took longer than the orphan sweep's grace period and the order
    // was cancelled meanwhile (./orphans.ts): this page must not be paid.
    await deps.payments.expireCheckoutSession(session.id).catch(() => false);
    const [current] = await deps.db
      .select({ status: orders.status, checkoutUrl: orders.checkoutUrl })
      .from(orders)
      .where(eq(orders.id, order.id));
    if (current?.status === 'pending' && current.checkoutUrl)
      return { orderId: order.id, sessionUrl: current.checkoutUrl };
    throw new PaymentProviderUnavailable();
  }
  return { orderId: order.id, sessionUrl: session.url };
}

/** The provider could not open a page: the order goes and its unit is offered again at once. */
async function releaseCheckout(db: Db, orderId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await releaseHolds(tx, orderId);
    await tx.delete(orders).where(and(eq(orders.id, orderId), eq(orders.status, 'pending')));
  });
}
