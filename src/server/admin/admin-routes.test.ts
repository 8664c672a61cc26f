import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { PUBLIC_ADMIN_ROUTES } from './auth/guard';

let t: TestApp;
/**
 * Every route the app registers, seen by Fastify's onRoute hook as it is added (not read from our plugin's list),
 * so a route added anywhere under /api/admin is walked.
 */
const registered: Array<{ method: string; url: string }> = [];
beforeAll(async () => {
  t = await createTestApp({
    onRoute: (route) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    },
  });
});
afterAll(async () => t.close());

describe('every admin route requires an admin session', () => {
  const adminRoutes = () =>
    registered.filter(
      (route) => route.url.startsWith('/api/admin') && route.method !== 'HEAD' && route.method !== 'OPTIONS',
    );

  it('finds the admin routes in the router', () => {
    const urls = adminRoutes().map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'POST /api/admin/login',
        'GET /api/admin/stats',
        'GET /api/admin/customers',
        'GET /api/admin/orders/filtered',
        'POST /api/admin/send-email',
        'DELETE /api/admin/units/:id',
        'PATCH /api/admin/units/:id',
        'POST /api/admin/orders/:id/status',
      ]),
    );
    expect(urls.length).toBeGreaterThan(20);
  });

  it('answers 401 without a session on every route except the sign-in', async () => {
    const checked: string[] = [];
    for (const route of adminRoutes()) {
      if (PUBLIC_ADMIN_ROUTES.has(route.url)) continue;
      const url = route.url.replace(/:[A-Za-z]+/g, randomUUID());
      const response = await t.app.inject({
        method: route.method as 'GET',
        url,
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect({ route: `${route.method} ${route.url}`, status: response.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
      });
      checked.push(route.url);
    }
    expect(checked.length).toBeGreaterThan(20);
  });

  it('keeps the sign-in as the only public admin path', () => {
    expect([...PUBLIC_ADMIN_ROUTES]).toEqual(['/api/admin/login']);
  });
});
