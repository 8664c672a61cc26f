import { eq } from 'drizzle-orm';
import type { Db } from '@/server/platform/db/client';
import { orders } from '@/server/platform/db/schema';
import { Conflict } from '@/server/platform/errors';
import { PaymentProviderUnavailable } from './refusals';

/** A double submit that arrives while the first is still talking to the provider waits this long for its URL. */
const IN_FLIGHT_WAIT_MS = 10_000;

/** The first submit is still asking the provider for its page: wait for it rather than start a second order. */
export async function waitForCheckoutUrl(db: Db, orderId: string): Promise<string> {
  const deadline = performance.now() + IN_FLIGHT_WAIT_MS;
  while (performance.now() < deadline) {
    const [order] = await db
      .select({ status: orders.status, checkoutUrl: orders.checkoutUrl })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (order?.checkoutUrl) return order.checkoutUrl;
    if (!order || order.status !== 'pending') throw new PaymentProviderUnavailable();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Conflict('Your checkout is still being prepared. Please try again in a moment.');
}
