import { and, eq, isNull, ne } from 'drizzle-orm';
import { formatCalendarDate } from '@/contracts/dates';
import { deliveryWindowOf, windowLabel, windowRange } from '@/contracts/delivery-windows';
import { formatCalendarDateIn } from '@/i18n/format';
import { localeOrDefault } from '@/i18n/locale';
import type { Locale } from '@/contracts/locale';
import { recordAudit } from '@/server/platform/audit-log';
import { cancelUnpaidOrder } from '@/server/rentals/orders/cancel-unpaid';
import type { Tx } from '@/server/platform/db/client';
import { findOrderWithCustomer } from '@/server/platform/db/order-with-customer';
import { customers, deliveryTasks, orders } from '@/server/platform/db/schema';
import { enqueueCustomerEmail, enqueueOwnerAlert } from '@/server/platform/mail/outbox';
import { rentUnitForPaidOrder } from '@/server/rentals/units/rentals';
import { orderHasLiveHold } from '@/server/rentals/units/holds';
import { rateLine } from '@/server/rentals/orders/rate-line';

/** The parts of a provider's checkout session that fulfilment reads. */
export interface PaidCheckoutSession {
  sessionId: string;
  orderId: string;
  gatewayCustomerId: string | null;
  subscriptionId: string | null;
}

/**
 * Payment confirmed: the order becomes active, its held unit rented to it (or another of the model, see
 * rentUnitForPaidOrder), and a delivery task is opened. Runs inside the webhook's transaction, so it happens once
 * with the event's record or not at all. With no unit left the order is still activated (the customer paid) and
 * the delivery task says so.
 * Returns the order id when this call activated it.
 */
export async function activatePaidCheckout(
  tx: Tx,
  session: PaidCheckoutSession,
  now: Date,
  /** Where the customer's links in the confirmation point (the site the checkout began on). */
  siteUrl: string,
): Promise<string | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, session.orderId)).for('update');
  if (!order || order.status === 'active' || order.status === 'completed') return null;
  if (order.stripeSessionId && order.stripeSessionId !== session.sessionId) return null;

  const unitId = await rentUnitForPaidOrder(tx, order, now);

  await tx
    .update(orders)
    .set({
      status: 'active',
      unitId,
      stripeSessionId: session.sessionId,
      stripeSubscriptionId: session.subscriptionId,
    })
    .where(eq(orders.id, order.id));
  if (session.gatewayCustomerId) await linkGatewayCustomer(tx, order.customerId, session.gatewayCustomerId);

  // Booked in the window the customer chose at checkout (ADR 035); an order from before windows waits for the owner.
  const window = deliveryWindowOf(order);
  await tx.insert(deliveryTasks).values({
    orderId: order.id,
    type: 'delivery',
    status: window ? 'scheduled' : 'pending',
    scheduledDate: window?.date ?? order.startDate,
    timeWindow: window ? windowRange(window.start, window.end) : null,
    requestedBy: window ? 'customer' : 'system',
    // The unit the crew brings: kept out of stock for the order from now (ADR 023).
    unitId,
    notes: !unitId
      ? 'Paid, but no unit of this model was free at payment: assign a unit before the delivery.'
      : window
        ? 'Window booked by the customer at checkout.'
        : 'Requested start date. Call the customer within 24 hours to confirm the delivery window.',
  });
  const [customer] = await tx.select().from(customers).where(eq(customers.id, order.customerId));
  await enqueueOwnerAlert(tx, {
    kind: 'new_rental',
    occasion: order.id,
    customerId: order.customerId,
    orderId: order.id,
    values: {
      customerName: customer?.name ?? '',
      orderNumber: order.orderNumber,
      startDate: formatCalendarDate(order.startDate),
      address: `${order.address}, ${order.city} ${order.zipCode}`,
    },
  });
  await recordAudit(tx, {
    actorType: 'system',
    actorId: null,
    action: 'order.activated',
    entityType: 'order',
    entityId: order.id,
    details: {
      sessionId: session.sessionId,
      subscriptionId: session.subscriptionId,
      unitId,
      previousStatus: order.status,
    },
  });
  await queueOrderConfirmation(tx, order.id, siteUrl);
  return order.id;
}

/** Keeps the provider's customer id for the billing portal and fees; an id another customer holds is left alone. */
async function linkGatewayCustomer(tx: Tx, customerId: string, gatewayCustomerId: string): Promise<void> {
  const [holder] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.stripeCustomerId, gatewayCustomerId), ne(customers.id, customerId)));
  if (holder) return;
  await tx
    .update(customers)
    .set({ stripeCustomerId: gatewayCustomerId })
    .where(and(eq(customers.id, customerId), isNull(customers.stripeCustomerId)));
}

/**
 * The payment page expired unpaid (or an async payment failed): the order is cancelled and its unit freed. A phone
 * order whose unit is still held stays open instead (ADR 034): its page is forgotten, and the customer's link
 * opens a new one; the phone orders' sweep ends it when the hold does.
 */
export async function cancelUnpaidCheckout(
  tx: Tx,
  session: { sessionId: string; orderId: string },
  now: Date,
): Promise<boolean> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, session.orderId)).for('update');
  if (!order || order.status !== 'pending') return false;
  if (order.stripeSessionId && order.stripeSessionId !== session.sessionId) return false;
  if (order.source === 'phone' && (await orderHasLiveHold(tx, order.id, now))) {
    await tx.update(orders).set({ stripeSessionId: null, checkoutUrl: null }).where(eq(orders.id, order.id));
    return false;
  }
  await cancelUnpaidOrder(tx, order.id, {
    action: 'order.checkout_expired',
    details: { sessionId: session.sessionId },
  });
  return true;
}

/**
 * Queues the order confirmation in the activation's transaction: it exists if and only if the rental does, once
 * per order. The outbox fills the seeded template at sending time with a one-time sign-in link to the portal and
 * the signed agreement attached (customers/outbox-dispatch.ts), retrying through an SMTP outage.
 */
async function queueOrderConfirmation(tx: Tx, orderId: string, siteUrl: string): Promise<void> {
  const row = await findOrderWithCustomer(tx, eq(orders.id, orderId));
  if (!row) return;
  const { order, customer } = row;
  const locale = localeOrDefault(customer.locale);
  await enqueueCustomerEmail(tx, {
    kind: 'order_confirmation',
    occasion: order.id,
    order,
    customer,
    values: {
      unitModel: row.modelName,
      startDate: formatCalendarDateIn(locale, order.startDate),
      // The first period runs from the start date and was paid at checkout (ADR 012 addendum).
      rate: rateLine(locale, order),
      address: [order.address, `${order.city}, CA ${order.zipCode}`, order.buildingNotes].filter(Boolean).join(', '),
      deliveryPlan: deliveryPlan(locale, order),
      siteUrl,
    },
  });
}

/** The confirmation's delivery line: the window booked at checkout, or the owner's call for an order without one. */
function deliveryPlan(locale: Locale, order: Parameters<typeof deliveryWindowOf>[0]): string {
  const window = deliveryWindowOf(order);
  if (!window) {
    return locale === 'es'
      ? 'Le llamaremos dentro de las próximas 24 horas para programar la entrega.'
      : 'We will call you within 24 hours to schedule delivery.';
  }
  const day = formatCalendarDateIn(locale, window.date);
  const hours = windowLabel(window.start, window.end, locale);
  return locale === 'es'
    ? `El ${day}, entre ${hours}, entregaremos e instalaremos su unidad.`
    : `We will deliver and install your unit on ${day}, between ${hours}.`;
}
