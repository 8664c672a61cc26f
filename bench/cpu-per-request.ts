/**
 * CPU time per request, server side: the built app (bench/serve.ts) and the bare server (bench/bare.ts) each under
 * wrk load (bench/wrk.ts), their processes' user+system time (from /proc) divided by the requests answered, and on
 * PostgreSQL the database's too (its backends serving the scratch database: PostgreSQL must run on this machine).
 * Unlike req/s, this hardly moves when other jobs share the machine: it is what docs/perf/capacity.md is built on.
 *
 * `tsx bench/cpu-per-request.ts [figure...] [pglite|postgres]`, figures as bench/profile.ts names them (default
 * unit-models): unit-models, home, home-es, catalog, catalog-es, portal, admin-orders, create-session (PostgreSQL:
 * each request a new customer holding a unit; no bare reference), or any /path (asked with a browser's
 * Accept-Encoding). BENCH_SECONDS (3), BENCH_ROUNDS (3),
 * BENCH_CONNECTIONS (50).
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { BareRoutes } from './bare';
import {
  buildBenchServer,
  capture,
  createSessionScript,
  freePort,
  scratchPostgres,
  start,
  type Ready,
} from './support';
import { failures, wrk } from './wrk';

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TICK_US = 1e6 / 100; // USER_HZ

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
type Target = { path: string; headers?: Record<string, string>; createSession?: boolean };
const figures: Record<string, (ready: Ready) => Target> = {
  'unit-models': () => ({ path: '/api/unit-models', headers: BROWSER }),
  home: () => ({ path: '/', headers: BROWSER }),
  'home-es': () => ({ path: '/', headers: { ...BROWSER, 'accept-language': 'es-MX,es;q=0.9' } }),
  catalog: () => ({ path: '/catalog', headers: BROWSER }),
  'catalog-es': () => ({ path: '/catalog', headers: { ...BROWSER, cookie: 'lang=es' } }),
  portal: (ready) => ({ path: `/api/portal/${ready.orderId}`, headers: { cookie: ready.customerCookie } }),
  'admin-orders': (ready) => ({ path: '/api/admin/orders/filtered', headers: { cookie: ready.adminCookie } }),
  'create-session': () => ({ path: '/api/checkout/create-session', createSession: true }),
};

function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_US;
}

/** CPU time (µs) of each backend connected to `database`, from /proc. */
async function backendsCpu(client: pg.Client | null, database: string): Promise<Map<number, number>> {
  const cpu = new Map<number, number>();
  if (!client) return cpu;
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );
  for (const { pid } of rows) {
    try {
      cpu.set(pid, cpuMicros(pid));
    } catch {
      // Gone meanwhile.
    }
  }
  return cpu;
}

async function run(pid: number, port: number, target: Target, ready: Ready, observer?: Observer) {
  const script = target.createSession ? createSessionScript(ready.modelId) : undefined;
  const before = cpuMicros(pid);
  const dbBefore = await backendsCpu(observer?.client ?? null, observer?.database ?? '');
  const result = await wrk({
    url: `http://127.0.0.1:${port}${target.path}`,
    seconds: SECONDS,
    connections: CONNECTIONS,
    headers: target.headers,
    script: script?.script,
    countStatuses: target.createSession,
  });
  script?.used(result.requests);
  const cpu = cpuMicros(pid) - before;
  let dbCpu = 0;
  for (const [backend, us] of await backendsCpu(observer?.client ?? null, observer?.database ?? ''))
    dbCpu += us - (dbBefore.get(backend) ?? 0);
  return {
    rps: result.rps,
    usPerRequest: cpu / result.requests,
    dbUsPerRequest: dbCpu / result.requests,
    bad: failures(result),
  };
}

interface Observer {
  client: pg.Client;
  database: string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const args = process.argv.slice(2);
  const db = args.includes('postgres') ? 'postgres' : 'pglite';
  const names = args.filter((arg) => arg !== 'postgres' && arg !== 'pglite');
  if (names.length === 0) names.push('unit-models');
  // BENCH_SERVER_FILE: an already bundled bench server (another commit's, to compare back to back).
  const serverFile = process.env.BENCH_SERVER_FILE ?? (await buildBenchServer());
  const postgres = db === 'pglite' ? null : await scratchPostgres();
  if (db !== 'pglite' && !postgres) throw new Error('Set TEST_DATABASE_URL or DATABASE_URL for PostgreSQL');
  const port = await freePort();
  const [server, ready] = await start<Ready>(serverFile, {
    BENCH_DB: postgres?.url ?? 'pglite',
    BENCH_PORT: String(port),
  });
  const observer = postgres
    ? { client: new pg.Client({ connectionString: postgres.url }), database: new URL(postgres.url).pathname.slice(1) }
    : undefined;
  await observer?.client.connect();
  // The public pages are rendered in the background once the app is ready; a page request waits for that render.
  await capture(port, '/');
  const targets = names.map((name) => {
    // A path of its own (a static file, another API read), asked as a browser asks it.
    if (name.startsWith('/')) return [name, { path: name, headers: BROWSER } as Target] as const;
    if (!figures[name]) throw new Error(`Unknown figure ${name}: ${Object.keys(figures).join(', ')}, or a /path`);
    return [name, figures[name](ready)] as const;
  });
  const routes: BareRoutes['routes'] = [];
  for (const [, target] of targets) {
    if (target.createSession) continue;
    const canned = await capture(port, target.path, target.headers);
    routes.push({ url: target.path, requestHeaders: target.headers ?? {}, canned });
  }
  const [bare, barePort] = await start<{ port: number }>(path.join(here, 'bare.ts'), {}, { routes });
  try {
    for (const [name, target] of targets) {
      // A warm-up (the JIT; the fast lane records each variant on its first request).
      await run(server.pid!, port, target, ready);
      const apps: number[] = [];
      const dbs: number[] = [];
      const bares: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const app = await run(server.pid!, port, target, ready, observer);
        const reference = target.createSession ? undefined : await run(bare.pid!, barePort.port, target, ready);
        apps.push(app.usPerRequest);
        dbs.push(app.dbUsPerRequest);
        if (reference) bares.push(reference.usPerRequest);
        console.log(
          `${name} (${db}) round ${round + 1}: app ${Math.round(app.rps)} req/s, ${app.usPerRequest.toFixed(1)} µs CPU/req` +
            (observer ? ` + PostgreSQL ${app.dbUsPerRequest.toFixed(1)} µs` : '') +
            `${app.bad ? ` (${app.bad} bad)` : ''}` +
            (reference
              ? `; bare ${Math.round(reference.rps)} req/s, ${reference.usPerRequest.toFixed(1)} µs CPU/req; ` +
                `ratio ${(app.rps / reference.rps).toFixed(2)}×`
              : '') +
            `; load ${os.loadavg()[0]!.toFixed(1)}`,
        );
      }
      console.log(
        `${name} (${db}) CPU per request, app: min ${Math.min(...apps).toFixed(1)} µs, median ${median(apps).toFixed(1)} µs` +
          (observer ? `; PostgreSQL median ${median(dbs).toFixed(1)} µs` : '') +
          (bares.length
            ? `; bare: min ${Math.min(...bares).toFixed(1)} µs, median ${median(bares).toFixed(1)} µs; ` +
              `bare/app (medians) ${(median(bares) / median(apps)).toFixed(2)}×`
            : ''),
      );
    }
  } finally {
    bare.disconnect();
    server.disconnect();
    await new Promise((resolve) => server.once('exit', resolve));
    await observer?.client.end();
    await postgres?.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
