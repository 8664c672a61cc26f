import { afterAll, describe, expect, it } from 'vitest';
import { createAdminUser } from '@/server/platform/db/factories';
import { productionEnv, productionHost } from '@tests/support/production-env';
import { snapshotTables } from '@tests/support/table-snapshot';
import { createTestApp } from '@tests/support/test-app';

/**
 * Production has one origin, PUBLIC_URL's (ADR 015): a request on another host is sent there before anything can
 * set a cookie. tests/api/request-origin.test.ts covers the other half: outside production without PUBLIC_URL,
 * absolute URLs follow the browser's host.
 */

const production = await createTestApp({ env: productionEnv });
// Behind one proxy at 127.0.0.1 (app.inject's socket address) that passes the browser's host as X-Forwarded-Host.
const proxied = await createTestApp({ env: { ...productionEnv, TRUST_PROXY: '127.0.0.1' } });
afterAll(async () => Promise.all([production.close(), proxied.close()]));

const owner = { username: 'origin-owner', password: 'origin owner password' };
await createAdminUser(production.db, owner);

describe('production on a host other than PUBLIC_URL', () => {
  it.each(['www.coolrent.example', '203.0.113.7', '203.0.113.7:5000', 'localhost:5000'])(
    'sends GET on %s to the same path and query on PUBLIC_URL with 301, setting no cookie',
    async (host) => {
      const response = await production.app.inject({ url: '/catalog?model=abc&x=1', headers: { host } });
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe('https://coolrent.example/catalog?model=abc&x=1');
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.headers['cache-control']).toBe('max-age=86400');
    },
  );

  it('answers HEAD with 301 too', async () => {
    const response = await production.app.inject({
      method: 'HEAD',
      url: '/',
      headers: { host: 'www.coolrent.example' },
    });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('https://coolrent.example/');
  });

  it('keeps the method and body of a write with 308, and the write does nothing here: no session, no row', async () => {
    const before = await snapshotTables(production.db);
    const signIn = await production.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { host: 'www.coolrent.example' },
      payload: owner,
    });
    expect(signIn.statusCode).toBe(308);
    expect(signIn.headers.location).toBe('https://coolrent.example/api/admin/login');
    expect(signIn.headers['set-cookie']).toBeUndefined();
    const checkout = await production.app.inject({
      method: 'POST',
      url: '/api/checkout/create-session',
      headers: { host: '203.0.113.7' },
      payload: { name: 'Jordan Rivera' },
    });
    expect(checkout.statusCode).toBe(308);
    expect(checkout.headers.location).toBe('https://coolrent.example/api/checkout/create-session');
    expect(await snapshotTables(production.db)).toEqual(before);

    // The same sign-in on PUBLIC_URL's host goes through.
    const onCanonical = await production.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { host: productionHost },
      payload: owner,
    });
    expect(onCanonical.statusCode).toBe(200);
    expect(onCanonical.headers['set-cookie']).toBeDefined();
  });

  it.each([
    'coolrent.example.attacker.example',
    'coolrent.example@attacker.example',
    'attacker.example/coolrent.example',
    'coolrent.example:99999',
    'coolrent.example:8443',
    'cool rent.example',
    '[::1',
  ])('never follows a crafted Host (%s): it is redirected to PUBLIC_URL like any other', async (host) => {
    const response = await production.app.inject({ url: '/portal/x', headers: { host } });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('https://coolrent.example/portal/x');
  });

  it('keeps a path that starts with // a path on PUBLIC_URL (no open redirect)', async () => {
    const response = await production.app.inject({
      url: '//attacker.example/x',
      headers: { host: 'www.coolrent.example' },
    });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('https://coolrent.example//attacker.example/x');
  });
});

describe("production on PUBLIC_URL's host", () => {
  it.each([productionHost, 'CoolRent.Example', 'coolrent.example:443'])('serves %s as it is', async (host) => {
    const response = await production.app.inject({ url: '/api/unit-models', headers: { host } });
    expect(response.statusCode).toBe(200);
  });
});

describe('production on any host', () => {
  it.each(['/healthz', '/readyz', '/healthz?probe=1'])(
    'answers %s (load balancers probe by IP address)',
    async (url) => {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await production.app.inject({ method, url, headers: { host: '10.0.0.12:5000' } });
        expect(response.statusCode).toBe(200);
      }
    },
  );

  it("answers the payment provider's webhook (signed, no cookie; Stripe does not follow redirects)", async () => {
    const response = await production.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { host: '10.0.0.12:5000', 'content-type': 'application/json' },
      payload: '{}',
    });
    // Not redirected: refused for its missing signature, as on PUBLIC_URL's host.
    expect(response.statusCode).toBe(400);
  });
});

describe('production behind a proxy', () => {
  it('believes X-Forwarded-Host only from a proxy TRUST_PROXY names', async () => {
    const viaProxy = (xForwardedHost: string, remoteAddress = '127.0.0.1') =>
      proxied.app.inject({
        url: '/api/unit-models',
        remoteAddress,
        headers: { host: 'app-upstream:5000', 'x-forwarded-host': xForwardedHost },
      });
    expect((await viaProxy(productionHost)).statusCode).toBe(200);
    const www = await viaProxy('www.coolrent.example');
    expect(www.statusCode).toBe(301);
    expect(www.headers.location).toBe('https://coolrent.example/api/unit-models');
    // A client reaching the app directly cannot pass for the canonical host by writing the header itself.
    expect((await viaProxy(productionHost, '203.0.113.9')).statusCode).toBe(301);
    const untrusted = await production.app.inject({
      url: '/api/unit-models',
      headers: { host: 'app-upstream:5000', 'x-forwarded-host': productionHost },
    });
    expect(untrusted.statusCode).toBe(301);
  });
});

describe('outside production', () => {
  it('redirects nothing: the demo answers on any host', async () => {
    const demo = await createTestApp({ env: { PUBLIC_URL: 'https://coolrent.example' } });
    try {
      const response = await demo.app.inject({ url: '/api/unit-models', headers: { host: '192.168.1.20:5000' } });
      expect(response.statusCode).toBe(200);
    } finally {
      await demo.close();
    }
  });
});
