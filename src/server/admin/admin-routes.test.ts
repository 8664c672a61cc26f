import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { PUBLIC_ADMIN_ROUTES } from './auth/guard';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/**
 * Every route the app has registered, read from Fastify's own router (not from our plugin's list), so a route
 * added anywhere under /api/admin is walked. printRoutes draws a tree: a child's path continues its parent's.
 */
function registeredRoutes(): Array<{ method: string; url: string }> {
  const routes: Array<{ method: string; url: string }> = [];
  const pathAtDepth: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)(?:├── |└── )(\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = [...match[1]!].length / 4;
    const url = (depth > 0 ? pathAtDepth[depth - 1]! : '') + match[2]!;
    pathAtDepth[depth] = url;
    for (const method of (match[3] ?? '').split(', ')) {
      if (/^[A-Z]+$/.test(method)) routes.push({ method, url });
    }
  }
  return routes;
}

describe('every admin route requires an admin session', () => {
  const adminRoutes = () =>
    registeredRoutes().filter(
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
