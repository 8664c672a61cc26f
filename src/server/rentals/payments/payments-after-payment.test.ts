import { describe, expect, it } from 'vitest';
import { injectOrigin } from '@tests/support/test-app';
import {
  cookieOf,
  decliningCard,
  goodCard,
  orderRow,
  pay,
  startCheckout,
  startPaymentsTestApp,
} from '@tests/support/payment-fixtures';

const t = await startPaymentsTestApp();

describe('after payment', () => {
  it('signs the paying browser in on /success and shows the order details', async () => {
    const checkout = await startCheckout(t);
    await pay(t, checkout.sessionId, goodCard);
    const success = await t.app.inject({
      url: `/api/checkout/success?session_id=${checkout.sessionId}`,
      cookies: { cr_checkout: checkout.checkoutCookie },
    });
    expect(success.statusCode).toBe(200);
    const order = await orderRow(t, checkout.orderId);
    expect(success.json()).toMatchObject({
      status: 'active',
      orderId: order.id,
      orderNumber: order.orderNumber,
      signedIn: true,
      details: {
        planType: 'monthly',
        btuTier: '12-14k',
        priceCents: 3900,
        monthsMin: 4,
        customerName: 'Jordan Rivera',
      },
      agreementPdfUrl: expect.stringMatching(/^\/api\/agreements\/[0-9a-f-]{36}\/pdf$/),
    });
    const session = cookieOf(success, 'cr_session')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    const portal = await t.app.inject({ url: `/api/portal/${order.id}`, cookies: { cr_session: session.value } });
    expect(portal.statusCode).toBe(200);
    expect(portal.json().paymentMethod).toEqual({ brand: 'visa', last4: '4242' });
  });

  it('does not sign in a browser without the checkout cookie', async () => {
    const checkout = await startCheckout(t);
    await pay(t, checkout.sessionId, goodCard);
    const success = await t.app.inject({ url: `/api/checkout/success?session_id=${checkout.sessionId}` });
    expect(success.json()).toMatchObject({ status: 'active', signedIn: false, details: null });
    expect(cookieOf(success, 'cr_session')).toBeUndefined();
  });

  it('lets the customer change the card on file through the billing portal page', async () => {
    const checkout = await startCheckout(t);
    await pay(t, checkout.sessionId, goodCard);
    const success = await t.app.inject({
      url: `/api/checkout/success?session_id=${checkout.sessionId}`,
      cookies: { cr_checkout: checkout.checkoutCookie },
    });
    const sessionCookie = cookieOf(success, 'cr_session')!.value;
    const order = await orderRow(t, checkout.orderId);
    const portal = await t.app.inject({
      method: 'POST',
      url: '/api/billing-portal',
      cookies: { cr_session: sessionCookie },
      payload: { customerId: order.customerId, orderId: order.id },
    });
    expect(portal.statusCode).toBe(200);
    const portalSessionId = portal.json().url.split('/').pop();
    expect(portal.json().url).toBe(`${injectOrigin}/pay/${portalSessionId}`);

    const page = await t.app.inject({ url: `/api/pay/sessions/${portalSessionId}` });
    expect(page.json()).toMatchObject({ kind: 'portal', cardOnFile: { brand: 'visa', last4: '4242' } });
    expect((await pay(t, portalSessionId, decliningCard)).statusCode).toBe(402);
    const updated = await pay(t, portalSessionId, { ...goodCard, cardNumber: '5555 5555 5555 4444' });
    expect(updated.json()).toEqual({ redirectUrl: `${injectOrigin}/portal/${order.id}` });

    const view = await t.app.inject({ url: `/api/portal/${order.id}`, cookies: { cr_session: sessionCookie } });
    expect(view.json().paymentMethod).toEqual({ brand: 'mastercard', last4: '4444' });
  });
});
