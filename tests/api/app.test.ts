import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app';

const routes: Array<{ method: string; url: string }> = [];
const t = await createTestApp({
  env: { BUSINESS_PHONE: '(949) 555-0100', BUSINESS_EMAIL: 'help@example.com' },
  onRoute: (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  },
});
afterAll(async () => t.close());

describe('the HTTP shell', () => {
  it('reports liveness and database readiness', async () => {
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ message: 'Route GET /api/no-such-thing not found' });
  });

  it('answers malformed JSON with a 400 message, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/create-session',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken"',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "Body is not valid JSON but content-type is set to 'application/json'",
    });
  });

  it('registers a HEAD route beside every GET route', () => {
    const heads = new Set(routes.filter((r) => r.method === 'HEAD').map((r) => r.url));
    const gets = routes.filter((r) => r.method === 'GET').map((r) => r.url);
    expect(gets.length).toBeGreaterThan(20);
    expect(gets.filter((url) => !heads.has(url))).toEqual([]);
  });

  it('answers HEAD wherever GET is answered, with the same status and no body', async () => {
    for (const url of ['/healthz', '/readyz', '/api/unit-models', '/api/site-info']) {
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe((await t.app.inject({ method: 'GET', url })).statusCode);
      expect(head.statusCode, url).toBe(200);
      expect(head.body, url).toBe('');
    }
  });

  it('sets security headers on every response', async () => {
    const response = await t.app.inject({ url: '/api/unit-models' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('serves the business contact details from configuration', async () => {
    const response = await t.app.inject({ url: '/api/site-info' });
    expect(response.json()).toEqual({ phone: '(949) 555-0100', email: 'help@example.com' });
  });
});
