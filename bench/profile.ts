/**
 * `npm run bench:profile -- <figure> [pglite|postgres]`: one figure of `npm run bench` under autocannon load with the
 * app process started with `--cpu-prof`, then a summary of where its CPU time went (self time by function and by
 * package, the hooks' and the logger's share). The .cpuprofile is left in BENCH_PROFILE_DIR (default
 * /tmp/coolrent-profiles) for Chrome DevTools; docs/perf/ keeps the summaries.
 *
 * Figures: unit-models, home, catalog, portal, admin-orders, create-session.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildBenchServer, createSessionRequests, freePort, scratchPostgres, start, type Ready } from './support';

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const outDir = process.env.BENCH_PROFILE_DIR ?? '/tmp/coolrent-profiles';

const paths: Record<string, (ready: Ready) => { path: string; cookie?: string }> = {
  'unit-models': () => ({ path: '/api/unit-models' }),
  home: () => ({ path: '/' }),
  catalog: () => ({ path: '/catalog' }),
  portal: (ready) => ({ path: `/api/portal/${ready.orderId}`, cookie: ready.customerCookie }),
  'admin-orders': (ready) => ({ path: '/api/admin/orders/filtered', cookie: ready.adminCookie }),
};

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

function packageOf(url: string): string {
  if (!url) return '(native/idle)';
  const at = url.lastIndexOf('node_modules/');
  if (at !== -1) {
    const rest = url.slice(at + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const src = url.indexOf('/src/');
  if (src !== -1)
    return (
      'app ' +
      url
        .slice(src + 1)
        .split('/')
        .slice(0, 3)
        .join('/')
    );
  if (url.includes('/dist/')) return 'app (bundle)';
  return url.split('/').slice(-2).join('/');
}

/** Self time by function and by package, and total (inclusive) time of a few frames worth naming. */
export function summarise(profile: Profile, top = 25): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<number, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    self.set(id, (self.get(id) ?? 0) + dt);
    total += dt;
  });
  const idle = [...self].filter(([id]) => byId.get(id)!.callFrame.functionName === '(idle)');
  const idleTime = idle.reduce((sum, [, t]) => sum + t, 0);
  const busy = total - idleTime;
  const fnSelf = new Map<string, number>();
  const pkgSelf = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const fnInclusive = new Map<string, number>();
  for (const [id, t] of self) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)') continue;
    const name = `${frame.functionName || '(anonymous)'} ${packageOf(frame.url)}:${frame.lineNumber + 1}`;
    fnSelf.set(name, (fnSelf.get(name) ?? 0) + t);
    pkgSelf.set(packageOf(frame.url), (pkgSelf.get(packageOf(frame.url)) ?? 0) + t);
    // Inclusive time by package: each package on the stack once.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const f = byId.get(at)!.callFrame;
      const key = packageOf(f.url);
      const fn = `${f.functionName || '(anonymous)'} ${key}:${f.lineNumber + 1}`;
      if (f.url && !seen.has(fn)) {
        seen.add(fn);
        fnInclusive.set(fn, (fnInclusive.get(fn) ?? 0) + t);
      }
      if (seen.has(key) || !f.url) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + t);
    }
  }
  const pct = (t: number) => `${((100 * t) / busy).toFixed(1)}%`;
  const table = (title: string, entries: Map<string, number>, n: number) =>
    [
      `| ${title} | share of busy CPU |`,
      '| --- | --- |',
      ...[...entries]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([name, t]) => `| \`${name}\` | ${pct(t)} |`),
    ].join('\n');
  return [
    `Busy ${(busy / 1e6).toFixed(1)} s of ${(total / 1e6).toFixed(1)} s sampled (${((100 * busy) / total).toFixed(0)}%).`,
    '',
    table('self time, by package', pkgSelf, 15),
    '',
    table('inclusive time, by package on the stack', inclusive, 15),
    '',
    table('self time, by function', fnSelf, top),
    '',
    table('inclusive time, by function', fnInclusive, top + 15),
  ].join('\n');
}

async function main() {
  const [figure = 'unit-models', dbName = 'pglite'] = process.argv.slice(2);
  mkdirSync(outDir, { recursive: true });
  const serverFile = await buildBenchServer();
  const postgres = dbName === 'pglite' ? null : await scratchPostgres();
  if (dbName !== 'pglite' && !postgres) throw new Error('Set TEST_DATABASE_URL or DATABASE_URL for PostgreSQL');
  const port = await freePort();
  // As `npm run bench` starts it: React's production build, as a production server runs it.
  const [child, ready] = await start<Ready>(serverFile, {
    BENCH_DB: postgres?.url ?? 'pglite',
    BENCH_PORT: String(port),
  });
  const file = path.join(outDir, `${figure}-${dbName}-${Date.now()}.cpuprofile`);
  const reply = (key: string) =>
    new Promise<void>((resolve) => {
      const listener = (message: Record<string, unknown>) => {
        if (!(key in message)) return;
        child.off('message', listener);
        resolve();
      };
      child.on('message', listener);
    });
  try {
    // A second of load first, so that the profile shows steady work, not the first calls' compilation.
    // GET / answers once the public pages' first render (at start-up, seconds of React) is done: not profiled.
    await fetch(`http://127.0.0.1:${port}/`);
    const warm = paths[figure]?.(ready);
    await autocannon({
      url: `http://127.0.0.1:${port}${warm?.path ?? ''}`,
      connections: 10,
      duration: 1,
      headers: warm?.cookie ? { cookie: warm.cookie } : {},
      ...(figure === 'create-session' ? { requests: createSessionRequests(ready.modelId) } : {}),
    });
    child.send({ profile: 'start' });
    await reply('profiling');
    if (figure === 'create-session') {
      const result = await autocannon({
        url: `http://127.0.0.1:${port}`,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: createSessionRequests(ready.modelId),
      });
      console.log(`${figure}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms`);
    } else {
      const target = paths[figure]!(ready);
      const result = await autocannon({
        url: `http://127.0.0.1:${port}${target.path}`,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: target.cookie ? { cookie: target.cookie } : {},
      });
      console.log(
        `${figure}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ` +
          `non-2xx ${result.non2xx}`,
      );
    }
    child.send({ profile: 'stop', file });
    await reply('profiled');
  } finally {
    child.disconnect();
    await new Promise((resolve) => child.once('exit', resolve));
    await postgres?.drop();
  }
  console.log(`profile: ${file}\n`);
  console.log(summarise(JSON.parse(readFileSync(file, 'utf8')) as Profile));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(here, 'profile.ts')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
