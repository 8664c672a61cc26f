/**
 * The app under benchmark, in a process of its own (bench/run.ts starts it): production configuration (JSON log
 * lines, security headers, the canonical origin), the built web app, a scratch database with a catalog, orders and
 * one signed-in customer and admin. Reports the port and the two session cookies to its parent over IPC.
 *
 * BENCH_DB: 'pglite' (in memory) or a PostgreSQL URL of a scratch database the parent created.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_SESSION_COOKIE } from '@/server/admin/auth/sessions';
import { buildApp } from '@/server/app';
import { CUSTOMER_SESSION_COOKIE } from '@/server/customer-auth/sessions';
import { loadConfig } from '@/server/config';
import { openPglite, openPostgres, type Database } from '@/server/db/client';
import { createAdminUser, createAgreement, createUnitModel } from '@/server/db/factories';
import { runMigrations } from '@/server/db/migrate';
import { unitModelCatalog } from '@/server/db/reference-data';
import { customers, orders, units } from '@/server/db/schema';
import { createAppDeps } from '@/server/deps';
import { newOrderNumber } from '@/server/lib/order-number';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 2000);
const here = path.dirname(fileURLToPath(import.meta.url));

async function seed(database: Database) {
  const { db } = database;
  const small = await createUnitModel(db, unitModelCatalog.small);
  const large = await createUnitModel(db, unitModelCatalog.medium);
  for (const model of [small, large]) {
    await db.insert(units).values(
      Array.from({ length: 40 }, (_, i) => ({
        modelId: model.id,
        serial: `BENCH-${model.id.slice(0, 6)}-${i}`,
        brand: 'Midea',
        model: 'MAP12S1TBL',
        btu: 12_000,
        purchaseDate: new Date('2025-04-01T00:00:00Z'),
        purchasePrice: '449.00',
      })),
    );
  }
  const statuses = ['active', 'active', 'active', 'completed', 'cancelled', 'pending'] as const;
  let first: { id: string; orderNumber: string; email: string } | undefined;
  for (let start = 0; start < ORDERS; start += 250) {
    const batch = Array.from({ length: Math.min(250, ORDERS - start) }, (_, i) => ({
      email: `bench-${start + i}@example.com`,
      name: `Bench Customer ${start + i}`,
      phone: '(714) 555-0101',
    }));
    const people = await db.insert(customers).values(batch).returning({ id: customers.id, email: customers.email });
    const placed = await db
      .insert(orders)
      .values(
        people.map((person, i) => ({
          customerId: person.id,
          modelId: i % 2 ? small.id : large.id,
          orderNumber: newOrderNumber(),
          btuTier: '12-14k',
          startDate: '2026-06-01',
          priceCents: 3900,
          status: statuses[(start + i) % statuses.length]!,
          address: `${start + i} Main Street`,
          city: 'Irvine',
          zipCode: '92612',
        })),
      )
      .returning({ id: orders.id, orderNumber: orders.orderNumber });
    first ??= { ...placed[0]!, email: people[0]!.email };
  }
  await createAgreement(db, { orderId: first!.id });
  await createAdminUser(db, { username: 'bench-admin', password: 'bench admin password' });
  return first!;
}

async function main() {
  const port = Number(process.env.BENCH_PORT);
  const origin = `http://127.0.0.1:${port}`;
  const target = process.env.BENCH_DB ?? 'pglite';
  const database =
    target === 'pglite' ? await openPglite({}) : openPostgres(target, Number(process.env.BENCH_POOL ?? 10));
  await runMigrations(database);
  const order = await seed(database);
  const config = loadConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: origin,
    SESSION_SECRET: 'a-bench-secret-that-is-long-enough-0123456789',
    STRIPE_SECRET_KEY: 'sk_test_bench_configuration',
    STRIPE_WEBHOOK_SECRET: 'whsec_bench_configuration',
    SMTP_URL: 'smtp://127.0.0.1:1',
    PORT: String(port),
    HOST: '127.0.0.1',
  });
  const app = await buildApp({ deps: createAppDeps(config, database), webRoot: path.resolve(here, '../dist/web') });
  await app.listen({ port, host: '127.0.0.1' });

  const cookieFrom = (setCookies: string[], name: string) =>
    setCookies.map((cookie) => cookie.split(';')[0]!).find((pair) => pair.startsWith(`${name}=`)) ?? '';
  const access = await fetch(`${origin}/api/account-access`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ orderNumber: order.orderNumber, email: order.email }),
  });
  const login = await fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench-admin', password: 'bench admin password' }),
  });
  if (!access.ok || !login.ok) throw new Error(`sign-in failed: ${access.status} ${login.status}`);
  process.send!({
    port,
    orderId: order.id,
    customerCookie: cookieFrom(access.headers.getSetCookie(), CUSTOMER_SESSION_COOKIE),
    adminCookie: cookieFrom(login.headers.getSetCookie(), ADMIN_SESSION_COOKIE),
  });
  process.on('disconnect', () => {
    void app.close().then(() => database.close().then(() => process.exit(0)));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
