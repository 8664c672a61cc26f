/**
 * `npm run bench`: the figures of issue 14 in one run, each beside a bare node:http server sending the same bytes
 * (bench/bare.ts), on the built app (bench/serve.ts, production configuration) on a free port. PGlite always;
 * PostgreSQL too when TEST_DATABASE_URL or DATABASE_URL is set (a scratch database is created next to the one
 * named and dropped afterwards). Builds the web app first when dist/web is missing.
 *
 * BENCH_SECONDS (default 5) per figure and side, BENCH_CONNECTIONS (default 50), BENCH_ORDERS (default 2000),
 * BENCH_POOL (PostgreSQL pool size, default 10). Prints a Markdown table.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  buildBenchServer,
  capture,
  createSessionRequest,
  createSessionRequests,
  freePort,
  root,
  scratchPostgres,
  start,
  type Ready,
} from './support';

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const MAX_MS = 1000;

type Db = 'PGlite' | 'PostgreSQL';
interface Figure {
  name: string;
  path: (ids: Ready) => string;
  cookie?: (ids: Ready) => string;
  /** The goal: a share of the bare server's rate, or a rate per database; and no request over 1 s. */
  goal: { ratio?: number; perSecond?: Record<Db, number>; maxMs?: number };
  pgliteOnly?: boolean;
  postgresOnly?: boolean;
  /** POST /api/checkout/create-session from new customers (support.ts), each holding a unit. */
  createSession?: boolean;
}

const figures: Figure[] = [
  { name: 'GET /api/unit-models', path: () => '/api/unit-models', goal: { ratio: 0.8 } },
  { name: 'GET / (HTML)', path: () => '/', goal: { ratio: 0.8 }, pgliteOnly: true },
  { name: 'GET /catalog (HTML)', path: () => '/catalog', goal: { ratio: 0.8 }, pgliteOnly: true },
  {
    name: 'GET /api/portal/:id',
    path: (ids) => `/api/portal/${ids.orderId}`,
    cookie: (ids) => ids.customerCookie,
    goal: { perSecond: { PostgreSQL: 3000, PGlite: 1000 }, maxMs: MAX_MS },
  },
  {
    name: 'GET /api/admin/orders/filtered',
    path: () => '/api/admin/orders/filtered',
    cookie: (ids) => ids.adminCookie,
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
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

async function load(port: number, url: string, cookie?: string, requests?: autocannon.Request[]) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${requests ? '' : url}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: cookie ? { cookie } : {},
    timeout: 10,
    ...(requests ? { requests } : {}),
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  return { rps: result.requests.average, p99: result.latency.p99, max: result.latency.max, bad, ok: result['2xx'] };
}

/** The better of ROUNDS runs for each side, app and bare taking turns: a busy machine slows both alike. */
async function measure(run: (side: 'app' | 'bare') => ReturnType<typeof load>) {
  type Result = Awaited<ReturnType<typeof load>>;
  let app: Result | undefined;
  let bare: Result | undefined;
  let served = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const a = await run('app');
    served += a.ok;
    if (!app || a.rps > app.rps)
      app = { ...a, bad: Math.max(a.bad, app?.bad ?? 0), max: Math.max(a.max, app?.max ?? 0) };
    const b = await run('bare');
    if (!bare || b.rps > bare.rps) bare = b;
  }
  return { app: app!, bare: bare!, served };
}

/**
 * Zero oversell: no unit is held for two orders and no order holds two units, and every checkout answered 200 holds
 * one (a few more may hold one too: the requests still in flight when each run's time was up, up to one per
 * connection, whose answers autocannon did not count).
 */
async function oversell(url: string, answered: number): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ held: string; holders: string; units: string }>(
      `select count(held_by_order_id) as held, count(distinct held_by_order_id) as holders,
        count(distinct id) filter (where held_by_order_id is not null) as units from units`,
    );
    const held = Number(rows[0]!.held);
    const holders = Number(rows[0]!.holders);
    const exact = held === holders && held >= answered && held <= answered + CONNECTIONS * ROUNDS;
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
async function benchDatabase(db: Db, target: string) {
  const port = await freePort();
  const [server, ready] = await start<Ready>(serverFile, { BENCH_DB: target, BENCH_PORT: String(port) });
  try {
    const chosen = figures.filter((figure) => (db === 'PGlite' ? !figure.postgresOnly : !figure.pgliteOnly));
    const canned: Record<string, Awaited<ReturnType<typeof capture>>> = {};
    let captured = 0;
    for (const figure of chosen) {
      let post;
      if (figure.createSession) {
        post = createSessionRequest(ready.modelId, 'capture', 1);
        captured += 1;
      }
      const sample = await capture(port, figure.path(ready), figure.cookie?.(ready), post);
      if (sample.status !== 200) throw new Error(`${figure.name} answered ${sample.status}`);
      canned[figure.path(ready)] = sample;
    }
    const [bare, barePort] = await start<{ port: number }>(path.join(here, 'bare.ts'), {}, { routes: canned });
    try {
      for (const figure of chosen) {
        const requests = figure.createSession ? createSessionRequests(ready.modelId) : undefined;
        const {
          app,
          bare: reference,
          served,
        } = await measure((side) =>
          side === 'app'
            ? load(port, figure.path(ready), figure.cookie?.(ready), requests)
            : load(barePort.port, figure.path(ready), undefined, requests),
        );
        const ratio = app.rps / reference.rps;
        const note =
          figure.createSession && target !== 'pglite' ? `; ${await oversell(target, served + captured)}` : '';
        const { goal } = figure;
        const goalText = [
          goal.ratio ? `≥ ${goal.ratio}× bare` : `≥ ${goal.perSecond![db]} req/s`,
          goal.maxMs ? `max < ${goal.maxMs} ms` : '',
        ]
          .filter(Boolean)
          .join(', ');
        const met =
          app.bad === 0 &&
          (goal.ratio ? ratio >= goal.ratio : app.rps >= goal.perSecond![db]) &&
          (!goal.maxMs || app.max < goal.maxMs);
        const cells = [
          `${figure.name} (${db})`,
          Math.round(app.rps),
          `${app.p99} ms (max ${app.max})`,
          Math.round(reference.rps),
          `${ratio.toFixed(2)}×`,
          goalText,
          `${met ? '✓' : '✗'}${app.bad ? ` (${app.bad} failed)` : ''}${note}`,
        ];
        rows.push(`| ${cells.join(' | ')} |`);
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
  serverFile = await buildBenchServer();
  const cpus = os.cpus();
  console.log(
    `Machine: ${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB, ` +
      `Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)}; ` +
      `${CONNECTIONS} connections, best of ${ROUNDS} runs of ${SECONDS} s per figure and side, taking turns (autocannon)\n`,
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
  rows.push(
    `| JS for \`/\`, brotli as sent | ${(js / 1000).toFixed(1)} kB | | | | ≤ 90 kB | ${js <= 90_000 ? '✓' : '✗'} |`,
  );
  console.log('| figure | req/s | p99 | bare req/s | ratio | goal | met? |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
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
