/**
 * CPU time per request, server side: the built app (bench/serve.ts) and the bare server (bench/bare.ts) each under
 * autocannon load, their processes' user+system time (from /proc) divided by the requests answered. Unlike req/s,
 * this hardly moves when other jobs share the machine. `tsx bench/cpu-per-request.ts [path] [pglite|postgres]`.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildBenchServer, capture, freePort, scratchPostgres, start, type Ready } from './support';

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TICK_US = 1e6 / 100; // USER_HZ

function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_US;
}

async function run(pid: number, port: number, url: string) {
  const before = cpuMicros(pid);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${url}`,
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  const cpu = cpuMicros(pid) - before;
  const requests = result.requests.total;
  return { rps: result.requests.average, usPerRequest: cpu / requests, bad: result.non2xx + result.errors };
}

async function main() {
  const [url = '/api/unit-models', db = 'pglite'] = process.argv.slice(2);
  const serverFile = await buildBenchServer();
  const postgres = db === 'pglite' ? null : await scratchPostgres();
  const port = await freePort();
  const [server] = await start<Ready>(serverFile, { BENCH_DB: postgres?.url ?? 'pglite', BENCH_PORT: String(port) });
  // The public pages are rendered in the background once the app is ready; a page request waits for that render.
  if (!process.env.PO_NOWEB) await capture(port, '/');
  const sample = await capture(port, url);
  const [bare, barePort] = await start<{ port: number }>(path.join(here, 'bare.ts'), {}, { routes: { [url]: sample } });
  try {
    await autocannon({ url: `http://127.0.0.1:${port}${url}`, connections: 10, duration: 1 });
    await autocannon({ url: `http://127.0.0.1:${barePort.port}${url}`, connections: 10, duration: 1 });
    const apps: number[] = [];
    const bares: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const app = await run(server.pid!, port, url);
      const reference = await run(bare.pid!, barePort.port, url);
      apps.push(app.usPerRequest);
      bares.push(reference.usPerRequest);
      console.log(
        `${url} (${db}) round ${round + 1}: app ${Math.round(app.rps)} req/s, ${app.usPerRequest.toFixed(1)} µs CPU/req` +
          `${app.bad ? ` (${app.bad} bad)` : ''}; bare ${Math.round(reference.rps)} req/s, ` +
          `${reference.usPerRequest.toFixed(1)} µs CPU/req; ratio ${(app.rps / reference.rps).toFixed(2)}×; ` +
          `load ${os.loadavg()[0]!.toFixed(1)}`,
      );
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    console.log(
      `CPU per request, app: min ${Math.min(...apps).toFixed(1)} µs, median ${median(apps).toFixed(1)} µs; ` +
        `bare: min ${Math.min(...bares).toFixed(1)} µs, median ${median(bares).toFixed(1)} µs; ` +
        `bare/app (medians) ${(median(bares) / median(apps)).toFixed(2)}×`,
    );
  } finally {
    bare.disconnect();
    server.disconnect();
    await new Promise((resolve) => server.once('exit', resolve));
    await postgres?.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
