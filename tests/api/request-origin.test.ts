import { afterAll, describe, expect, it } from 'vitest';
import { createUnit, createUnitModel } from '@/server/platform/db/factories';
import { openPaymentPage, registration } from '@tests/support/checkout-fixtures';
import { createPaymentsTestApp, goodCard, outboxMessages } from '@tests/support/payment-fixtures';
import type { TestApp } from '@tests/support/test-app';

/**
 * Outside production with PUBLIC_URL unset (what `npm start` runs), the absolute URLs a request makes follow the
 * host the browser used, when it is this machine's or its local network's (ADR 015): a checkout begun on
 * 127.0.0.1 returns to 127.0.0.1, where its cookies are. tests/api/canonical-origin.test.ts covers production.
 */

const demo = await createPaymentsTestApp();
const configured = await createPaymentsTestApp({ env: { PUBLIC_URL: 'http://shop.coolrent.test:5000' } });
afterAll(async () => Promise.all([demo.close(), configured.close()]));

let addressCounter = 0;
const freshAddress = () => `10.9.0.${(addressCounter += 1)}`;

/** create-session as the checkout page sends it, on `host`; returns the payment page's URL. */
async function checkoutOn(t: TestApp, headers: Record<string, string>): Promise<string> {
  const model = await createUnitModel(t.db);
  await createUnit(t.db, { modelId: model.id });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/checkout/create-session',
    remoteAddress: freshAddress(),
    headers,
    payload: registration({ modelId: model.id }),
  });
  expect(response.statusCode).toBe(200);
  // The browser goes through our route (on the same origin) to the provider's page.
  const { sessionUrl } = response.json();
  expect(new URL(sessionUrl).pathname).toMatch(/^\/api\/checkout\/pay\//);
  return (await openPaymentPage(t.app, sessionUrl)).pageUrl;
}

describe('outside production without PUBLIC_URL', () => {
  it('sends a checkout begun on 127.0.0.1 back to 127.0.0.1: payment page, cancel, success and e-mail link', async () => {
    const sessionUrl = await checkoutOn(demo, { host: '127.0.0.1:5123' });
    expect(sessionUrl).toMatch(/^http:\/\/127\.0\.0\.1:5123\/pay\/cs_local_[0-9a-f]{32}$/);
    const sessionId = sessionUrl.split('/').pop()!;

    // The page is opened, and paid, on that origin.
    const page = await demo.app.inject({ url: `/api/pay/sessions/${sessionId}`, headers: { host: '127.0.0.1:5123' } });
    expect(page.json().cancelUrl).toMatch(/^http:\/\/127\.0\.0\.1:5123\/checkout\?model=.+&cancelled=1$/);
    const paid = await demo.app.inject({
      method: 'POST',
      url: `/api/pay/sessions/${sessionId}`,
      headers: { host: '127.0.0.1:5123' },
      payload: goodCard,
    });
    expect(paid.json()).toEqual({ redirectUrl: `http://127.0.0.1:5123/success?session_id=${sessionId}` });

    // The webhook reached the app on another host (the embedded gateway delivers in-process, like a provider
    // calling from outside); the confirmation's one-time link still goes where the checkout began.
    const confirmations = outboxMessages(demo).filter((raw) => raw.includes('/auth/link/'));
    expect(confirmations).toHaveLength(1);
    const [confirmation] = confirmations;
    expect(confirmation).toMatch(/http:\/\/127\.0\.0\.1:5123\/auth\/link\/[A-Za-z0-9_-]+/);
    expect(confirmation).not.toContain(demo.config.publicUrl);
  });

  it.each([
    ['a phone on the office network', '192.168.1.20:5000', 'http://192.168.1.20:5000'],
    ['a private address', '10.0.0.7:5000', 'http://10.0.0.7:5000'],
    ['IPv6 loopback', '[::1]:5000', 'http://[::1]:5000'],
    ['localhost on another port', 'localhost:5173', 'http://localhost:5173'],
    ['an mDNS name', 'owners-laptop.local:5000', 'http://owners-laptop.local:5000'],
  ])('follows %s (%s)', async (_what, host, origin) => {
    expect(await checkoutOn(demo, { host })).toMatch(new RegExp(`^${origin.replace(/[.[\]]/g, '\\$&')}/pay/`));
  });

  it.each([
    'attacker.example',
    'localhost.attacker.example',
    '127.0.0.1.nip.io',
    '8.8.8.8:5000',
    '127.0.0.1@attacker.example',
  ])('does not follow %s: links that carry a sign-in token never point off this network', async (host) => {
    expect(await checkoutOn(demo, { host })).toMatch(/^http:\/\/localhost:5000\/pay\//);
  });

  it('takes X-Forwarded-Host only from a proxy TRUST_PROXY names (none here)', async () => {
    const sessionUrl = await checkoutOn(demo, { host: '127.0.0.1:5123', 'x-forwarded-host': '192.168.1.20:5000' });
    expect(sessionUrl).toMatch(/^http:\/\/127\.0\.0\.1:5123\/pay\//);
  });
});

describe('outside production with PUBLIC_URL set', () => {
  it('uses PUBLIC_URL whatever the host', async () => {
    expect(await checkoutOn(configured, { host: '127.0.0.1:5123' })).toMatch(
      /^http:\/\/shop\.coolrent\.test:5000\/pay\/cs_local_/,
    );
  });
});
