import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { orders } from '@/server/platform/db/schema';
import { cookieOf, openPaymentPage, registration, startCheckoutTestApp } from '@tests/support/checkout-fixtures';

const { t, createSession, modelWithUnits } = await startCheckoutTestApp();
afterAll(async () => t.close());

describe('GET /api/checkout/success', () => {
  it('answers 404 for an unknown session id', async () => {
    const response = await t.app.inject({ url: '/api/checkout/success?session_id=cs_local_unknown' });
    expect(response.statusCode).toBe(404);
  });

  it('shows a pending order without details to a browser that did not check out', async () => {
    const model = await modelWithUnits(1);
    const body = registration({ modelId: model.id });
    const created = await createSession(body);
    const { sessionId } = await openPaymentPage(t.app, created.json().sessionUrl);
    const stranger = await t.app.inject({ url: `/api/checkout/success?session_id=${sessionId}` });
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json()).toMatchObject({ status: 'pending', signedIn: false, details: null, agreementPdfUrl: null });
    expect(cookieOf(stranger, 'cr_session')).toBeUndefined();
    // The order number is what account access asks for (with the e-mail): masked for a stranger.
    const [order] = await t.db.select().from(orders).where(eq(orders.id, created.json().orderId));
    expect(stranger.json().orderNumber).toBe(`${order!.orderNumber.slice(0, 8)}${'•'.repeat(6)}`);

    const cookie = cookieOf(created, 'cr_checkout')!;
    const owner = await t.app.inject({
      url: `/api/checkout/success?session_id=${sessionId}`,
      cookies: { cr_checkout: cookie.value },
    });
    expect(owner.json()).toMatchObject({
      status: 'pending',
      orderNumber: order!.orderNumber,
      signedIn: false,
      details: { customerName: 'Jordan Rivera', address: body.address, monthsMin: 4, priceCents: 3900 },
    });
    // Not paid yet: no portal session.
    expect(cookieOf(owner, 'cr_session')).toBeUndefined();
  });
});
