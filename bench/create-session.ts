/**
 * Throughput and latency of POST /api/checkout/create-session over real HTTP, the way the checkout page calls it:
 * a fresh customer each time, a unit held in a transaction, a local payment session opened.
 *
 *   npx tsx bench/create-session.ts                      # embedded PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/create-session.ts
 *
 * With DATABASE_URL the script creates a scratch database next to the one named, and drops it afterwards.
 * BENCH_REQUESTS (default 2000) and BENCH_CONCURRENCY (default 16) tune the run. A client address may hold 2 units
 * in unpaid checkouts (ADR 016), so each client connects from its own loopback address (127.x.y.z) and moves to a
 * new one every 2 requests; the rate-limit write and the hold-limit counts are measured like every other part.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/create-session.ts cpu
 *
 * `cpu`: what a wall-clock rate on a shared machine cannot show. The built bench server (bench/serve.ts, as
 * `npm run bench` runs it; BENCH_SERVER_FILE for another commit's bundle) under autocannon load from new customers
 * (support.ts), BENCH_ROUNDS (default 3) runs of BENCH_SECONDS (default 5) at BENCH_CONNECTIONS (default 50); per
 * request served: the app process's CPU, its PostgreSQL backends' CPU (from /proc) and the statements it sent.
 */
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/platform/config';
import { openPglite, openPostgres, type Database } from '@/server/platform/db/client';
import { createUnitModel } from '@/server/platform/db/factories';
import { runMigrations } from '@/server/platform/db/migrate';
import { units } from '@/server/platform/db/schema';
import { createAppDeps } from '@/server/deps';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { HOLD_LIMITS } from '@/server/rentals/units/hold-limits';
import { giveRoomyDeliveryCapacity } from '@tests/support/roomy-delivery-capacity';
import { buildBenchServer, createSessionRequests, freePort, scratchPostgres, start, type Ready } from './support';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const WARMUP = Math.min(200, Math.floor(REQUESTS / 10));
const REQUESTS_PER_ADDRESS = 2;

interface Scratch {
  database: Database;
  label: string;
  drop(): Promise<void>;
}

async function scratchDatabase(): Promise<Scratch> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openPglite({});
    return { database, label: 'PGlite (embedded, in memory)', drop: () => database.close() };
  }
  const name = `coolrent_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const scratchUrl = new URL(url);
  scratchUrl.pathname = `/${name}`;
  const database = openPostgres(scratchUrl.toString(), 10);
  return {
    database,
    label: `PostgreSQL (${new URL(url).host}, pool of 10)`,
    drop: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function addUnits(database: Database, modelId: string, count: number): Promise<void> {
  for (let start = 0; start < count; start += 500) {
    const batch = Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
      modelId,
      serial: `BENCH-${modelId.slice(0, 8)}-${start + i}`,
      brand: 'Midea',
      model: 'MAP12S1TBL',
      btu: 12_000,
      purchaseDate: new Date('2025-04-01T00:00:00Z'),
      purchasePrice: '449.00',
    }));
    await database.db.insert(units).values(batch);
  }
}

/** 127.(1..254).(0..255).(1..254): distinct loopback sources, all routed to the local listener on Linux. */
let addressCounter = 0;
function nextLoopbackAddress(): string {
  const n = addressCounter++;
  return `127.${1 + (Math.floor(n / (256 * 254)) % 254)}.${Math.floor(n / 254) % 256}.${1 + (n % 254)}`;
}

function post(port: number, agent: http.Agent, body: string): Promise<{ status: number; ms: number }> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/checkout/create-session',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: Number(process.hrtime.bigint() - started) / 1e6 }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

let customerCounter = 0;
function registration(modelId: string): string {
  customerCounter += 1;
  return JSON.stringify({
    planType: 'monthly',
    startDate: addDays(todayInLosAngeles(), 1),
    name: 'Bench Renter',
    email: `bench-${process.pid}-${customerCounter}@example.com`,
    phone: '(714) 555-0101',
    address: `${customerCounter} Bench Street`,
    city: 'Irvine',
    zipCode: '92612',
    modelId,
  });
}

interface RunResult {
  requests: number;
  seconds: number;
  latencies: number[];
  statuses: Map<number, number>;
}

/** A closed loop: CONCURRENCY clients, each sending its next request as soon as the last one answered. */
async function run(port: number, modelId: string, total: number): Promise<RunResult> {
  let issued = 0;
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const client = async () => {
    let agent: http.Agent | null = null;
    let sentFromAddress = REQUESTS_PER_ADDRESS;
    while (issued < total) {
      issued += 1;
      if (sentFromAddress >= REQUESTS_PER_ADDRESS) {
        agent?.destroy();
        agent = new http.Agent({
          keepAlive: true,
          maxSockets: 1,
          localAddress: nextLoopbackAddress(),
        } as http.AgentOptions);
        sentFromAddress = 0;
      }
      sentFromAddress += 1;
      const { status, ms } = await post(port, agent!, registration(modelId));
      latencies.push(ms);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    agent?.destroy();
  };
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { requests: total, seconds, latencies, statuses };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function report(name: string, result: RunResult) {
  const sorted = [...result.latencies].sort((a, b) => a - b);
  return {
    scenario: name,
    requests: result.requests,
    concurrency: CONCURRENCY,
    'req/s': Math.round(result.requests / result.seconds),
    'p50 ms': Number(percentile(sorted, 50).toFixed(1)),
    'p95 ms': Number(percentile(sorted, 95).toFixed(1)),
    'p99 ms': Number(percentile(sorted, 99).toFixed(1)),
    statuses: [...result.statuses].map(([status, n]) => `${status}×${n}`).join(' '),
  };
}

async function main() {
  const scratch = await scratchDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coolrent-bench-'));
  try {
    await runMigrations(scratch.database);
    // What is measured is the checkout, not a full van: without room, the default windows filled after some 70
    // checkouts, and the rest were refused as full (409).
    await giveRoomyDeliveryCapacity(scratch.database.db);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const inStock = await createUnitModel(scratch.database.db);
    const soldOut = await createUnitModel(scratch.database.db);
    // Unpaid checkouts may hold at most their share of the model's free units (ADR 037): enough that every one holds.
    await addUnits(scratch.database, inStock.id, Math.ceil((WARMUP + REQUESTS + 1) / HOLD_LIMITS.unpaidShare));

    const app = await buildApp({ deps: createAppDeps(config, scratch.database), logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    console.log(`create-session on ${scratch.label}; Node ${process.version}, ${os.cpus().length} CPUs`);
    await run(port, inStock.id, WARMUP);
    const held = await run(port, inStock.id, REQUESTS);
    const refused = await run(port, soldOut.id, REQUESTS);
    console.table([report('unit held (200)', held), report('out of stock (409)', refused)]);
    await app.close();
  } finally {
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const TICK_US = 1e6 / 100; // USER_HZ

/** User + system CPU of a process so far, in µs (0 once it has exited). */
function cpuMicros(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_US;
  } catch {
    return 0;
  }
}

interface ServerStats {
  cpu: NodeJS.CpuUsage;
  statements: number;
  requests: number;
}

function serverStats(child: ChildProcess): Promise<ServerStats> {
  return new Promise((resolve) => {
    const listener = (message: { stats?: ServerStats }) => {
      if (!message.stats) return;
      child.off('message', listener);
      resolve(message.stats);
    };
    child.on('message', listener);
    child.send({ stats: true });
  });
}

/** The CPU of the scratch database's backends (the app's pool), by pid, now. */
async function backendsCpu(monitor: pg.Client, database: string): Promise<Map<number, number>> {
  const { rows } = await monitor.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );
  return new Map(rows.map(({ pid }) => [pid, cpuMicros(pid)]));
}

async function cpuPerRequest() {
  const postgres = await scratchPostgres();
  if (!postgres) throw new Error('cpu: set DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL database');
  const database = new URL(postgres.url).pathname.slice(1);
  const serverFile = process.env.BENCH_SERVER_FILE ?? (await buildBenchServer());
  const port = await freePort();
  const [server, ready] = await start<Ready>(serverFile, { BENCH_DB: postgres.url, BENCH_PORT: String(port) });
  const monitor = new pg.Client({ connectionString: postgres.url });
  await monitor.connect();
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  const url = `http://127.0.0.1:${port}`;
  try {
    console.log(`create-session, PostgreSQL, ${path.relative(process.cwd(), serverFile)}; ${connections} connections`);
    await autocannon({ url, connections: 10, duration: 1, requests: createSessionRequests(ready.modelId) });
    for (let round = 0; round < Number(process.env.BENCH_ROUNDS ?? 3); round += 1) {
      const load = os.loadavg()[0]!;
      const before = await serverStats(server);
      const backendsBefore = await backendsCpu(monitor, database);
      const result = await autocannon({
        url,
        connections,
        duration: seconds,
        timeout: 10,
        requests: createSessionRequests(ready.modelId),
      });
      const backendsAfter = await backendsCpu(monitor, database);
      const after = await serverStats(server);
      const served = after.requests - before.requests;
      const appMs = (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / 1000 / served;
      let backendUs = 0;
      for (const [pid, cpu] of backendsAfter) backendUs += cpu - (backendsBefore.get(pid) ?? 0);
      console.log(
        `round ${round + 1}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ` +
          `max ${result.latency.max} ms, non-2xx ${result.non2xx + result.errors + result.timeouts}; per request: ` +
          `app CPU ${appMs.toFixed(2)} ms, PostgreSQL backends ${(backendUs / 1000 / served).toFixed(2)} ms, ` +
          `${((after.statements - before.statements) / served).toFixed(2)} statements; ` +
          `load average ${load.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)}`,
      );
    }
    const { rows } = await monitor.query<{ held: string; holders: string }>(
      'select count(held_by_order_id) as held, count(distinct held_by_order_id) as holders from units',
    );
    const { held, holders } = rows[0]!;
    console.log(
      held === holders
        ? `no oversell: ${held} units held by ${holders} orders`
        : `OVERSOLD: ${held} holds, ${holders} orders`,
    );
  } finally {
    await monitor.end();
    server.disconnect();
    await new Promise((resolve) => server.once('exit', resolve));
    await postgres.drop();
  }
}

await (process.argv[2] === 'cpu' ? cpuPerRequest() : main());
