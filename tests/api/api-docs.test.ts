import { Validator } from '@seriousme/openapi-schema-validator';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, type AdminClient } from '@tests/support/admin-client';
import { createTestApp, type TestApp } from '@tests/support/test-app';

/**
 * The API reference (ADR 020): two OpenAPI documents generated from the routes' zod schemas. Every route the app
 * registers (seen by Fastify's onRoute hook, as route-fuzz.test.ts collects them, so a route added later is checked
 * too) is in exactly one of them, and the public one names no admin route.
 */
const registered: Array<{ method: string; url: string; hidden: boolean }> = [];
let t: TestApp;
let admin: AdminClient;
let publicDoc: OpenAPIV3_1.Document;
let adminDoc: OpenAPIV3_1.Document;

/**
 * Left out of both documents on purpose, with the reason: HEAD routes (each mirrors a documented GET) and routes that
 * hide themselves, which are only the built web app's files (@fastify/static's routes: pages and assets, not an API;
 * registered only when the app serves a build).
 */
const leftOut = (route: { method: string; hidden: boolean }) => route.method === 'HEAD' || route.hidden;

beforeAll(async () => {
  t = await createTestApp({
    onRoute: (route) => {
      const hidden = (route.schema as { hide?: boolean } | undefined)?.hide === true;
      for (const method of [route.method].flat()) registered.push({ method, url: route.url, hidden });
    },
  });
  admin = await signInAdmin(t);
  publicDoc = (await t.app.inject({ url: '/api/docs' })).json();
  adminDoc = (await admin.request({ url: '/api/admin/docs' })).json();
});
afterAll(async () => t.close());

/** `/api/portal/:orderId` → `/api/portal/{orderId}`, as OpenAPI writes a path. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

function operations(doc: OpenAPIV3_1.Document): Map<string, OpenAPIV3_1.OperationObject> {
  const found = new Map<string, OpenAPIV3_1.OperationObject>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const) {
      const operation = item?.[method];
      if (operation) found.set(`${method.toUpperCase()} ${path}`, operation);
    }
  }
  return found;
}

describe('the API reference', () => {
  it('serves two documents that validate against the OpenAPI 3.1 schema', async () => {
    for (const doc of [publicDoc, adminDoc]) {
      const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
      expect(result.errors ?? []).toEqual([]);
      expect(result.valid).toBe(true);
      expect(doc.openapi).toBe('3.1.0');
    }
  });

  it('would notice an invalid document (so "validates" can fail)', async () => {
    const broken = { ...adminDoc, paths: { 'no-leading-slash': { get: { responses: {} } } } };
    expect((await new Validator().validate(broken as unknown as Record<string, unknown>)).valid).toBe(false);
  });

  it('lists every registered route in exactly one document', () => {
    const inPublic = operations(publicDoc);
    const inAdmin = operations(adminDoc);
    const documented = registered.filter((route) => !leftOut(route));
    expect(documented.length).toBeGreaterThan(50);
    const misplaced = documented
      .map(({ method, url }) => {
        const key = `${method} ${openApiPath(url)}`;
        const where = [inPublic.has(key) && 'public', inAdmin.has(key) && 'admin'].filter(Boolean);
        const expected = url.startsWith('/api/admin/') ? ['admin'] : ['public'];
        return JSON.stringify(where) === JSON.stringify(expected) ? null : `${key}: in ${JSON.stringify(where)}`;
      })
      .filter(Boolean);
    expect(misplaced).toEqual([]);
    // Nothing documented that the app does not serve.
    expect(inPublic.size + inAdmin.size).toBe(documented.length);
    expect(registered.filter((route) => route.hidden)).toEqual([]);
  });

  it('keeps the admin API out of the public document and behind the admin session', async () => {
    expect(Object.keys(publicDoc.paths ?? {}).filter((path) => path.startsWith('/api/admin'))).toEqual([]);
    expect(JSON.stringify(publicDoc)).not.toContain('adminSession');
    const anonymous = await t.app.inject({ url: '/api/admin/docs' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Authentication required' });
    expect(anonymous.body).not.toContain('/api/admin/orders');
  });

  it('describes the operations from their schemas, with the session each needs', () => {
    const inPublic = operations(publicDoc);
    const inAdmin = operations(adminDoc);
    const checkout = inPublic.get('POST /api/checkout/create-session')!;
    const body = (checkout.requestBody as OpenAPIV3_1.RequestBodyObject).content['application/json']!.schema!;
    expect(body).toMatchObject({ type: 'object', properties: { email: { type: 'string' } } });
    expect(Object.keys(checkout.responses ?? {})).toEqual(expect.arrayContaining(['200', '400']));
    expect(checkout.security).toBeUndefined();
    expect(inPublic.get('GET /api/portal/{orderId}')!.security).toEqual([{ customerSession: [] }]);
    expect(inAdmin.get('GET /api/admin/orders/filtered')!.security).toEqual([{ adminSession: [] }]);
    expect(inAdmin.get('GET /api/admin/orders/filtered')!.tags).toEqual(['orders']);
    expect(inAdmin.get('POST /api/admin/login')!.security).toBeUndefined();
    const statusFilter = inAdmin
      .get('GET /api/admin/orders/filtered')!
      .parameters?.find((parameter) => 'name' in parameter && parameter.name === 'status');
    expect(statusFilter).toMatchObject({ in: 'query', schema: { enum: expect.arrayContaining(['active']) } });
    expect(publicDoc.components?.securitySchemes).toEqual({
      customerSession: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'cr_session' }),
    });
  });
});
