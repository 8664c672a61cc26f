import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { notifications } from '@/server/platform/db/schema';
import { enqueueNotification } from '@/server/platform/mail/outbox';
import { signWebhook, postWebhook } from '@tests/support/payment-fixtures';
import { createTestApp } from '@tests/support/test-app';
import { Metrics } from './metrics';

/**
 * GET /metrics (ADR 032): the Prometheus exposition behind METRICS_TOKEN, with the series an operator watches.
 */
const METRICS_TOKEN = 'a-metrics-token-of-twenty-four';
const t = await createTestApp({ env: { METRICS_TOKEN } });
afterAll(async () => t.close());

const scrape = () => t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });

/** The value of one series in the exposition, or undefined when it is not there. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('is an unknown path (404) without METRICS_TOKEN', async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it.each([
    ['no token', undefined],
    ['a wrong token', `Bearer ${METRICS_TOKEN}-not`],
    ['the token without the scheme', METRICS_TOKEN],
    ['an empty bearer', 'Bearer '],
  ])('answers 401 to %s', async (_name, authorization) => {
    const response = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(response.body).not.toContain('coolrent_');
  });

  it('counts requests by method, route pattern (never the path) and status, with their latency', async () => {
    await t.app.inject({ url: '/api/unit-models' });
    await t.app.inject({ url: '/api/unit-models/no-such-model/photo' });
    await t.app.inject({ url: '/api/nowhere/at-all' });
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(valueOf(text, 'coolrent_http_requests_total{method="GET",route="/api/unit-models",status="200"}')).toBe(1);
    const photo = 'coolrent_http_requests_total{method="GET",route="/api/unit-models/:modelId/photo",status="';
    expect(text.split('\n').filter((line) => line.startsWith(photo))).toHaveLength(1);
    expect(valueOf(text, 'coolrent_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(text).not.toContain('no-such-model');
    expect(text).not.toContain('nowhere');
    const bucket = 'coolrent_http_request_duration_seconds_bucket{le="+Inf",route="/api/unit-models"}';
    expect(valueOf(text, bucket)).toBe(1);
    expect(valueOf(text, 'coolrent_http_request_duration_seconds_count{route="/api/unit-models"}')).toBe(1);
    expect(valueOf(text, 'coolrent_http_request_duration_seconds_sum{route="/api/unit-models"}')).toBeGreaterThan(0);
  });

  it("exposes the outbox's depth and the age of its oldest message, by the app's clock", async () => {
    const before = await scrape();
    expect(valueOf(before.body, 'coolrent_outbox_depth')).toBe(0);
    expect(valueOf(before.body, 'coolrent_outbox_oldest_age_seconds')).toBe(0);
    for (const key of ['metrics:1', 'metrics:2']) {
      await enqueueNotification(t.db, {
        key,
        audience: 'owner',
        kind: 'contact_message',
        customerId: null,
        orderId: null,
        values: {},
      });
    }
    const twoHoursAgo = new Date(t.deps.clock.now().getTime() - 2 * 3_600_000);
    await t.db.update(notifications).set({ createdAt: twoHoursAgo }).where(eq(notifications.key, 'metrics:1'));
    const text = (await scrape()).body;
    expect(valueOf(text, 'coolrent_outbox_depth')).toBe(2);
    expect(valueOf(text, 'coolrent_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(7200);
    expect(valueOf(text, 'coolrent_outbox_oldest_age_seconds')).toBeLessThan(7200 + 60);
    await t.db.delete(notifications);
  });

  it('counts scheduled sweeps, each run and failure', async () => {
    const now = t.deps.clock.now();
    const log = { error: () => undefined };
    await t.app.healthWatch.afterRun((await t.app.scheduledWork.run(now, log)).sweeps, now);
    await t.app.healthWatch.afterRun((await t.app.scheduledWork.run(now, log)).sweeps, now);
    const text = (await scrape()).body;
    for (const sweep of ['orphan_checkouts', 'late_fees', 'waitlist', 'notifications']) {
      expect(valueOf(text, `coolrent_scheduled_work_runs_total{sweep="${sweep}"}`)).toBe(2);
      expect(valueOf(text, `coolrent_scheduled_work_failures_total{sweep="${sweep}"}`)).toBe(0);
    }
  });

  it('counts webhook events by type and outcome, an unverified one without its claimed type', async () => {
    const event = (id: string) =>
      JSON.stringify({ id, object: 'event', type: 'customer.created', created: 1, data: { object: {} } });
    const payload = event('evt_metrics_1');
    expect((await postWebhook(t, payload, signWebhook(t, payload))).statusCode).toBe(200);
    expect((await postWebhook(t, payload, signWebhook(t, payload))).statusCode).toBe(200);
    expect((await postWebhook(t, event('evt_metrics_2'), 't=1,v1=forged')).statusCode).toBe(400);
    const text = (await scrape()).body;
    expect(valueOf(text, 'coolrent_webhook_events_total{type="customer.created",outcome="ignored"}')).toBe(1);
    expect(valueOf(text, 'coolrent_webhook_events_total{type="customer.created",outcome="duplicate"}')).toBe(1);
    expect(valueOf(text, 'coolrent_webhook_events_total{type="unverified",outcome="refused"}')).toBe(1);
  });

  it("exposes the database's connections (PGlite: its one session; PostgreSQL: the pool's counts)", async () => {
    const text = (await scrape()).body;
    if (t.database.kind === 'pglite') {
      expect(valueOf(text, 'coolrent_db_pool_connections{state="total"}')).toBe(1);
    } else {
      expect(valueOf(text, 'coolrent_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(valueOf(text, 'coolrent_db_pool_connections{state="waiting"}')).toBe(0);
    }
  });
});

describe('the request-duration histogram', () => {
  it('counts each request in every bucket at or above its time (cumulative), with the sum and count', async () => {
    const metrics = new Metrics({ outbox: async () => ({ depth: 0, oldestAgeSeconds: 0 }), connections: () => ({}) });
    for (const seconds of [0.003, 0.03, 0.03, 30]) metrics.countRequest('GET', '/api/x', 200, seconds);
    const text = await metrics.exposition(() => undefined);
    const bucket = (le: string) =>
      valueOf(text, `coolrent_http_request_duration_seconds_bucket{le="${le}",route="/api/x"}`);
    expect([bucket('0.005'), bucket('0.025'), bucket('0.05'), bucket('10'), bucket('+Inf')]).toEqual([1, 1, 3, 3, 4]);
    expect(valueOf(text, 'coolrent_http_request_duration_seconds_sum{route="/api/x"}')).toBeCloseTo(30.063);
    expect(valueOf(text, 'coolrent_http_request_duration_seconds_count{route="/api/x"}')).toBe(4);
  });

  it('leaves the outbox NaN when it cannot be read, and still answers', async () => {
    const unreadable = new Error('database down');
    const seen: unknown[] = [];
    const metrics = new Metrics({
      outbox: async () => Promise.reject(unreadable),
      connections: () => ({ total: 0 }),
    });
    const text = await metrics.exposition((error) => seen.push(error));
    expect(valueOf(text, 'coolrent_outbox_depth')).toBeNaN();
    expect(seen).toEqual([unreadable]);
  });
});
