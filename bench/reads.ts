/**
 * `npx tsx bench/reads.ts [pglite|postgres]`: the two signed-in reads of `npm run bench` (the portal's order and the
 * admin's filtered order list) under autocannon load, with what a wall-clock rate on a shared machine cannot show:
 * the server's CPU time and the statements it sent, per request served, and on PostgreSQL its backends' CPU time
 * (from /proc: PostgreSQL must run on this machine). A third figure reads the admin list while the owner edits a
 * unit's notes every BENCH_WRITE_EVERY_MS (default 20) ms, so the list kept in memory is dropped again and again
 * (ADR 010 addendum): its misses' cost. BENCH_SECONDS (default 5), BENCH_CONNECTIONS (default 50), BENCH_POOL
 * (PostgreSQL).
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildBenchServer, freePort, scratchPostgres, start, type Ready } from './support';

const WRITE_EVERY_MS = Number(process.env.BENCH_WRITE_EVERY_MS ?? 20);

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

/** CPU time (ms) of each backend connected to the database, from /proc (user + system, in clock ticks of 10 ms). */
async function backendCpu(client: pg.Client, database: string): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // Gone meanwhile.
    }
  }
  return cpu;
}

/** The owner editing a unit's notes every WRITE_EVERY_MS (each edit drops the list kept in memory); stop() ends it. */
async function unitEdits(port: number, cookie: string) {
  const origin = `http://127.0.0.1:${port}`;
  const units = (await (await fetch(`${origin}/api/admin/units?pageSize=1`, { headers: { cookie } })).json()) as {
    items: Array<{ id: string }>;
  };
  const url = `${origin}/api/admin/units/${units.items[0]!.id}`;
  let writes = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const response = await fetch(url, {
        method: 'PATCH',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ notes: `bench edit ${writes}` }),
      });
      if (!response.ok) throw new Error(`unit edit answered ${response.status}`);
      writes += 1;
      await new Promise((resolve) => setTimeout(resolve, WRITE_EVERY_MS));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return writes;
    },
  };
}

async function main() {
  const dbName = process.argv[2] ?? 'pglite';
  // BENCH_SERVER_FILE: an already bundled bench server (another commit's, to compare back to back).
  const serverFile = process.env.BENCH_SERVER_FILE ?? (await buildBenchServer());
  const postgres = dbName === 'pglite' ? null : await scratchPostgres();
  if (dbName !== 'pglite' && !postgres) throw new Error('Set TEST_DATABASE_URL or DATABASE_URL for PostgreSQL');
  // Reads which backends serve the scratch database (its own connection, not counted).
  const observer = postgres ? new pg.Client({ connectionString: postgres.url }) : null;
  const port = await freePort();
  // As npm run bench starts it (support.ts): production's NODE_ENV, Node line and flags.
  const [child, ready] = await start<Ready>(serverFile, {
    BENCH_DB: postgres?.url ?? 'pglite',
    BENCH_PORT: String(port),
  });
  try {
    const figures = [
      { name: 'GET /api/portal/:id', path: `/api/portal/${ready.orderId}`, cookie: ready.customerCookie },
      { name: 'GET /api/admin/orders/filtered', path: '/api/admin/orders/filtered', cookie: ready.adminCookie },
      {
        name: `GET /api/admin/orders/filtered, a unit edited every ${WRITE_EVERY_MS} ms`,
        path: '/api/admin/orders/filtered',
        cookie: ready.adminCookie,
        writes: true,
      },
    ];
    if (postgres) await observer?.connect();
    const database = postgres ? new URL(postgres.url).pathname.slice(1) : '';
    for (const figure of figures) {
      const options = { url: `http://127.0.0.1:${port}${figure.path}`, headers: { cookie: figure.cookie } };
      await autocannon({ ...options, connections: 10, duration: 1 });
      const edits = figure.writes ? await unitEdits(port, ready.adminCookie) : null;
      const before = await stats(child);
      const backendsBefore = observer ? await backendCpu(observer, database) : null;
      const result = await autocannon({ ...options, connections: CONNECTIONS, duration: SECONDS, timeout: 10 });
      const after = await stats(child);
      const backendsAfter = observer ? await backendCpu(observer, database) : null;
      const writes = (await edits?.stop()) ?? 0;
      const served = after.requests - before.requests;
      const cpuMs = (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / 1000;
      let backendMs = 0;
      for (const [pid, ms] of backendsAfter ?? []) backendMs += ms - (backendsBefore?.get(pid) ?? 0);
      console.log(
        `${figure.name} (${dbName}): ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ` +
          `max ${result.latency.max} ms, non-2xx ${result.non2xx + result.errors + result.timeouts}; ` +
          `CPU ${(cpuMs / served).toFixed(2)} ms/request` +
          (observer ? ` + PostgreSQL ${(backendMs / served).toFixed(2)} ms/request` : '') +
          `, ${((after.statements - before.statements) / served).toFixed(2)} statements/request` +
          (figure.writes ? ` (${writes} unit edits among them)` : '') +
          `; load average ${os.loadavg()[0]!.toFixed(1)}`,
      );
    }
  } finally {
    child.disconnect();
    await new Promise((resolve) => child.once('exit', resolve));
    await observer?.end();
    await postgres?.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
