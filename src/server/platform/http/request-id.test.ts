import Fastify, { LogController } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { productionEnv } from '@tests/support/production-env';
import { createTestApp } from '@tests/support/test-app';
import { registerRequestLog } from '../logging';
import { newRequestId, registerRequestIdHeader, requestIdFor } from './request-id';
import { trustedProxyCheck } from './trust-proxy';

/** X-Request-Id (ADR 032): taken from a trusted proxy or made, returned on every answer, on every log line. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PROXY = '10.0.0.5';

const direct = await createTestApp();
// Behind one proxy: light-my-request's connections come from `remoteAddress` (127.0.0.1 unless given).
const proxied = await createTestApp({ env: { TRUST_PROXY: PROXY } });
afterAll(async () => {
  await direct.close();
  await proxied.close();
});

describe('newRequestId', () => {
  it('makes version-4 UUIDs, none twice, across several batches of random bytes', () => {
    const ids = Array.from({ length: 1000 }, newRequestId);
    const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(ids.filter((id) => !v4.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('spreads its hex digits evenly (not a counter, nor a fixed part beyond the version and variant)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i += 1)
      for (const digit of newRequestId().slice(24)) counts.set(digit, (counts.get(digit) ?? 0) + 1);
    // 2000 ids × the last 12 digits: about 1,500 of each of the 16 (σ ≈ 37); a fixed or stuck digit is far off.
    expect(counts.size).toBe(16);
    for (const count of counts.values()) expect(count).toBeGreaterThan(1200);
  });
});

describe('X-Request-Id', () => {
  it('is made for each request and returned', async () => {
    const [first, second] = await Promise.all([
      direct.app.inject({ url: '/healthz' }),
      direct.app.inject({ url: '/healthz' }),
    ]);
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it("round-trips the trusted proxy's id", async () => {
    const response = await proxied.app.inject({
      url: '/api/unit-models',
      remoteAddress: PROXY,
      headers: { 'x-request-id': 'edge-7f3a:01.b_c' },
    });
    expect(response.headers['x-request-id']).toBe('edge-7f3a:01.b_c');
  });

  it('ignores the id a client sends itself: without TRUST_PROXY, or from an address that is not the proxy', async () => {
    for (const [t, remoteAddress] of [
      [direct, PROXY],
      [proxied, '198.51.100.7'],
    ] as const) {
      const response = await t.app.inject({ url: '/healthz', remoteAddress, headers: { 'x-request-id': 'chosen' } });
      expect(response.headers['x-request-id']).toMatch(UUID);
    }
  });

  it.each([
    ['too long', 'a'.repeat(129)],
    ['with a space', 'two words'],
    ['with a slash', 'a/b'],
    ['with a quote', 'a"b'],
    ['empty', ''],
  ])('replaces a proxy id that is %s', async (_name, value) => {
    const response = await proxied.app.inject({
      url: '/healthz',
      remoteAddress: PROXY,
      headers: { 'x-request-id': value },
    });
    expect(response.headers['x-request-id']).toMatch(UUID);
  });

  it('is returned on errors, unknown paths, malformed URLs and redirects too', async () => {
    const notFound = await direct.app.inject({ url: '/api/no-such-thing' });
    const invalid = await direct.app.inject({ url: '/api/service-area/quote?zip=x' });
    const malformed = await direct.app.inject({ url: '/api/unit-models/%E0%A4%A/photo' });
    expect([notFound.statusCode, invalid.statusCode, malformed.statusCode]).toEqual([404, 400, 400]);
    // Refused by Fastify before any hook (frameworkErrors).
    expect(malformed.json().message).toMatch(/not a valid url component/);
    for (const response of [notFound, invalid, malformed]) expect(response.headers['x-request-id']).toMatch(UUID);

    const production = await createTestApp({ env: productionEnv });
    try {
      const redirect = await production.app.inject({ url: '/catalog', headers: { host: 'www.coolrent.example' } });
      expect(redirect.statusCode).toBe(301);
      expect(redirect.headers['x-request-id']).toMatch(UUID);
    } finally {
      await production.close();
    }
  });

  it("is every log line's reqId for the request", async () => {
    const lines: Array<{ reqId?: string; msg: string }> = [];
    const app = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
      logController: new LogController({ disableRequestLogging: true }),
      genReqId: requestIdFor([]),
    });
    registerRequestIdHeader(app);
    registerRequestLog(app, { production: false });
    app.post('/api/work', async (request) => {
      request.log.info('working on it');
      return { ok: true };
    });
    const response = await app.inject({ method: 'POST', url: '/api/work' });
    await app.close();
    const id = response.headers['x-request-id'];
    expect(id).toMatch(UUID);
    expect(lines.map((line) => [line.msg, line.reqId])).toEqual([
      ['working on it', id],
      ['request completed', id],
    ]);
  });
});

describe('which peer is a trusted proxy (TRUST_PROXY as parsed)', () => {
  it.each([
    [[], '127.0.0.1', false],
    [['10.0.0.5'], '10.0.0.5', true],
    [['10.0.0.5'], '::ffff:10.0.0.5', true],
    [['10.0.0.5'], '10.0.0.6', false],
    [['172.16.0.0/12'], '172.31.255.1', true],
    [['172.16.0.0/12'], '172.32.0.1', false],
    [['loopback'], '::1', true],
    [['loopback'], '127.8.0.1', true],
    [['uniquelocal'], 'fd12::1', true],
    [['uniquelocal'], '8.8.8.8', false],
    [['linklocal', 'fd00::/8'], 'fe80::1', true],
    [['10.0.0.5'], undefined, false],
  ] as const)('%o trusts %s: %s', (list, peer, trusted) => {
    expect(trustedProxyCheck(list)(peer)).toBe(trusted);
  });
});
