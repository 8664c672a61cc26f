import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createUnitModel } from '@/server/platform/db/factories';
import { productionEnv, productionHost } from '@tests/support/production-env';
import { createTestApp } from '@tests/support/test-app';
import {
  byFastify as fastifyAnswer,
  comparable,
  overSocket as socketAnswer,
  type Answer,
} from '@tests/support/answers';

/**
 * The catalog's list is answered before Fastify in production (http/fast-lane.ts, ADR 024 addendum) by replaying
 * Fastify's own answer. Each request here is answered both ways — by the listening server (the fast lane once the
 * variant is recorded) and by Fastify (app.inject, or the listening server for a request the lane passes on) — and
 * the two answers must match header by header and byte by byte.
 */

const METRICS_TOKEN = 'fast-lane-metrics-token';
const t = await createTestApp({ env: { ...productionEnv, METRICS_TOKEN } });
// A list over 1 kB, so that it has brotli and gzip copies and the encodings are variants of their own.
for (let i = 0; i < 4; i += 1) {
  await createUnitModel(t.db, { name: `Fast lane catalog ${i}`, description: 'A long description. '.repeat(20) });
}
await t.app.listen({ port: 0, host: '127.0.0.1' });
const port = (t.app.server.address() as AddressInfo).port;
afterAll(async () => t.close());

const overSocket = (method: string, url: string, headers: Record<string, string>) =>
  socketAnswer(port, productionHost, method, url, headers);
const byFastify = (method: 'GET' | 'HEAD', url: string, headers: Record<string, string>) =>
  fastifyAnswer(t.app, productionHost, method, url, headers);

/** The listening server's answer once the fast lane replays it (the first request of a variant records it). */
async function byFastLane(method: 'GET' | 'HEAD', url: string, headers: Record<string, string>): Promise<Answer> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const before = t.app.fastLane.replayed;
    const answer = await overSocket(method, url, headers);
    if (t.app.fastLane.replayed > before) return answer;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${method} ${url} was never answered by the fast lane`);
}

const etagNow = async () => String((await byFastify('GET', '/api/unit-models', {})).headers.etag);

describe('GET /api/unit-models in the fast lane', () => {
  const cases: Array<[string, 'GET' | 'HEAD', (etag: string) => Record<string, string>]> = [
    ['a plain GET', 'GET', () => ({})],
    ['GET accepting br and gzip', 'GET', () => ({ 'accept-encoding': 'gzip, deflate, br' })],
    ['GET accepting gzip only', 'GET', () => ({ 'accept-encoding': 'br;q=0, gzip' })],
    ['GET revalidating the current copy', 'GET', (etag) => ({ 'if-none-match': etag })],
    ['GET revalidating with a weak ETag in a list', 'GET', (etag) => ({ 'if-none-match': `"old", W/${etag}` })],
    ['GET revalidating with *', 'GET', () => ({ 'if-none-match': '*' })],
    ['GET revalidating an old copy', 'GET', () => ({ 'if-none-match': '"an-old-copy"' })],
    ['HEAD', 'HEAD', () => ({})],
    ['HEAD revalidating the current copy', 'HEAD', (etag) => ({ 'if-none-match': etag })],
  ];

  it.each(cases)('answers %s exactly as Fastify does', async (_name, method, headersFor) => {
    const headers = headersFor(await etagNow());
    const fastLane = await byFastLane(method, '/api/unit-models', headers);
    const fastify = await byFastify(method, '/api/unit-models', headers);
    expect(comparable(fastLane.headers)).toEqual(comparable(fastify.headers));
    expect(fastLane.status).toBe(fastify.status);
    expect(fastLane.body).toBe(fastify.body);
  });

  it('gives each replayed answer an X-Request-Id of its own, as Fastify does', async () => {
    const first = await byFastLane('GET', '/api/unit-models', {});
    const second = await byFastLane('GET', '/api/unit-models', {});
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    expect(first.headers['x-request-id']).toMatch(uuid);
    expect(second.headers['x-request-id']).toMatch(uuid);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect((await byFastify('GET', '/api/unit-models', {})).headers['x-request-id']).toMatch(uuid);
  });

  it('counts replayed answers in the request metrics, under the route as Fastify does', async () => {
    const series = 'coolrent_http_requests_total{method="GET",route="/api/unit-models",status="200"} ';
    const counted = async () => {
      const metrics = await byFastify('GET', '/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
      const line = Buffer.from(metrics.body, 'base64')
        .toString()
        .split('\n')
        .find((l) => l.startsWith(series));
      return Number(line?.slice(series.length) ?? 0);
    };
    await byFastLane('GET', '/api/unit-models', {});
    const before = { counted: await counted(), replayed: t.app.fastLane.replayed };
    await byFastLane('GET', '/api/unit-models', {});
    await byFastLane('GET', '/api/unit-models', {});
    const replays = t.app.fastLane.replayed - before.replayed;
    expect(replays).toBeGreaterThanOrEqual(2);
    expect((await counted()) - before.counted).toBe(replays);
  });

  it('replays each encoding with its Vary (the list is large enough to be compressed)', async () => {
    const br = await byFastLane('GET', '/api/unit-models', { 'accept-encoding': 'br' });
    const gzip = await byFastLane('GET', '/api/unit-models', { 'accept-encoding': 'gzip' });
    expect([br.headers['content-encoding'], gzip.headers['content-encoding']]).toEqual(['br', 'gzip']);
    expect(br.headers.vary).toBe('Accept-Encoding');
  });

  it('answers like Fastify on the same socket, keep-alive included', async () => {
    const fastLane = await byFastLane('GET', '/api/unit-models', {});
    // A query string is never replayed: Fastify answers it on the same server.
    const before = t.app.fastLane.replayed;
    const fastify = await overSocket('GET', '/api/unit-models?from=socket', {});
    expect(t.app.fastLane.replayed).toBe(before);
    expect(comparable(fastify.headers)).toEqual(comparable(fastLane.headers));
    expect(fastify.headers.connection).toBe(fastLane.headers.connection);
    expect(fastify.body).toBe(fastLane.body);
    expect(fastLane.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(fastLane.headers['x-content-type-options']).toBe('nosniff');
  });

  it('leaves another host to the canonical-origin redirect', async () => {
    await byFastLane('GET', '/api/unit-models', {});
    const before = t.app.fastLane.replayed;
    const answer = await overSocket('GET', '/api/unit-models', { host: 'www.coolrent.example' });
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('https://coolrent.example/api/unit-models');
    expect(t.app.fastLane.replayed).toBe(before);
  });

  it('answers the new catalog once a model is added (the old recording is not replayed)', async () => {
    const old = await byFastLane('GET', '/api/unit-models', {});
    const model = await createUnitModel(t.db, { name: 'Fast lane model' });
    let fresh = old;
    for (let attempt = 0; attempt < 100 && fresh.headers.etag === old.headers.etag; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      fresh = await byFastLane('GET', '/api/unit-models', {});
    }
    expect(fresh.headers.etag).not.toBe(old.headers.etag);
    expect(Buffer.from(fresh.body, 'base64').toString()).toContain(model.id);
    const fastify = await byFastify('GET', '/api/unit-models', {});
    expect(comparable(fresh.headers)).toEqual(comparable(fastify.headers));
    expect(fresh.body).toBe(fastify.body);
  });
});

describe('outside production', () => {
  it('is off: every request goes through Fastify (and its request log)', async () => {
    const dev = await createTestApp();
    try {
      await dev.app.listen({ port: 0, host: '127.0.0.1' });
      const devPort = (dev.app.server.address() as AddressInfo).port;
      for (let i = 0; i < 3; i += 1) {
        const status = await new Promise<number>((resolve, reject) =>
          http
            .get({ port: devPort, host: '127.0.0.1', path: '/api/unit-models' }, (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode!));
            })
            .on('error', reject),
        );
        expect(status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(dev.app.fastLane.replayed).toBe(0);
    } finally {
      await dev.close();
    }
  });
});
