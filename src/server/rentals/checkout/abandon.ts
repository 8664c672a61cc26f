import { eq } from 'drizzle-orm';
import type { Db } from '@/server/platform/db/client';
import { orders } from '@/server/platform/db/schema';
import type { PaymentGateway } from '@/server/billing/provider/gateway';
import { releasePendingHold } from '@/server/rentals/units/holds';
import { PaymentProviderUnavailable } from './refusals';

/**
 * The customer left the payment page by its cancel link (the provider sends the browser back to
 * /checkout?cancelled=1, which posts here with the checkout cookie). The provider's session is expired first, so
 * the page can no longer be paid, then the unit is offered again at once; the provider's checkout.session.expired
 * event later cancels the order as for any expired checkout. If the provider says the session was already paid,
 * nothing changes. Returns whether the hold was released.
 */
export async function abandonCheckout(
  deps: { db: Db; payments: PaymentGateway },
  orderId: string | null,
): Promise<boolean> {
  if (!orderId) return false;
  const [order] = await deps.db
    .select({ status: orders.status, sessionId: orders.stripeSessionId })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (order?.status !== 'pending') return false;
  if (order.sessionId) {
    let expired: boolean;
    try {
      expired = await deps.payments.expireCheckoutSession(order.sessionId);
    } catch (error) {
      throw Object.assign(new PaymentProviderUnavailable(), { cause: error });
    }
    if (!expired) return false;
  }
  return deps.db.transaction((tx) => releasePendingHold(tx, orderId));
}
