import { randomUUID } from 'node:crypto';
import type { FastifyContextConfig } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoleRequiredMessage } from '@/contracts/admin/team';
import {
  createAdditionalFee,
  createAdminUser,
  createCustomer,
  createEmailTemplate,
  createUnit,
  createUnitModel,
} from '@/server/platform/db/factories';
import { snapshotTables } from '@tests/support/table-snapshot';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { minimumRoleOf, PUBLIC_ADMIN_ROUTES } from '@/server/platform/auth/guard';
import { signInAdmin, type AdminClient } from '@tests/support/admin-client';

let t: TestApp;
/**
 * Every route the app registers, seen by Fastify's onRoute hook as it is added (not read from our plugin's list),
 * with the role it declares, so a route added anywhere under /api/admin is walked and its declaration checked.
 */
const registered: Array<{ method: string; url: string; config: FastifyContextConfig | undefined }> = [];
beforeAll(async () => {
  t = await createTestApp({
    onRoute: (route) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url, config: route.config });
    },
  });
});
afterAll(async () => t.close());

const adminRoutes = () =>
  registered
    .filter((route) => route.url.startsWith('/api/admin') && route.method !== 'HEAD' && route.method !== 'OPTIONS')
    // Signing out ends the session the walk uses: last.
    .sort((a, b) => Number(a.url === '/api/admin/logout') - Number(b.url === '/api/admin/logout'));
const signedInRoutes = () => adminRoutes().filter((route) => !PUBLIC_ADMIN_ROUTES.has(route.url));
const adminOnlyRoutes = () => signedInRoutes().filter((route) => minimumRoleOf(route.config) === 'admin');
const staffRoutes = () => signedInRoutes().filter((route) => minimumRoleOf(route.config) === 'staff');
const label = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

function inject(
  client: AdminClient | null,
  route: { method: string; url: string },
  request: { url?: string; payload?: unknown } = {},
) {
  const options = {
    method: route.method as 'GET',
    url: request.url ?? route.url.replace(/:[A-Za-z]+/g, randomUUID()),
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: request.payload ?? {} }),
  };
  return client ? client.request(options) : t.app.inject(options);
}

describe('every admin route requires an admin session', () => {
  it('finds the admin routes in the router', () => {
    const urls = adminRoutes().map(label);
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
    for (const route of signedInRoutes()) {
      const response = await inject(null, route);
      expect({ route: label(route), status: response.statusCode }).toEqual({ route: label(route), status: 401 });
      checked.push(route.url);
    }
    expect(checked.length).toBeGreaterThan(20);
  });

  it('keeps the sign-in (and its two-factor code step) as the only public admin paths', () => {
    expect([...PUBLIC_ADMIN_ROUTES]).toEqual(['/api/admin/login', '/api/admin/login/code']);
  });
});

describe('roles: what staff cannot do is declared per route and refused by the guard', () => {
  it('declares the admin role on fees, templates, unit deletion and the team; staff keep the day-to-day', () => {
    const adminOnly = adminOnlyRoutes().map(label);
    expect(adminOnly).toEqual(
      expect.arrayContaining([
        'POST /api/admin/additional-fees',
        'PATCH /api/admin/additional-fees/:id',
        'POST /api/admin/orders/:id/refunds',
        'POST /api/admin/customers/:id/credits',
        'POST /api/admin/email-templates',
        'PATCH /api/admin/email-templates/:id',
        'DELETE /api/admin/units/:id',
        'GET /api/admin/team',
        'POST /api/admin/team',
        'PATCH /api/admin/team/:id',
      ]),
    );
    expect(staffRoutes().map(label)).toEqual(
      expect.arrayContaining([
        'GET /api/admin/me',
        'POST /api/admin/me/password',
        'GET /api/admin/additional-fees',
        'POST /api/admin/send-email',
        'POST /api/admin/orders/:id/status',
        'POST /api/admin/units',
        'PATCH /api/admin/units/:id',
        'GET /api/admin/audit-events',
        'POST /api/admin/logout',
      ]),
    );
  });

  it('answers 403 to a staff session on every admin-only route, even with a valid request, and changes nothing', async () => {
    const owner = await createAdminUser(t.db);
    const customer = await createCustomer(t.db);
    const fee = await createAdditionalFee(t.db, { customerId: customer.id, createdBy: owner.id });
    const model = await createUnitModel(t.db);
    const unit = await createUnit(t.db, { modelId: model.id });
    const template = await createEmailTemplate(t.db);
    // Requests that an admin's session would carry out: the guard must refuse them before they run.
    const valid: Record<string, { url?: string; payload?: unknown }> = {
      'POST /api/admin/additional-fees': {
        payload: { customerId: customer.id, feeType: 'damage', description: 'Broken window kit', amountCents: 5000 },
      },
      'PATCH /api/admin/additional-fees/:id': {
        url: `/api/admin/additional-fees/${fee.id}`,
        payload: { status: 'waived' },
      },
      'POST /api/admin/customers/:id/credits': {
        url: `/api/admin/customers/${customer.id}/credits`,
        payload: { amountCents: 1000, reason: 'Unit down a week' },
      },
      'POST /api/admin/email-templates': {
        payload: { name: 'Staff template', templateType: 'general', subject: 'Hi', body: 'Hello', isActive: true },
      },
      'PATCH /api/admin/email-templates/:id': {
        url: `/api/admin/email-templates/${template.id}`,
        payload: { isActive: false },
      },
      'DELETE /api/admin/units/:id': { url: `/api/admin/units/${unit.id}` },
      'POST /api/admin/team': {
        payload: {
          username: 'sneaky',
          email: 'sneaky@coolrent.example',
          role: 'admin',
          password: 'long enough password',
        },
      },
      'PATCH /api/admin/team/:id': { url: `/api/admin/team/${owner.id}`, payload: { disabled: true } },
    };
    const staff = await signInAdmin(t, 'staff password long', { role: 'staff' });
    const before = await snapshotTables(t.db);

    const checked: string[] = [];
    for (const route of adminOnlyRoutes()) {
      const response = await inject(staff, route, valid[label(route)]);
      expect({ route: label(route), status: response.statusCode, body: response.json() }).toEqual({
        route: label(route),
        status: 403,
        body: { message: adminRoleRequiredMessage },
      });
      checked.push(label(route));
    }
    expect(checked).toEqual(expect.arrayContaining(Object.keys(valid)));
    expect(await snapshotTables(t.db)).toEqual(before);
  });

  it('lets a staff session through every staff route (validation or a 404 may answer, never 403)', async () => {
    const staff = await signInAdmin(t, 'staff password long', { role: 'staff' });
    const checked: string[] = [];
    for (const route of staffRoutes()) {
      const response = await inject(staff, route);
      expect({ route: label(route), forbidden: response.statusCode === 403 || response.statusCode === 401 }).toEqual({
        route: label(route),
        forbidden: false,
      });
      checked.push(label(route));
    }
    expect(checked.length).toBeGreaterThan(20);
  });

  it('lets an admin session through every route', async () => {
    const admin = await signInAdmin(t);
    for (const route of signedInRoutes()) {
      const response = await inject(admin, route);
      expect({ route: label(route), status: response.statusCode }).not.toEqual({ route: label(route), status: 403 });
      expect(response.statusCode).not.toBe(401);
    }
  });

  it('leaves an unknown /api/admin path a 404 for staff, not a 403', async () => {
    const staff = await signInAdmin(t, 'staff password long', { role: 'staff' });
    const response = await staff.request({ method: 'GET', url: '/api/admin/no-such-thing' });
    expect(response.statusCode).toBe(404);
  });
});
