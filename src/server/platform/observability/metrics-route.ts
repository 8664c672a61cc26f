import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { outboxBacklog } from '../mail/outbox';
import { Metrics, UNMATCHED_ROUTE } from './metrics';

export const METRICS_PATH = '/metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The app's metrics, reading the outbox (its age by the app's clock) and the pool of `database` when scraped. */
export function createMetrics(database: Database, clock: Clock): Metrics {
  return new Metrics({
    outbox: async () => {
      const { depth, oldestQueuedAt } = await outboxBacklog(database.db);
      const ageMs = oldestQueuedAt ? clock.now().getTime() - oldestQueuedAt.getTime() : 0;
      return { depth, oldestAgeSeconds: Math.max(0, ageMs / 1000) };
    },
    connections: () => database.connections?.() ?? {},
  });
}

/**
 * With METRICS_TOKEN set, every answer is counted: method, route pattern, status, time taken (an early onResponse
 * hook, so it sees every route). Without it nothing is counted per request.
 */
export function countRequests(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  if (!token) return;
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    metrics.countRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/**
 * GET /metrics, with METRICS_TOKEN set: the Prometheus exposition to `Authorization: Bearer <token>`, 401 to
 * anything else. Without it, an unknown path (404). Outside /api/admin: a scraper has no admin session.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  if (!token) return;
  // Compared as digests: the same length whatever is sent, so the comparison takes the same time.
  const expected = digest(`Bearer ${token}`);
  app.get(
    METRICS_PATH,
    {
      schema: {
        description:
          'Prometheus metrics (text exposition): requests by route and status with latency, the e-mail outbox, ' +
          'scheduled work, webhook events and database connections. Requires `Authorization: Bearer <METRICS_TOKEN>`.',
      },
    },
    async (request, reply) => {
      if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ message: 'The metrics token is required' });
      }
      const text = await metrics.exposition((error) =>
        request.log.error({ err: error }, 'the outbox could not be read for /metrics'),
      );
      return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
    },
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}
