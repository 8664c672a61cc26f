import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customerSessions } from '@/server/platform/db/schema';
import {
  cookieOf,
  goodCard,
  orderRow,
  pay,
  startCheckout,
  startPaymentsTestApp,
} from '@tests/support/payment-fixtures';

const t = await startPaymentsTestApp();

async function sessionsOf(customerId: string): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(customerSessions)
    .where(eq(customerSessions.customerId, customerId));
  return row!.n;
}

describe('GET /api/checkout/success signs the payer in once per checkout', () => {
  it('creates one customer session for 50 calls, in sequence and at once', async () => {
    const checkout = await startCheckout(t);
    await pay(t, checkout.sessionId, goodCard);
    const { customerId } = await orderRow(t, checkout.orderId);
    const load = () =>
      t.app.inject({
        url: `/api/checkout/success?session_id=${checkout.sessionId}`,
        cookies: { cr_checkout: checkout.checkoutCookie },
      });

    const first = await load();
    expect(first.json()).toMatchObject({ status: 'active', signedIn: true });
    expect(cookieOf(first, 'cr_session')).toBeDefined();

    const sequential = [];
    for (let i = 0; i < 24; i += 1) sequential.push(await load());
    const together = await Promise.all(Array.from({ length: 25 }, load));
    for (const response of [...sequential, ...together]) {
      expect(response.statusCode).toBe(200);
      // Still the browser that checked out: it sees its order, but gets no second session.
      expect(response.json()).toMatchObject({ status: 'active', signedIn: false, details: { priceCents: 3900 } });
      expect(cookieOf(response, 'cr_session')).toBeUndefined();
    }
    expect(await sessionsOf(customerId)).toBe(1);
  });

  it('gives the one session to only one of 50 loads arriving together', async () => {
    const checkout = await startCheckout(t);
    await pay(t, checkout.sessionId, goodCard);
    const { customerId } = await orderRow(t, checkout.orderId);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.inject({
          url: `/api/checkout/success?session_id=${checkout.sessionId}`,
          cookies: { cr_checkout: checkout.checkoutCookie },
        }),
      ),
    );
    const signedIn = responses.filter((response) => cookieOf(response, 'cr_session'));
    expect(signedIn).toHaveLength(1);
    expect(signedIn[0]!.json().signedIn).toBe(true);
    expect(responses.filter((response) => response.json().signedIn)).toHaveLength(1);
    expect(await sessionsOf(customerId)).toBe(1);
  });
});
