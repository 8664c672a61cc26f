import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/server/platform/db/client';
import { orders, units } from '@/server/platform/db/schema';
import type { PaymentGateway } from '@/server/billing/provider/gateway';
import { holdAtLeastUntil, orderHasLiveHold, releasePendingHold } from '@/server/rentals/units/holds';
import { unitIsOfferable } from '@/server/rentals/units/predicates';
import { CHECKOUT_HOLD_MINUTES, LOW_STOCK_HOLD } from './checkout-limits';

/**
 * Where create-session sends the browser: our own route (GET /api/checkout/pay/:orderId), which holds the unit for
 * the payment page and then redirects to the provider's page. The provider's URL is handed out only there.
 */
export const paymentPageUrl = (publicUrl: string, orderId: string) => `${publicUrl}/api/checkout/pay/${orderId}`;

/** Where the browser goes next: the provider's page, or back to the checkout form when this checkout is over. */
export type PaymentPageVisit = { kind: 'page'; url: string } | { kind: 'over'; modelId: string | null };

/**
 * The browser opens a checkout's payment page (ADR 037). While the checkout's first, short hold lasts, its unit is
 * now held for the checkout's full time from its start (CHECKOUT_HOLD_MINUTES), or for LOW_STOCK_HOLD.minutes when
 * few units of the fleet are free; opening it again never holds it longer. A first hold that ran out is not revived
 * (else a script could take holds past their share and open them all later): the provider's page is expired and the
 * checkout is over. A phone order's link has its own page (phone-orders/pay.ts) and is not opened here.
 */
export async function openPaymentPage(
  deps: { db: Db; payments: PaymentGateway },
  orderId: string,
  now: Date,
): Promise<PaymentPageVisit> {
  const visit = await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        status: orders.status,
        source: orders.source,
        modelId: orders.modelId,
        createdAt: orders.createdAt,
        checkoutUrl: orders.checkoutUrl,
        sessionId: orders.stripeSessionId,
      })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.source, 'checkout')))
      .for('update');
    if (!order || order.status !== 'pending' || !order.checkoutUrl) {
      return { kind: 'over' as const, modelId: order?.modelId ?? null, sessionId: null };
    }
    if (!(await orderHasLiveHold(tx, orderId, now))) {
      return { kind: 'over' as const, modelId: order.modelId, sessionId: order.sessionId };
    }
    const minutes = (await stockIsLow(tx, now)) ? LOW_STOCK_HOLD.minutes : CHECKOUT_HOLD_MINUTES;
    await holdAtLeastUntil(tx, orderId, new Date(order.createdAt.getTime() + minutes * 60_000), now);
    return { kind: 'page' as const, url: order.checkoutUrl };
  });
  if (visit.kind === 'page') return visit;
  if (visit.sessionId) await endLapsedCheckout(deps, orderId, visit.sessionId);
  return { kind: 'over', modelId: visit.modelId };
}

/**
 * The first hold ran out before the page was opened: the provider's page is expired (its expiry event cancels the
 * order, as for any page left unpaid), so it cannot be paid for a unit no longer kept. Should the provider say it
 * was paid after all, fulfilment rents a free unit of the model, or tells the owner there is none.
 */
async function endLapsedCheckout(deps: { db: Db; payments: PaymentGateway }, orderId: string, sessionId: string) {
  const expired = await deps.payments.expireCheckoutSession(sessionId).catch(() => false);
  if (expired) await deps.db.transaction((tx) => releasePendingHold(tx, orderId));
}

/**
 * Fewer units of the fleet free (offerable, not held) than LOW_STOCK_HOLD.share of its units not retired: the
 * fleet's, as the share unpaid checkouts may hold is (hold-limits.ts).
 */
async function stockIsLow(tx: Tx, now: Date): Promise<boolean> {
  const [stock] = await tx
    .select({
      free: sql<number>`count(*) filter (where ${unitIsOfferable(now)})`.mapWith(Number),
      fleet: count(),
    })
    .from(units)
    .where(ne(units.status, 'retired'));
  return stock!.free < stock!.fleet * LOW_STOCK_HOLD.share;
}
