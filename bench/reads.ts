/**
 * `npx tsx bench/reads.ts [pglite|postgres]`: the two signed-in reads of `npm run bench` (the portal's order and the
 * admin's filtered order list) under autocannon load, with what a wall-clock rate on a shared machine cannot show:
 * the server's CPU time and the statements it sent, per request served. BENCH_SECONDS (default 5),
 * BENCH_CONNECTIONS (default 50), BENCH_POOL (PostgreSQL).
 */
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import autocannon from 'autocannon';
import { buildBenchServer, freePort, scratchPostgres, type Ready } from './support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Stats {
  cpu: NodeJS.CpuUsage;
  statements: number;
  requests: number;
}

function stats(child: ChildProcess): Promise<Stats> {
  return new Promise((resolve) => {
    const listener = (message: { stats?: Stats }) => {
      if (!message.stats) return;
      child.off('message', listener);
      resolve(message.stats);
    };
    child.on('message', listener);
    child.send({ stats: true });
  });
}

async function main() {
  const dbName = process.argv[2] ?? 'pglite';
  // BENCH_SERVER_FILE: an already bundled bench server (another commit's, to compare back to back).
  const serverFile = process.env.BENCH_SERVER_FILE ?? (await buildBenchServer());
  const postgres = dbName === 'pglite' ? null : await scratchPostgres();
  if (dbName !== 'pglite' && !postgres) throw new Error('Set TEST_DATABASE_URL or DATABASE_URL for PostgreSQL');
  const port = await freePort();
  const child = fork(serverFile, [], {
    env: { ...process.env, BENCH_DB: postgres?.url ?? 'pglite', BENCH_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      child.once('message', (message) => resolve(message as Ready));
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const figures = [
      { name: 'GET /api/portal/:id', path: `/api/portal/${ready.orderId}`, cookie: ready.customerCookie },
      { name: 'GET /api/admin/orders/filtered', path: '/api/admin/orders/filtered', cookie: ready.adminCookie },
    ];
    for (const figure of figures) {
      const options = { url: `http://127.0.0.1:${port}${figure.path}`, headers: { cookie: figure.cookie } };
      await autocannon({ ...options, connections: 10, duration: 1 });
      const before = await stats(child);
      const result = await autocannon({ ...options, connections: CONNECTIONS, duration: SECONDS, timeout: 10 });
      const after = await stats(child);
      const served = after.requests - before.requests;
      const cpuMs = (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / 1000;
      console.log(
        `${figure.name} (${dbName}): ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ` +
          `max ${result.latency.max} ms, non-2xx ${result.non2xx + result.errors + result.timeouts}; ` +
          `CPU ${(cpuMs / served).toFixed(2)} ms/request, ` +
          `${((after.statements - before.statements) / served).toFixed(2)} statements/request; ` +
          `load average ${os.loadavg()[0]!.toFixed(1)}`,
      );
    }
  } finally {
    child.disconnect();
    await new Promise((resolve) => child.once('exit', resolve));
    await postgres?.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
