/**
 * `npm run bench`: the figures of issue 14 in one run, each beside a bare node:http server sending the same bytes
 * (bench/bare.ts), on the built app (bench/serve.ts, production configuration) on a free port. PGlite always;
 * PostgreSQL too when TEST_DATABASE_URL or DATABASE_URL is set (a scratch database is created next to the one
 * named and dropped afterwards). Builds the web app first when dist/web is missing.
 *
 * BENCH_SECONDS (default 5) per figure and side, BENCH_CONNECTIONS (default 50), BENCH_ORDERS (default 2000),
 * BENCH_POOL (PostgreSQL pool size, default 10). Prints a Markdown table.
 */
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildBenchServer, freePort, root, scratchPostgres, type Ready } from './support';

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
];

function start<T>(file: string, env: Record<string, string>, message?: unknown): Promise<[ChildProcess, T]> {
  const child = fork(file, [], {
    execArgv: file.endsWith('.ts') ? ['--import', 'tsx'] : [],
    env: { ...process.env, BENCH_WEB_ROOT: path.join(root, 'dist/web'), ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  if (message) child.send(message as never);
  return new Promise((resolve, reject) => {
    child.once('message', (ready) => resolve([child, ready as T]));
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
}

/** One response as a client without Accept-Encoding gets it (autocannon sends none either). */
function capture(port: number, url: string, cookie?: string) {
  return new Promise<{ status: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
    const request = http.get({ port, host: '127.0.0.1', path: url, headers: cookie ? { cookie } : {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name) || value === undefined) continue;
          headers[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolve({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('base64') });
      });
    });
    request.on('error', reject);
  });
}

async function load(port: number, url: string, cookie?: string) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${url}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: cookie ? { cookie } : {},
    timeout: 10,
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  return { rps: result.requests.average, p99: result.latency.p99, max: result.latency.max, bad };
}

const rows: string[] = [];
let serverFile = '';
async function benchDatabase(db: Db, target: string) {
  const port = await freePort();
  const [server, ready] = await start<Ready>(serverFile, { BENCH_DB: target, BENCH_PORT: String(port) });
  try {
    const chosen = figures.filter((figure) => db === 'PGlite' || !figure.pgliteOnly);
    const canned: Record<string, Awaited<ReturnType<typeof capture>>> = {};
    for (const figure of chosen) {
      const sample = await capture(port, figure.path(ready), figure.cookie?.(ready));
      if (sample.status !== 200) throw new Error(`${figure.name} answered ${sample.status}`);
      canned[figure.path(ready)] = sample;
    }
    const [bare, barePort] = await start<{ port: number }>(path.join(here, 'bare.ts'), {}, { routes: canned });
    try {
      for (const figure of chosen) {
        const app = await load(port, figure.path(ready), figure.cookie?.(ready));
        const reference = await load(barePort.port, figure.path(ready));
        const ratio = app.rps / reference.rps;
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
          `${met ? 'yes' : 'no'}${app.bad ? ` (${app.bad} failed)` : ''}`,
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
      `${CONNECTIONS} connections, ${SECONDS} s per figure and side (autocannon)\n`,
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
  console.log('| figure | req/s | p99 | bare req/s | ratio | goal | met? |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
