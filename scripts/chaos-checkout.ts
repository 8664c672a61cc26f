/**
 * Checkout under kill -9: starts the real server (the bundle of src/server/main.ts) on a scratch database, sends
 * concurrent create-session calls, kills the process with SIGKILL at a random moment, restarts it on the same data,
 * several rounds; then checks every acknowledged order (a 200 answer) and that the orphan sweep leaves no pending
 * order without a payment session past its grace period (docs/decisions/021-orphan-checkouts-and-chaos-test.md).
 *
 *   npm run chaos                                                       # PGlite in a temporary DATA_DIR
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run chaos   # a scratch database beside that one
 *
 * CHAOS_ROUNDS (default 6) and CHAOS_CONCURRENCY (default 12) tune it. Exits non-zero on any violation, keeping the
 * data dir (server.log inside) and the scratch database for a look. Not part of `npm test`: it takes a minute or two.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import pg from 'pg';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { ADMIN_SESSION_COOKIE } from '@/server/platform/auth/staff-sessions';
import { loadConfig } from '@/server/platform/config';
import type { Database, Db } from '@/server/platform/db/client';
import { createUnitModel } from '@/server/platform/db/factories';
import { runMigrations } from '@/server/platform/db/migrate';
import { openDatabase } from '@/server/platform/db/open';
import { units } from '@/server/platform/db/schema';
import { freePort, waitUntilReady } from '@tests/support/server-process';
import { giveRoomyDeliveryCapacity } from '@tests/support/roomy-delivery-capacity';
import { checkOrdersAndHolds, orderCensus, orphanCounts, type Acknowledged } from './chaos-checkout-checks';

const ROUNDS = Number(process.env.CHAOS_ROUNDS ?? 6);
const CONCURRENCY = Number(process.env.CHAOS_CONCURRENCY ?? 12);
const UNITS = 2000;
/** When in each round the kill comes, after the server is ready: long enough for a warm server to acknowledge some. */
const KILL_AFTER_MS = { min: 1000, max: 8000 };
const ADMIN = { username: 'chaos-admin', password: 'chaos-admin-password' };
const root = path.resolve(import.meta.dirname, '..');

/** A fresh bundle each run, inside the repository so its bare imports resolve to node_modules. */
async function bundleServer(): Promise<string> {
  const outfile = path.join(root, 'dist/chaos/main.js');
  await build({
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}

/** PGlite in the data dir, or a scratch PostgreSQL database next to the one DATABASE_URL names. */
async function scratchDatabase(): Promise<{ url: string | undefined; label: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return { url: undefined, label: 'PGlite', drop: async () => {} };
  const name = `coolrent_chaos_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    label: `PostgreSQL (${url.host}/${name})`,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const bundle = await bundleServer();
const scratch = await scratchDatabase();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coolrent-chaos-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const env = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  NODE_ENV: 'development',
  HOST: '127.0.0.1',
  PORT: String(port),
  PUBLIC_URL: baseUrl,
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.CHAOS_LOG_LEVEL ?? 'warn',
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
  ...(scratch.url && { DATABASE_URL: scratch.url }),
};
const config = loadConfig(env);

/** The database as the server sees it, opened while no server runs (PGlite is one process's at a time). */
async function withDatabase<T>(work: (db: Db, database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(config);
  try {
    return await work(database.db, database);
  } finally {
    await database.close();
  }
}

/** A model of our own with plenty of units: out of stock is not what this run is about. */
const modelId = await withDatabase(async (db, database) => {
  await runMigrations(database);
  const model = await createUnitModel(db, { name: 'Chaos 12,000 BTU' });
  await giveRoomyDeliveryCapacity(db);
  for (let start = 0; start < UNITS; start += 500) {
    const batch = Array.from({ length: Math.min(500, UNITS - start) }, (_, i) => ({
      modelId: model.id,
      serial: `CHAOS-${start + i}`,
      brand: 'Midea',
      model: 'MAP12S1TBL',
      btu: 12_000,
      purchaseDate: new Date('2025-04-01T00:00:00Z'),
      purchasePrice: '449.00',
    }));
    await db.insert(units).values(batch);
  }
  return model.id;
});

const log = openSync(path.join(dataDir, 'server.log'), 'a');
function startServer(): { child: ChildProcess; exited: Promise<void> } {
  // cwd is the data dir, so a developer's .env in the repository cannot point the run at their database.
  const child = spawn(process.execPath, [bundle], { cwd: dataDir, env, stdio: ['ignore', log, log] });
  return { child, exited: new Promise((resolve) => child.once('exit', () => resolve())) };
}

let customer = 0;
/** A new client each call: its own loopback address, e-mail and street, so no per-client bound refuses it. */
function createSession(): Promise<{ status: number; body: string } | null> {
  customer += 1;
  const n = customer;
  const body = JSON.stringify({
    planType: 'monthly',
    startDate: addDays(todayInLosAngeles(), 1),
    name: 'Chaos Renter',
    email: `chaos-${n}@example.com`,
    phone: '(714) 555-0101',
    address: `${n} Chaos Street`,
    city: 'Irvine',
    zipCode: '92612',
    modelId,
  });
  const localAddress = `127.${1 + (Math.floor(n / 65_024) % 254)}.${Math.floor(n / 254) % 256}.${1 + (n % 254)}`;
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/checkout/create-session',
        localAddress,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', () => resolve(null));
      },
    );
    request.on('error', () => resolve(null));
    request.end(body);
  });
}

const acknowledged: Acknowledged[] = [];
const tally = { requests: 0, acknowledged: 0, refused: 0, failed: 0, unanswered: 0 };

/** CONCURRENCY clients sending create-session back to back until `stopped()`. */
async function load(stopped: () => boolean): Promise<void> {
  const client = async () => {
    while (!stopped()) {
      tally.requests += 1;
      const answer = await createSession();
      if (answer?.status === 200) {
        const { orderId, sessionUrl } = JSON.parse(answer.body) as { orderId: string; sessionUrl: string };
        acknowledged.push({ orderId, sessionId: sessionUrl.split('/').pop()! });
        tally.acknowledged += 1;
      } else if (!answer) {
        tally.unanswered += 1;
      } else if (answer.status < 500) {
        tally.refused += 1;
      } else {
        tally.failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
}

async function adminCall(pathname: string, body?: unknown): Promise<{ now: string }> {
  const login = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const token = login.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith(`${ADMIN_SESSION_COOKIE}=`))
    ?.split(';')[0];
  if (!token) throw new Error(`admin sign-in failed: ${login.status} ${await login.text()}`);
  const response = await fetch(`${baseUrl}${pathname}`, {
    method: body ? 'POST' : 'GET',
    headers: { cookie: token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { now: string };
}

async function stopGracefully(server: ReturnType<typeof startServer>): Promise<void> {
  server.child.kill('SIGTERM');
  await server.exited;
}

console.log(`checkout chaos on ${scratch.label}: ${ROUNDS} rounds, ${CONCURRENCY} clients; data dir ${dataDir}`);
let kills = 0;
for (let round = 1; round <= ROUNDS; round += 1) {
  const server = startServer();
  await waitUntilReady(baseUrl, 60_000);
  let killed = false;
  const killAfterMs = KILL_AFTER_MS.min + Math.random() * (KILL_AFTER_MS.max - KILL_AFTER_MS.min);
  const killer = setTimeout(() => {
    server.child.kill('SIGKILL');
    killed = true;
    kills += 1;
  }, killAfterMs);
  await load(() => killed);
  clearTimeout(killer);
  await server.exited;
  console.log(`round ${round}: killed after ${Math.round(killAfterMs)} ms; ${tally.acknowledged} acknowledged so far`);
}

// Restart on what the last kill left, and check it as it stands.
let server = startServer();
await waitUntilReady(baseUrl, 60_000);
const clockAtRestart = new Date((await adminCall('/api/admin/billing-clock')).now);
await stopGracefully(server);
const violations = await withDatabase((db) => checkOrdersAndHolds(db, modelId, acknowledged, clockAtRestart));
const census = await withDatabase((db) => orderCensus(db, modelId));

// A day later on the demo's billing clock, the scheduled work has run: no orphan may survive it.
server = startServer();
await waitUntilReady(baseUrl, 60_000);
const dayLater = new Date((await adminCall('/api/admin/billing-clock/advance', { days: 1 })).now);
await stopGracefully(server);
const orphans = await withDatabase((db) => orphanCounts(db, modelId, dayLater));
if (orphans.openPastGrace > 0) {
  violations.push(`${orphans.openPastGrace} pending orders without a payment session survived the sweep`);
}
if (orphans.sweptStillHolding > 0) violations.push(`${orphans.sweptStillHolding} swept orders still hold a unit`);
violations.push(...(await withDatabase((db) => checkOrdersAndHolds(db, modelId, acknowledged, dayLater))));

console.log('\norders of the run by status (before the sweep):');
console.table(census);
console.table([
  {
    database: scratch.label.split(' ')[0],
    rounds: ROUNDS,
    requests: tally.requests,
    acknowledged: tally.acknowledged,
    'refused (4xx)': tally.refused,
    '5xx': tally.failed,
    'unanswered (killed)': tally.unanswered,
    kills,
    'orphans swept': orphans.swept,
    violations: violations.length,
  },
]);
for (const violation of violations.slice(0, 50)) console.error(`VIOLATION: ${violation}`);

if (violations.length > 0) {
  console.error(`kept for a look: ${dataDir}${scratch.url ? ` and ${scratch.url}` : ''}`);
  process.exit(1);
}
await scratch.drop();
rmSync(dataDir, { recursive: true, force: true });
