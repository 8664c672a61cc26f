import { desc, eq } from 'drizzle-orm';
import { formatMiles } from '@/contracts/checkout-terms';
import type { Db } from '@/server/platform/db/client';
import { agreements, customers } from '@/server/platform/db/schema';
import { Conflict } from '@/server/platform/errors';
import type { PaymentGateway } from '@/server/billing/provider/gateway';
import { CHECKOUT_HOLD_MINUTES } from '@/server/rentals/checkout/checkout-limits';
import { openPaymentSession } from '@/server/rentals/checkout/payment-session';
import { holdAtLeastUntil } from '@/server/rentals/units/holds';
import { openLinkOrThrow } from './link';

export interface PhonePaymentDeps {
  db: Db;
  payments: PaymentGateway;
  publicUrl: string;
  linkSecret: string;
}

/**
 * POST /api/order-links/:orderId/pay: the payment provider's hosted page for a signed phone order. The page lasts
 * the checkout's 30 minutes (Stripe's shortest), and the hold is kept at least that long, so a customer who opens
 * the link in its last minutes still has a checkout's time to pay; a page left unpaid expires without ending the
 * order while its hold lasts (rentals/payments/fulfilment.ts), and the link makes a new one. A page already open
 * is handed out again. Its cancel link leads back to the link's page, not to the public checkout.
 */
export async function openPhoneOrderPayment(
  deps: PhonePaymentDeps,
  link: { orderId: string; key: string; linkUrl: string },
  now: Date,
): Promise<{ sessionUrl: string }> {
  const pageEnds = new Date(now.getTime() + CHECKOUT_HOLD_MINUTES * 60_000);
  const prepared = await deps.db.transaction(async (tx) => {
    const { order } = await openLinkOrThrow(tx, deps.linkSecret, link.orderId, link.key, now);
    const [signed] = await tx
      .select({ id: agreements.id })
      .from(agreements)
      .where(eq(agreements.orderId, order.id))
      .orderBy(desc(agreements.createdAt))
      .limit(1);
    if (!signed) throw new Conflict('Please sign the agreement first');
    if (order.checkoutUrl) return { kind: 'open' as const, url: order.checkoutUrl };
    await holdAtLeastUntil(tx, order.id, pageEnds, now);
    const [customer] = await tx
      .select({ email: customers.email, stripeCustomerId: customers.stripeCustomerId })
      .from(customers)
      .where(eq(customers.id, order.customerId));
    return { kind: 'new' as const, order, customer: customer! };
  });
  if (prepared.kind === 'open') return { sessionUrl: prepared.url };

  const { order, customer } = prepared;
  const miles = order.deliveryMiles === null ? 0 : Number(order.deliveryMiles);
  const result = await openPaymentSession(
    deps,
    {
      kind: 'new',
      order: {
        id: order.id,
        orderNumber: order.orderNumber,
        modelId: order.modelId,
        btuTier: order.btuTier,
        priceCents: order.priceCents,
        deliveryChargeCents: order.deliveryChargeCents,
        startDate: order.startDate,
        planType: order.type === 'weekly' ? 'weekly' : 'monthly',
      },
      customer,
      heldUntil: pageEnds,
    },
    { description: `Delivery (${formatMiles(miles)} from our depot)` },
    { cancelUrl: link.linkUrl, keepOrderOnFailure: true },
  );
  return { sessionUrl: result.sessionUrl };
}
