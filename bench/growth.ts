/**
 * Growth must not slow customers (issue 31, item 1): the production-built bench server over 100k customers and
 * 250k orders (bench/growth-seed.ts), its public routes' p99 and max measured by wrk, first alone, then while an
 * owner's CSV exports, the dashboard (stats, needs-attention, analytics, the orders list's pages) and a trickle of
 * checkouts (each one drops the orders list's pages) run from this process, concurrently. Goal: p99 < 200 ms.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:growth [-- --pglite] [-- --seconds=8]
 *
 * PostgreSQL in a scratch database (created and dropped); --pglite also runs the embedded database (in memory).
 * Figures and the machine they came from: docs/perf/growth.md.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { buildBenchServer, createSessionRequest, freePort, root, scratchPostgres, start, type Ready } from './support';

const SECONDS = Number(process.argv.find((arg) => arg.startsWith('--seconds='))?.split('=')[1] ?? 8);
const CONNECTIONS = 8;
const GOAL_MS = 200;
const run = promisify(execFile);

/** The public routes a customer's browser reads. */
const publicRoutes = (ready: Ready) => [
  { name: 'GET /', path: '/' },
  { name: 'GET /catalog', path: '/catalog' },
  { name: 'GET /api/unit-models', path: '/api/unit-models' },
  { name: 'GET /api/portal/:id', path: `/api/portal/${ready.orderId}`, cookie: ready.customerCookie },
];

interface Latency {
  p99: number;
  max: number;
  requests: number;
  errors: number;
}

/** wrk's done() hook: the latency distribution's p99 and max (microseconds), requests and errors, as one line. */
const WRK_SCRIPT = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("GROWTH %d %d %d %d\\n", latency:percentile(99), latency.max, summary.requests,
    e.connect + e.read + e.write + e.status + e.timeout))
end
`;

/** One wrk run (--latency) against one route; p99 and max read from its latency distribution. */
async function wrk(script: string, port: number, route: { path: string; cookie?: string }): Promise<Latency> {
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--timeout', '10s', '--latency', '-s', script];
  if (route.cookie) args.push('-H', `cookie: ${route.cookie}`);
  const { stdout } = await run('/usr/bin/wrk', [...args, `http://127.0.0.1:${port}${route.path}`]);
  const line = stdout.split('\n').find((l) => l.startsWith('GROWTH '));
  if (!line) throw new Error(`wrk printed no figures:\n${stdout}`);
  const [p99, max, requests, errors] = line.split(' ').slice(1).map(Number) as [number, number, number, number];
  return { p99: p99 / 1000, max: max / 1000, requests, errors };
}

/** What the owner's side did while the customers were measured. */
interface AdminLoad {
  stop(): Promise<{ exports: number[]; reads: number[]; checkouts: number }>;
}

/** Reads a response to its end without keeping it (an export is tens of megabytes). */
async function drain(response: Response): Promise<number> {
  let bytes = 0;
  const reader = response.body!.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.byteLength;
  if (!response.ok) throw new Error(`${response.url}: ${response.status}`);
  return bytes;
}

/**
 * The owner's loops: orders CSV exports back to back; the dashboard (stats, needs-attention, analytics) and the
 * orders list's pages with their filters and searches; and a checkout every second, whose commit drops the list's
 * pages (the "dropped on every checkout and rebuilt in full").
 */
function adminLoad(ready: Ready): AdminLoad {
  const origin = `http://127.0.0.1:${ready.port}`;
  const headers = { cookie: ready.adminCookie };
  let running = true;
  const exports: number[] = [];
  const reads: number[] = [];
  let checkouts = 0;
  const timed = async (into: number[], url: string) => {
    const started = performance.now();
    await drain(await fetch(`${origin}${url}`, { headers }));
    into.push(performance.now() - started);
  };
  const lists = [
    '/api/admin/orders/filtered',
    '/api/admin/orders/filtered?status=active',
    '/api/admin/orders/filtered?status=abandoned',
    '/api/admin/orders/filtered?status=completed&page=100',
    '/api/admin/orders/filtered?search=nguyen',
    '/api/admin/orders/filtered?planType=weekly&sort=startDate&direction=asc',
  ];
  const dashboard = ['/api/admin/stats', '/api/admin/needs-attention', '/api/admin/analytics', ...lists];
  const loops = [
    (async () => {
      while (running) await timed(exports, '/api/admin/orders/export.csv');
    })(),
    (async () => {
      for (let i = 0; running; i += 1) await timed(reads, dashboard[i % dashboard.length]!);
    })(),
    (async () => {
      for (let n = 1; running; n += 1) {
        const request = createSessionRequest(ready.modelId, `growth-${process.pid}`, n);
        const response = await fetch(`${origin}/api/checkout/create-session`, { method: 'POST', ...request });
        await drain(response);
        checkouts += 1;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    })(),
  ];
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return { exports, reads, checkouts };
    },
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10);

async function measure(label: string, serverFile: string, database: string): Promise<boolean> {
  const port = await freePort();
  const started = performance.now();
  const [child, ready] = await start<Ready>(serverFile, {
    BENCH_PORT: String(port),
    BENCH_DB: database,
    BENCH_GROWTH: '1',
    BENCH_ORDERS: '6',
    BENCH_CHECKOUT_UNITS: '2000',
  });
  console.log(`\n${label}: seeded and listening in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'growth-wrk-'));
  const script = path.join(dir, 'done.lua');
  writeFileSync(script, WRK_SCRIPT);
  try {
    const routes = publicRoutes(ready);
    // Warm-up: caches filled, JIT warm, as a server that has been up a while.
    for (const route of routes) {
      const headers: Record<string, string> = route.cookie ? { cookie: route.cookie } : {};
      await drain(await fetch(`http://127.0.0.1:${port}${route.path}`, { headers }));
    }
    const alone: Latency[] = [];
    for (const route of routes) alone.push(await wrk(script, port, route));
    const load = adminLoad(ready);
    const loaded: Latency[] = [];
    for (const route of routes) loaded.push(await wrk(script, port, route));
    const { exports, reads, checkouts } = await load.stop();

    console.log(`\n${label}, ${CONNECTIONS} connections, ${SECONDS} s per route (goal: p99 < ${GOAL_MS} ms)`);
    console.log(
      `${'route'.padEnd(22)}${'p99 alone'.padStart(11)}${'max alone'.padStart(11)}${'p99 busy'.padStart(11)}` +
        `${'max busy'.padStart(11)}   req/s alone → busy`,
    );
    let ok = true;
    routes.forEach((route, i) => {
      const [a, b] = [alone[i]!, loaded[i]!];
      ok &&= a.p99 < GOAL_MS && b.p99 < GOAL_MS && a.errors === 0 && b.errors === 0;
      const rate = (l: Latency) => Math.round(l.requests / SECONDS);
      const errors = a.errors + b.errors ? `  (${a.errors} / ${b.errors} errors)` : '';
      console.log(
        `${route.name.padEnd(22)}${ms(a.p99)} ${ms(a.max)} ${ms(b.p99)} ${ms(b.max)}   ${rate(a)} → ${rate(b)}${errors}`,
      );
    });
    console.log(
      `owner's side meanwhile: ${exports.length} full orders exports (median ${ms(percentile(exports, 50)).trim()}), ` +
        `${reads.length} dashboard/list reads (p50 ${ms(percentile(reads, 50)).trim()}, ` +
        `p99 ${ms(percentile(reads, 99)).trim()}), ${checkouts} checkouts`,
    );
    console.log(ok ? `${label}: goal met` : `${label}: GOAL MISSED`);
    return ok;
  } finally {
    rmSync(dir, { recursive: true, force: true });
    child.disconnect();
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function main() {
  if (!existsSync(path.join(root, 'dist/web/index.html'))) {
    await run('npm', ['run', 'build'], { cwd: root });
  }
  // BENCH_SERVER_FILE: an already bundled bench server (another commit's, to compare back to back).
  const serverFile = process.env.BENCH_SERVER_FILE ?? (await buildBenchServer());
  let ok = true;
  const postgres = await scratchPostgres();
  if (postgres) {
    try {
      ok = (await measure('PostgreSQL', serverFile, postgres.url)) && ok;
    } finally {
      await postgres.drop();
    }
  } else {
    console.log('No TEST_DATABASE_URL (or DATABASE_URL): PostgreSQL skipped.');
  }
  if (process.argv.includes('--pglite')) ok = (await measure('PGlite', serverFile, 'pglite')) && ok;
  process.exitCode = ok ? 0 : 1;
}

await main();
