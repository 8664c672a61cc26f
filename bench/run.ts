/**
 * `npm run bench`: the figures of issues 14 and 32 in one run, each beside a bare node:http server sending the same
 * bytes (bench/bare.ts), on the built app (bench/serve.ts, production configuration) on a free port, driven by wrk
 * (bench/wrk.ts), whose ceiling is printed beside each figure. PGlite always; PostgreSQL too when TEST_DATABASE_URL
 * or DATABASE_URL is set (a scratch database is created next to the one named and dropped afterwards). Builds the
 * web app first when dist/web is missing.
 *
 * BENCH_SECONDS (default 5) per run, BENCH_ROUNDS (default 3) runs per figure and side, BENCH_CONNECTIONS (default
 * 50), BENCH_THREADS (wrk's, default 2), BENCH_ORDERS (default 2000), BENCH_POOL (PostgreSQL pool size, default
 * 10), BENCH_ONLY (figures whose name contains it). Prints a Markdown table.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { BareRoutes } from './bare';
import {
  buildBenchServer,
  capture,
  createSessionRequest,
  createSessionScript,
  freePort,
  root,
  scratchPostgres,
  serverNodeVersion,
  start,
  type Ready,
} from './support';
import { failures, WRK, wrk, type WrkResult } from './wrk';

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const THREADS = Number(process.env.BENCH_THREADS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const MAX_MS = 1000;
/** What a browser sends that the pages depend on: the encodings it takes (and, per figure, its language). */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

type Db = 'PGlite' | 'PostgreSQL';
interface Figure {
  name: string;
  path: (ids: Ready) => string;
  /** Request headers, the same to the app and to the bare server (which tells figures of one path apart by them). */
  headers?: (ids: Ready) => Record<string, string>;
  /** The goal: a share of the bare server's rate, or a rate per database; and no request over 1 s. */
  goal: { ratio?: number; perSecond?: Record<Db, number>; maxMs?: number };
  pgliteOnly?: boolean;
  postgresOnly?: boolean;
  /** POST /api/checkout/create-session from new customers (support.ts), each holding a unit. */
  createSession?: boolean;
}

const page = (name: string, url: string, headers: Record<string, string>): Figure => ({
  name,
  path: () => url,
  headers: () => ({ ...BROWSER, ...headers }),
  goal: { ratio: 0.8 },
  pgliteOnly: true,
});
const figures: Figure[] = [
  { name: 'GET /api/unit-models', path: () => '/api/unit-models', goal: { ratio: 0.9 } },
  page('GET / (HTML, br)', '/', {}),
  page('GET / (HTML, br, Spanish by Accept-Language)', '/', { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' }),
  page('GET /catalog (HTML, br)', '/catalog', {}),
  page('GET /catalog (HTML, br, Spanish by cookie)', '/catalog', { cookie: 'lang=es' }),
  {
    name: 'GET /api/portal/:id',
    path: (ids) => `/api/portal/${ids.orderId}`,
    headers: (ids) => ({ cookie: ids.customerCookie }),
    goal: { perSecond: { PostgreSQL: 3000, PGlite: 1000 }, maxMs: MAX_MS },
  },
  {
    name: 'GET /api/admin/orders/filtered',
    path: () => '/api/admin/orders/filtered',
    headers: (ids) => ({ cookie: ids.adminCookie }),
    goal: { perSecond: { PostgreSQL: 2000, PGlite: 500 }, maxMs: MAX_MS },
  },
  {
    name: 'POST /api/checkout/create-session, unit held',
    path: () => '/api/checkout/create-session',
    goal: { perSecond: { PostgreSQL: 400, PGlite: 0 } },
    postgresOnly: true,
    createSession: true,
  },
];

/** One wrk run of a figure against one side; create-session sends a new script of new customers each time. */
async function load(port: number, figure: Figure, ready: Ready, seconds = SECONDS) {
  const script = figure.createSession ? createSessionScript(ready.modelId, THREADS) : undefined;
  const result = await wrk({
    url: `http://127.0.0.1:${port}${figure.path(ready)}`,
    seconds,
    connections: CONNECTIONS,
    threads: THREADS,
    headers: figure.headers?.(ready),
    script: script?.script,
    countStatuses: figure.createSession,
  });
  script?.used(result.requests);
  return result;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * ROUNDS runs of each side, app and bare taking turns (a busy machine slows both alike), after a 1 s warm-up of
 * each (the JIT; the fast lane records each variant's answer on its first request). Medians and the range of the
 * rounds' ratios; the app's worst p99 and max; wrk's lowest ceiling over the bare runs.
 */
async function measure(run: (side: 'app' | 'bare', seconds?: number) => Promise<WrkResult>) {
  const apps: WrkResult[] = [await run('app', 1)];
  await run('bare', 1);
  const bares: WrkResult[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    apps.push(await run('app'));
    bares.push(await run('bare'));
  }
  const measured = apps.slice(1);
  const ratios = measured.map((app, i) => app.rps / bares[i]!.rps);
  return {
    app: median(measured.map((r) => r.rps)),
    bare: median(bares.map((r) => r.rps)),
    ratio: median(ratios),
    ratios: [Math.min(...ratios), Math.max(...ratios)],
    p99: Math.max(...measured.map((r) => r.p99)),
    max: Math.max(...measured.map((r) => r.max)),
    failed: measured.reduce((sum, r) => sum + failures(r), 0),
    // From the bare runs: the most requests per run, so wrk's start-up (threads, Lua) weighs least in its CPU time.
    ceiling: Math.min(...bares.map((r) => r.ceiling)),
    // Every 2xx of the app, the warm-up's included (create-session: each holds a unit).
    served: apps.reduce((sum, r) => sum + (r.ok ?? 0), 0),
    runs: apps.length,
  };
}

/**
 * Zero oversell: no unit is held for two orders and no order holds two units, and every checkout answered 200 holds
 * one (a few more may hold one too: the requests still in flight when each run's time was up, up to one per
 * connection, whose answers wrk did not count).
 */
async function oversell(url: string, answered: number, runs: number): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ held: string; holders: string; units: string }>(
      `select count(held_by_order_id) as held, count(distinct held_by_order_id) as holders,
        count(distinct id) filter (where held_by_order_id is not null) as units from units`,
    );
    const held = Number(rows[0]!.held);
    const holders = Number(rows[0]!.holders);
    const exact = held === holders && held >= answered && held <= answered + CONNECTIONS * runs;
    return exact
      ? `no oversell: ${held} units held by ${holders} orders (${answered} answered in time, the rest in flight at the end)`
      : `OVERSOLD: ${held} holds, ${holders} orders, ${answered} answered`;
  } finally {
    await client.end();
  }
}

/**
 * The JavaScript `/` loads before anything else (its scripts and module preloads: the page's script loader names
 * them in `data-entry` and `data-preload`, src/server/platform/http/page-scripts.ts), as the brotli files sent.
 */
function scriptBytesForHome(): number {
  const web = path.join(root, 'dist/web');
  const html = readFileSync(path.join(web, 'index.html'), 'utf8');
  const named = [...html.matchAll(/\sdata-(?:entry|preload)="([^"]+)"/g)].flatMap((m) => m[1]!.split(' '));
  const files = new Set(named.map((url) => url.replace(/^\//, '')));
  let bytes = 0;
  for (const file of files) {
    const compressed = path.join(web, `${file}.br`);
    bytes += statSync(existsSync(compressed) ? compressed : path.join(web, file)).size;
  }
  return bytes;
}

const rows: string[] = [];
let serverFile = '';
const whole = (n: number) => Math.round(n).toLocaleString('en-US');

function row(figure: Figure, db: Db, result: Awaited<ReturnType<typeof measure>>, note: string): string {
  const { goal } = figure;
  const goalText = [goal.ratio ? `≥ ${goal.ratio}× bare` : `≥ ${goal.perSecond![db]} req/s`]
    .concat(goal.maxMs ? [`max < ${goal.maxMs} ms`] : [])
    .join(', ');
  const met =
    result.failed === 0 &&
    (goal.ratio ? result.ratio >= goal.ratio : result.app >= goal.perSecond![db]) &&
    (!goal.maxMs || result.max < goal.maxMs);
  // The generator is the limit when it could drive less than twice what the bare server answered.
  const ceiling = `${whole(result.ceiling)} (${(result.ceiling / result.bare).toFixed(1)}× bare)`;
  const [low, high] = result.ratios.map((r) => r!.toFixed(2));
  return `| ${[
    `${figure.name} (${db})`,
    result.ceiling < 2 * result.bare ? `${ceiling} ⚠ generator-bound` : ceiling,
    whole(result.app),
    whole(result.bare),
    `${result.ratio.toFixed(2)}× (${low}–${high})`,
    goalText,
    `${result.p99.toFixed(1)} ms`,
    `${result.max.toFixed(1)} ms`,
    `${met ? '✓' : '✗'}${result.failed ? ` (${result.failed} failed)` : ''}${note}`,
  ].join(' | ')} |`;
}

async function benchDatabase(db: Db, target: string) {
  const port = await freePort();
  const [server, ready] = await start<Ready>(serverFile, { BENCH_DB: target, BENCH_PORT: String(port) });
  try {
    const only = process.env.BENCH_ONLY;
    const chosen = figures.filter(
      (figure) =>
        (db === 'PGlite' ? !figure.postgresOnly : !figure.pgliteOnly) && (!only || figure.name.includes(only)),
    );
    const routes: BareRoutes['routes'] = [];
    let captured = 0;
    for (const figure of chosen) {
      let post;
      if (figure.createSession) {
        post = createSessionRequest(ready.modelId, 'capture', 1);
        captured += 1;
      }
      const requestHeaders = figure.headers?.(ready) ?? {};
      const sample = await capture(port, figure.path(ready), requestHeaders, post);
      if (sample.status !== 200) throw new Error(`${figure.name} answered ${sample.status}`);
      routes.push({ url: figure.path(ready), requestHeaders, canned: sample });
    }
    const [bare, barePort] = await start<{ port: number }>(path.join(here, 'bare.ts'), {}, { routes });
    try {
      for (const figure of chosen) {
        const result = await measure((side, seconds) =>
          load(side === 'app' ? port : barePort.port, figure, ready, seconds),
        );
        const note =
          figure.createSession && target !== 'pglite'
            ? `; ${await oversell(target, result.served + captured, result.runs)}`
            : '';
        rows.push(row(figure, db, result, note));
        console.error(rows.at(-1));
      }
    } finally {
      bare.disconnect();
    }
  } finally {
    server.disconnect();
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

async function main() {
  if (!existsSync(path.join(here, '../dist/web/index.html'))) {
    const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: path.join(here, '..') });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  // BENCH_SERVER_FILE: an already bundled bench server (another commit's, to compare back to back).
  serverFile = process.env.BENCH_SERVER_FILE ?? (await buildBenchServer());
  const cpus = os.cpus();
  console.log(
    `Machine: ${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB, ` +
      `servers on Node ${serverNodeVersion()} (the benchmark on ${process.version}), ` +
      `load average ${os.loadavg()[0]!.toFixed(1)}.\n` +
      `Load: wrk (${WRK}), ${THREADS} threads, ${CONNECTIONS} connections; per figure a 1 s warm-up of each side, ` +
      `then ${ROUNDS} runs of ${SECONDS} s per side, app and bare taking turns: medians, and the range of the ` +
      `rounds' ratios. Generator ceiling: requests per CPU-second of wrk × ${Math.min(THREADS, cpus.length)} ` +
      `(the rate wrk could drive a server that cost nothing), the lowest of the figure's bare runs.\n`,
  );
  await benchDatabase('PGlite', 'pglite');
  const postgres = await scratchPostgres();
  if (postgres) {
    try {
      await benchDatabase('PostgreSQL', postgres.url);
    } finally {
      await postgres.drop();
    }
  }
  const js = scriptBytesForHome();
  const jsCells = ['JS for `/`, brotli as sent', '', `${(js / 1000).toFixed(1)} kB`, '', '', '≤ 90 kB', '', ''];
  rows.push(`| ${jsCells.join(' | ')} | ${js <= 90_000 ? '✓' : '✗'} |`);
  console.log('| figure | generator ceiling, req/s | app req/s | bare req/s | app ÷ bare | goal | p99 | max | met? |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const line of rows) console.log(line);
  console.log(
    `\nLoad average after the run: ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
