/** What bench/run.ts and bench/profile.ts share: the built bench server, free ports, a scratch PostgreSQL. */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import pg from 'pg';
import type { Request } from 'autocannon';
import { lua } from './wrk';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '..');

/** What bench/serve.ts reports once listening. */
export interface Ready {
  port: number;
  orderId: string;
  customerCookie: string;
  adminCookie: string;
  /** A model with thousands of units, for create-session. */
  modelId: string;
}

/**
 * bench/serve.ts bundled the way the server is built (scripts/build-server.mjs: esbuild, dependencies external),
 * so what is measured is the code `npm start` runs, in plain Node, not tsx's loader, with the embedded database's
 * thread beside it (ADR 041). Returns the file to fork.
 */
export async function buildBenchServer(): Promise<string> {
  const outfile = path.join(root, 'dist/bench/serve.js');
  await build({
    entryPoints: [
      { in: path.join(here, 'serve.ts'), out: 'serve' },
      { in: path.join(root, 'src/server/platform/db/pglite-worker.ts'), out: 'pglite-worker' },
    ],
    outdir: path.dirname(outfile),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  // The migrations as committed now, beside the bundle (db/migrate.ts takes the nearest drizzle/ above it): without
  // them it took dist/drizzle, as of the last `npm run build`, and a migration added since was left out unseen.
  const migrations = path.join(path.dirname(outfile), 'drizzle');
  rmSync(migrations, { recursive: true, force: true });
  cpSync(path.join(root, 'drizzle'), migrations, { recursive: true });
  return outfile;
}

/** The same free-port helper the e2e set-up and the chaos script use. */
export { freePort } from '../tests/support/server-process';

/** A database created next to TEST_DATABASE_URL's (or DATABASE_URL's) and dropped afterwards; null without one. */
export async function scratchPostgres(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const base = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!base) return null;
  const name = `coolrent_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** One create-session request: a new customer, delivery address and client address for each `n`. */
export function createSessionRequest(modelId: string, tag: string, n: number) {
  const startDate = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  return {
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    },
    body: JSON.stringify({
      planType: 'monthly',
      startDate,
      name: 'Bench Renter',
      email: `bench-${tag}-${n}@example.com`,
      phone: '(714) 555-0101',
      address: `${n} Bench Street ${tag}`,
      city: 'Irvine',
      zipCode: '92612',
      modelId,
    }),
  };
}

let runs = 0;
/** Counted across runs: a client address used by an earlier run of this process would still hold its units. */
let clients = 0;
/**
 * POST /api/checkout/create-session as the checkout page sends it, each from a new customer, delivery address and
 * client address (X-Forwarded-For, believed from loopback: bench/serve.ts runs behind "a proxy" on 127.0.0.1), so
 * every request holds a unit: the hold limits and the per-address rate limit are paid, never hit.
 */
export function createSessionRequests(modelId: string): Request[] {
  runs += 1;
  const tag = `${process.pid}-${runs}`;
  return [
    {
      method: 'POST',
      path: '/api/checkout/create-session',
      setupRequest: (request) => ({ ...request, ...createSessionRequest(modelId, tag, (clients += 1)) }),
    },
  ];
}

/** Client numbers handed to wrk's create-session scripts so far (each run starts past the last one's). */
let scripted = 0;

/**
 * The same POST /api/checkout/create-session requests as createSessionRequests, as a Lua script for wrk (bench/
 * wrk.ts): thread `t` of `threads` sends clients base + t, base + t + threads, ..., each a new customer, address
 * and X-Forwarded-For. Call `used(requests)` after the run so the next script starts past these clients.
 */
export function createSessionScript(modelId: string, threads = 2) {
  runs += 1;
  const tag = `${process.pid}-w${runs}`;
  const base = scripted + clients + 1_000_000;
  const { body } = createSessionRequest(modelId, tag, 0);
  // The body of client 0, with its number made a placeholder ("-0@", " 0 Bench") for each request's own.
  const template = body.replace(`bench-${tag}-0@`, `bench-${tag}-@N@@`).replace('"0 Bench', '"@N@ Bench');
  const script = `
local next_id = 0
function setup(thread)
  thread:set("id", next_id)
  next_id = next_id + 1
end
local sent = 0
function request()
  local n = ${base} + id + sent * ${threads}
  sent = sent + 1
  local xff = string.format("10.%d.%d.%d", math.floor(n / 65536) % 256, math.floor(n / 256) % 256, n % 256)
  local body = string.gsub(${lua(template)}, "@N@", tostring(n))
  return wrk.format("POST", "/api/checkout/create-session",
    { ["content-type"] = "application/json", ["x-forwarded-for"] = xff }, body)
end
`;
  return {
    script,
    used: (requests: number) => {
      scripted += requests + threads * 1000;
    },
  };
}

/**
 * BENCH_PIN=<CPU list> (as taskset reads it, e.g. `1`): the servers under test (app, bare) run on those CPUs only,
 * and this process, the load generator, on the others. Unpinned, on a noisy 2-core machine, the unit-models ratio of
 * one build moved between 0.44× and 1.19× from one 3 s round to the next; pinned, between 0.67× and 0.80× (docs/perf/).
 */
const pin = process.env.BENCH_PIN;
if (pin) {
  const servers = new Set(
    pin.split(',').flatMap((part) => {
      const [from, to = from] = part.split('-').map(Number);
      return Array.from({ length: to! - from! + 1 }, (_, i) => from! + i);
    }),
  );
  const others = os
    .cpus()
    .map((_, cpu) => cpu)
    .filter((cpu) => !servers.has(cpu));
  if (others.length === 0) throw new Error(`BENCH_PIN=${pin} leaves no CPU for the load generator`);
  execFileSync('taskset', ['-a', '-p', '-c', others.join(','), String(process.pid)], { stdio: 'ignore' });
}

/**
 * The `node` the servers under test run on, app and bare alike: production's line (.nvmrc, as deploy/ runs it) by
 * default, from scripts/node-line.sh (the machine's own when it is that line, else the npm registry's `node`
 * package, as CI runs it); BENCH_NODE=machine for the one running the benchmark, or BENCH_NODE=<path> for another.
 * The load generator and the bench scripts themselves run on the machine's.
 */
export function serverNode(): string {
  const chosen = process.env.BENCH_NODE;
  if (chosen === 'machine') return process.execPath;
  if (chosen) return chosen;
  productionNode ??= path.join(
    execFileSync(path.join(root, 'scripts/node-line.sh'), { encoding: 'utf8' }).trim(),
    'node',
  );
  return productionNode;
}
let productionNode: string | undefined;

/** `v24.…` of serverNode's, for the heading of a run. */
export function serverNodeVersion(): string {
  return execFileSync(serverNode(), ['--version'], { encoding: 'utf8' }).trim();
}

/**
 * Forks a bench process (the bundled bench server, or bench/bare.ts through tsx) on serverNode with the built web
 * app's folder, sends it `message` if given, and resolves with the child and the first message it sends back (it is
 * ready). BENCH_EXEC_ARGV: Node or V8 flags for the bundled server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`,
 * `--trace-gc`), whose standard output is then shown.
 */
export function start<T>(file: string, env: Record<string, string>, message?: unknown): Promise<[ChildProcess, T]> {
  const execArgv = process.env.BENCH_EXEC_ARGV?.split(' ').filter(Boolean) ?? [];
  const child = fork(file, [], {
    execPath: serverNode(),
    execArgv: file.endsWith('.ts') ? ['--import', 'tsx'] : execArgv,
    // NODE_ENV as a production server's environment sets it: libraries read it (React picks its production build).
    env: { ...process.env, NODE_ENV: 'production', BENCH_WEB_ROOT: path.join(root, 'dist/web'), ...env },
    stdio: ['ignore', execArgv.length > 0 ? 'inherit' : 'ignore', 'inherit', 'ipc'],
  });
  if (pin) execFileSync('taskset', ['-a', '-p', '-c', pin, String(child.pid)], { stdio: 'ignore' });
  if (message) child.send(message as never);
  return new Promise((resolve, reject) => {
    child.once('message', (ready) => resolve([child, ready as T]));
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
}

/** One response to a request with `headers` (none: as a client without Accept-Encoding or cookies gets it). */
export function capture(
  port: number,
  url: string,
  headers: Record<string, string> = {},
  post?: { body: string; headers: Record<string, string> },
) {
  return new Promise<{ status: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
    const options = { port, host: '127.0.0.1', path: url, method: post ? 'POST' : 'GET' };
    const request = http.request({ ...options, headers: { ...headers, ...post?.headers } }, (response) => {
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
    request.end(post?.body);
  });
}
