import { desc, eq } from 'drizzle-orm';
import type { CheckoutSuccessView } from '@/contracts/checkout';
import { deliveryWindowOf } from '@/contracts/delivery-windows';
import type { Db } from '@/server/platform/db/client';
import { findOrderWithCustomer } from '@/server/platform/db/order-with-customer';
import { agreements, orders } from '@/server/platform/db/schema';
import { NotFound } from '@/server/platform/errors';
import { maskOrderNumber } from '@/server/platform/lib/mask';

async function findCheckoutBySession(db: Db, sessionId: string) {
  const row = await findOrderWithCustomer(db, eq(orders.stripeSessionId, sessionId));
  if (!row) return null;
  const [agreement] = await db
    .select({ pdfUrl: agreements.pdfUrl })
    .from(agreements)
    .where(eq(agreements.orderId, row.order.id))
    .orderBy(desc(agreements.createdAt))
    .limit(1);
  return { ...row, agreementPdfUrl: agreement?.pdfUrl ?? null };
}

/** True when this order is the customer's only one: signing the payer in then reveals nothing else. */
async function isCustomersOnlyOrder(db: Db, customerId: string, orderId: string): Promise<boolean> {
  const rows = await db.select({ id: orders.id }).from(orders).where(eq(orders.customerId, customerId)).limit(2);
  return rows.length === 1 && rows[0]!.id === orderId;
}

/** Paying signs the payer in, but only for a day after checkout. */
const SIGN_IN_AFTER_PAYMENT_MS = 24 * 60 * 60 * 1000;

/**
 * /success: the order behind a provider session id. Details (and the whole order number) go only to the browser that checked out (its
 * checkout cookie) or to the customer's own session. That browser is signed in once the order is paid, within a
 * day, when the order is the customer's only one: otherwise anyone typing a known e-mail at checkout could pay
 * their way into someone else's account (they get the e-mailed sign-in link instead).
 */
export async function checkoutSuccess(
  db: Db,
  sessionId: string,
  viewer: { checkoutOrderId: string | null; sessionCustomerId: string | null; now: Date },
): Promise<{ view: CheckoutSuccessView; signInCustomerId: string | null }> {
  const found = await findCheckoutBySession(db, sessionId);
  if (!found) {
    throw new NotFound('We could not find that checkout. If you paid, your confirmation e-mail has your order number.');
  }
  const { order, customer } = found;
  const { now } = viewer;
  const fromThisBrowser = viewer.checkoutOrderId === order.id;
  const alreadySignedIn = viewer.sessionCustomerId === customer.id;
  const signIn =
    !alreadySignedIn &&
    fromThisBrowser &&
    order.status === 'active' &&
    now.getTime() - order.createdAt.getTime() < SIGN_IN_AFTER_PAYMENT_MS &&
    (await isCustomersOnlyOrder(db, customer.id, order.id));
  const mayView = fromThisBrowser || alreadySignedIn;
  return {
    signInCustomerId: signIn ? customer.id : null,
    view: {
      status: order.status,
      orderId: order.id,
      // The order number is half of what account access asks for: whole only for the browser whose it is.
      orderNumber: mayView ? order.orderNumber : maskOrderNumber(order.orderNumber),
      signedIn: alreadySignedIn || signIn,
      details: mayView
        ? {
            planType: order.type,
            btuTier: order.btuTier,
            unitModel: found.modelName,
            startDate: order.startDate,
            priceCents: order.priceCents,
            monthsMin: order.monthsMin,
            address: order.address,
            city: order.city,
            zipCode: order.zipCode,
            buildingNotes: order.buildingNotes,
            customerName: customer.name,
            customerEmail: customer.email,
            deliveryWindow: deliveryWindowOf(order),
          }
        : null,
      agreementPdfUrl: mayView ? found.agreementPdfUrl : null,
    },
  };
}
