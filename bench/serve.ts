/**
 * The app under benchmark, in a process of its own (bench/run.ts starts it): production configuration (JSON log
 * lines, security headers, the canonical origin), the built web app, a scratch database with a catalog, orders and
 * one signed-in customer and admin. Reports the port and the two session cookies to its parent over IPC.
 *
 * BENCH_DB: 'pglite' (in memory) or a PostgreSQL URL of a scratch database the parent created. BENCH_GROWTH=1 adds
 * bench/growth-seed.ts's history.
 */
// First: keeps nextTick's fast path (ADR 028); it must run before the process's first full GC.
import '@/server/platform/lib/tick-shape';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_SESSION_COOKIE } from '@/server/platform/auth/staff-sessions';
import { buildApp } from '@/server/app';
import { CUSTOMER_SESSION_COOKIE } from '@/server/platform/auth/customer-sessions';
import { loadConfig } from '@/server/platform/config';
import pg from 'pg';
import { openPostgres } from '@/server/platform/db/client';
import { openPgliteThread } from '@/server/platform/db/pglite-thread';
import { runMigrations } from '@/server/platform/db/migrate';
import { gatherPlannerStatistics } from '@/server/prepare-database';
import { createAppDeps } from '@/server/deps';
import { seed } from './seed';
import { seedGrowth } from './growth-seed';

/** Statements sent to the database (each a round trip to PostgreSQL, a turn of PGlite's one session). */
let statements = 0;
let requests = 0;

/** The embedded database as the server opens it (db/open.ts): in its own thread, in memory here. */
function countedPglite() {
  return openPgliteThread({ onStatement: () => (statements += 1) });
}

function countedPostgres(url: string) {
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    statements += 1;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  return openPostgres(url, Number(process.env.BENCH_POOL ?? 10));
}

async function main() {
  const port = Number(process.env.BENCH_PORT);
  const origin = `http://127.0.0.1:${port}`;
  const target = process.env.BENCH_DB ?? 'pglite';
  const database = target === 'pglite' ? await countedPglite() : countedPostgres(target);
  await runMigrations(database);
  const order = await seed(database);
  // bench/growth.ts: 100k customers and 250k orders on top of the catalog (bench/growth-seed.ts).
  if (process.env.BENCH_GROWTH) await seedGrowth(database);
  // As the server's next start over this data would (db/prepare.ts).
  await gatherPlannerStatistics(database);
  // Production as a staging site runs it: the local payment page (create-session opens its sessions in this
  // database, where Stripe would be a call over the network), behind a proxy on loopback whose X-Forwarded-For
  // gives each benchmark client its own address.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coolrent-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'a-bench-secret-that-is-long-enough-0123456789',
    ALLOW_TEST_PAYMENTS_AND_OUTBOX: 'true',
    STRIPE_WEBHOOK_SECRET: 'whsec_bench_configuration',
    SMTP_URL: 'smtp://127.0.0.1:1',
    TRUST_PROXY: 'loopback',
    PORT: String(port),
    HOST: '127.0.0.1',
  });
  const webRoot = process.env.BENCH_WEB_ROOT ?? path.resolve(process.cwd(), 'dist/web');
  const app = await buildApp({ deps: createAppDeps(config, database), webRoot });
  await app.listen({ port, host: '127.0.0.1' });
  app.server.on('request', () => (requests += 1));

  const cookieFrom = (setCookies: string[], name: string) =>
    setCookies.map((cookie) => cookie.split(';')[0]!).find((pair) => pair.startsWith(`${name}=`)) ?? '';
  const access = await fetch(`${origin}/api/account-access`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ orderNumber: order.orderNumber, email: order.email }),
  });
  const login = await fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench-admin', password: 'bench admin password' }),
  });
  if (!access.ok || !login.ok) throw new Error(`sign-in failed: ${access.status} ${login.status}`);
  process.send!({
    port,
    orderId: order.id,
    customerCookie: cookieFrom(access.headers.getSetCookie(), CUSTOMER_SESSION_COOKIE),
    adminCookie: cookieFrom(login.headers.getSetCookie(), ADMIN_SESSION_COOKIE),
    modelId: order.checkoutModelId,
  });
  // bench/reads.ts: CPU time and statements between two marks, per request served in between.
  process.on('message', (message: { stats?: boolean }) => {
    if (message.stats) process.send!({ stats: { cpu: process.cpuUsage(), statements, requests } });
  });
  // bench/profile.ts: CPU profile of the load only (not of start-up and seeding), written where the parent says.
  const inspector = new Session();
  process.on('message', (message: { profile?: 'start' | 'stop'; file?: string }) => {
    if (message.profile === 'start') {
      inspector.connect();
      void inspector
        .post('Profiler.setSamplingInterval', { interval: 200 })
        .then(() => inspector.post('Profiler.enable'))
        .then(() => inspector.post('Profiler.start'))
        .then(() => process.send!({ profiling: true }));
    } else if (message.profile === 'stop') {
      void inspector.post('Profiler.stop').then(({ profile }) => {
        writeFileSync(message.file!, JSON.stringify(profile));
        inspector.disconnect();
        process.send!({ profiled: message.file });
      });
    }
  });
  process.on('disconnect', () => {
    void app.close().then(() =>
      database.close().then(() => {
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      }),
    );
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
