import { openPglite } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { createAppDeps } from '@/server/deps';
import { seed } from './seed';
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
const inspector = new Session();
inspector.connect();
import { CUSTOMER_SESSION_COOKIE } from '@/server/customer-auth/sessions';
import { ADMIN_SESSION_COOKIE } from '@/server/admin/auth/sessions';

const database = await openPglite({});
await runMigrations(database);
const order = await seed(database);
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const app = await buildApp({ deps: createAppDeps(config, database), logger: false });
const cookie = (res: { headers: Record<string, unknown> }, name: string) =>
  String(res.headers['set-cookie'])
    .split(/[,;]\s*/)
    .find((c) => c.startsWith(name + '='))!;
const access = await app.inject({
  method: 'POST',
  url: '/api/account-access',
  payload: { orderNumber: order.orderNumber, email: order.email },
});
const login = await app.inject({
  method: 'POST',
  url: '/api/admin/login',
  payload: { username: 'bench-admin', password: 'bench admin password' },
});
const targets = {
  portal: { url: `/api/portal/${order.id}`, cookie: cookie(access, CUSTOMER_SESSION_COOKIE) },
  admin: { url: '/api/admin/orders/filtered', cookie: cookie(login, ADMIN_SESSION_COOKIE) },
};
for (const [name, t] of Object.entries(targets).filter(([k]) => !process.env.ONLY || k === process.env.ONLY)) {
  for (let i = 0; i < 50; i++) await app.inject({ url: t.url, headers: { cookie: t.cookie } });
  if (process.env.PROF) {
    await inspector.post('Profiler.setSamplingInterval', { interval: 200 });
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.start');
  }
  const n = 300;
  const c = process.cpuUsage();
  const w = performance.now();
  let status = 0;
  for (let i = 0; i < n; i++) status = (await app.inject({ url: t.url, headers: { cookie: t.cookie } })).statusCode;
  const u = process.cpuUsage(c);
  if (process.env.PROF) {
    const { profile } = await inspector.post('Profiler.stop');
    writeFileSync(process.env.PROF + '-' + name + '.cpuprofile', JSON.stringify(profile));
  }
  console.log(
    name,
    status,
    'wall',
    ((performance.now() - w) / n).toFixed(2),
    'ms; cpu',
    ((u.user + u.system) / n / 1000).toFixed(2),
    'ms',
  );
}
await app.close();
await database.close();
