import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/server/app';
import { createAppDeps } from '@/server/deps';
import { loadConfig } from '@/server/platform/config';
import { startScheduledWork } from '@/server/platform/timer';
import { startSentrySink, type ReceivedEvent } from '@tests/support/sentry-sink';
import { createTestDatabase } from '@tests/support/test-app';

/**
 * Error reports (ADR 032) reach a local server posing as Sentry's ingest endpoint, through the real SDK and its HTTP
 * transport: a route's 500 tagged with its request id, a failed scheduled sweep tagged with the sweep; never a 4xx,
 * and nothing at all without SENTRY_DSN.
 */
const sink = await startSentrySink();
const closing: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closing.reverse()) await close();
  await sink.close();
});

/** The real app, with a route that throws (added before it is ready) and, if asked, its scheduled work running. */
async function appWith(
  env: Record<string, string>,
  options: { beforeStart?: (app: FastifyInstance) => Promise<void> },
) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coolrent-errors-'));
  const testDatabase = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({ deps: createAppDeps(config, testDatabase.database), logger: false });
  app.get('/api/test-failure', async () => {
    throw new Error(`The test route broke (${env.SENTRY_DSN ? 'reported' : 'not reported'})`);
  });
  await options.beforeStart?.(app);
  await app.ready();
  closing.push(async () => {
    await app.close();
    await testDatabase.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return app;
}

const messageOf = (event: ReceivedEvent) => event.exception?.values?.[0]?.value ?? '';

async function eventually(found: () => ReceivedEvent | undefined, withinMs = 5000): Promise<ReceivedEvent> {
  const deadline = performance.now() + withinMs;
  while (performance.now() < deadline) {
    const event = found();
    if (event) return event;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('No such event reached the Sentry endpoint');
}

describe('with SENTRY_DSN', () => {
  const ready = appWith(
    { SENTRY_DSN: sink.dsn, SENTRY_ENVIRONMENT: 'staging', SENTRY_RELEASE: 'coolrent@test' },
    {
      // A sweep that fails on every run: its table is gone. The first run starts at once.
      beforeStart: async (app) => {
        await app.deps.db.execute(sql`alter table waitlist_entries rename to waitlist_entries_moved_away`);
        startScheduledWork(app);
      },
    },
  );

  it('reports a thrown error with its message, environment, release and the request id as a tag', async () => {
    const app = await ready;
    const response = await app.inject({ url: '/api/test-failure' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    const requestId = response.headers['x-request-id'];
    expect(await app.errorReporter.flush(5000)).toBe(true);

    const event = await eventually(() => sink.events.find((e) => e.tags?.requestId === requestId));
    expect(messageOf(event)).toBe('The test route broke (reported)');
    expect(event.exception?.values?.[0]?.type).toBe('Error');
    expect(event.tags).toMatchObject({ method: 'GET', route: '/api/test-failure' });
    expect(event).toMatchObject({ environment: 'staging', release: 'coolrent@test' });
    expect(event.request).toBeUndefined();
    expect(sink.requests.at(-1)).toEqual({ path: '/api/1/envelope/', key: 'publickey' });
  });

  it('reports a failed scheduled sweep, tagged with the sweep', async () => {
    const app = await ready;
    await app.errorReporter.flush(5000);
    const event = await eventually(() => sink.events.find((e) => e.tags?.sweep === 'waitlist'));
    expect(messageOf(event)).toMatch(/waitlist_entries/);
    // The other sweeps ran and did not fail.
    expect(sink.events.filter((e) => e.tags?.sweep !== undefined && e.tags.sweep !== 'waitlist')).toEqual([]);
  });

  it('does not report a client error (4xx)', async () => {
    const app = await ready;
    const before = sink.events.length;
    expect((await app.inject({ url: '/api/no-such-route' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/service-area/quote?zip=x' })).statusCode).toBe(400);
    await app.errorReporter.flush(5000);
    expect(sink.events.slice(before).filter((event) => event.tags?.requestId !== undefined)).toEqual([]);
  });
});

describe('without SENTRY_DSN', () => {
  it('sends nothing, even with SENTRY_DSN in the process environment (only the configuration counts)', async () => {
    process.env.SENTRY_DSN = sink.dsn;
    try {
      const app = await appWith({}, {});
      expect(app.errorReporter.kind).toBe('none');
      expect((await app.inject({ url: '/api/test-failure' })).statusCode).toBe(500);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(sink.events.filter((event) => messageOf(event).includes('not reported'))).toEqual([]);
    } finally {
      delete process.env.SENTRY_DSN;
    }
  });
});
