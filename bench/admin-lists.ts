/**
 * Admin list benchmark: the customer search and the filtered orders list on PostgreSQL with a large history.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/admin-lists.ts
 *
 * Creates its own database (coolrent_bench_admin), migrates it, seeds 100k customers and 250k orders with
 * INSERT ... SELECT generate_series, then times the real service functions (listCustomers, listOrders) and prints
 * p50/p95 per scenario, plus EXPLAIN (ANALYZE, BUFFERS) of the exact SQL they run, with the indexes used.
 * The database is dropped at the end (also on failure).
 */
import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { listCustomers } from '@/server/admin/customer-desk/service';
import { listOrders } from '@/server/admin/order-desk/list';
import { businessFigures } from '@/server/admin/shared/figures';
import { customerListQuery } from '@/contracts/admin/customers';
import { orderListQuery } from '@/contracts/admin/orders';
import { listenPostgres, type Database, type Db } from '@/server/platform/db/client';
import { runMigrations } from '@/server/platform/db/migrate';
import * as schema from '@/server/platform/db/schema';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 250_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const WARMUP = 5;
const BENCH_DB = 'coolrent_bench_admin';

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  console.error('Set DATABASE_URL to a PostgreSQL server (the benchmark creates and drops its own database).');
  process.exit(1);
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** The same Drizzle setup as openPostgres, plus a logger that remembers the last query for EXPLAIN. */
function openBenchDatabase(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  // Dropping the database at the end ends idle connections; that is expected, not a crash.
  pool.on('error', () => {});
  const captured: Array<{ sql: string; params: unknown[] }> = [];
  let capturing = false;
  const db = drizzle({
    client: pool,
    schema,
    casing: 'snake_case',
    logger: {
      logQuery(query, params) {
        if (capturing) captured.push({ sql: query, params });
      },
    },
  }) as unknown as Db;
  const database: Database = {
    db,
    kind: 'postgres',
    ping: async () => void (await pool.query('select 1')),
    close: () => pool.end(),
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
  };
  return {
    database,
    pool,
    async capture(run: () => Promise<unknown>) {
      captured.length = 0;
      capturing = true;
      try {
        await run();
      } finally {
        capturing = false;
      }
      return [...captured];
    },
  };
}

async function seed(pool: pg.Pool): Promise<void> {
  const started = performance.now();
  await pool.query(`
    insert into unit_models (name, btu_tier, monthly_price, weekly_price)
    values ('Portable AC 8,000-10,000 BTU', '8-10k', 3900, 1500), ('Portable AC 12,000-14,000 BTU', '12-14k', 3900, 1900)`);
  // 1,000 units per model; about a quarter rented.
  await pool.query(`
    insert into units (serial, model_id, brand, model, btu, purchase_date, purchase_price, status)
    select 'BN-' || lpad(g::text, 6, '0'), m.id, 'Midea', 'MAP12', 12000, now() - interval '400 days', 449.00,
           case when g % 4 = 0 then 'rented' when g % 17 = 0 then 'maintenance' else 'available' end
    from generate_series(1, 2000) g
    join (select id, row_number() over (order by btu_tier) as n from unit_models) m on m.n = 1 + g % 2`);
  // Names from 40 first x 40 last names (1,600 combinations), each e-mail unique.
  await pool.query(
    `
    insert into customers (email, name, phone, created_at)
    select lower(f.name || '.' || l.name || g::text) || '@example.com', f.name || ' ' || l.name,
           '(714) 555-' || lpad((g % 10000)::text, 4, '0'),
           now() - (g * interval '15 minutes')
    from generate_series(1, $1::int) g
    join (select name, row_number() over () - 1 as i from unnest($2::text[]) name) f on f.i = g % 40
    join (select name, row_number() over () - 1 as i from unnest($3::text[]) name) l on l.i = (g / 40) % 40`,
    [CUSTOMERS, FIRST_NAMES, LAST_NAMES],
  );
  // 250k orders over ~3 years; 25% active, 55% completed, 12% cancelled, 8% pending; 1 in 10 weekly.
  await pool.query(
    `
    with c as (select id, row_number() over (order by created_at) as n from customers),
         m as (select id, btu_tier, row_number() over (order by btu_tier) as n from unit_models)
    insert into orders (order_number, customer_id, model_id, type, btu_tier, start_date, end_date, price_cents,
                        status, address, city, zip_code, created_at)
    select 'order-' || upper(lpad(to_hex((g::bigint * 2654435761) % 4294967296), 8, '0')),
           c.id, m.id,
           case when g % 10 = 0 then 'weekly' else 'monthly' end,
           m.btu_tier,
           (now() - (g * interval '6 minutes'))::date + 2,
           case when g % 100 between 25 and 79 then (now() - (g * interval '6 minutes'))::date + 130 end,
           case when g % 10 = 0 then 1900 else 3900 end,
           case when g % 100 < 25 then 'active' when g % 100 < 80 then 'completed'
                when g % 100 < 92 then 'cancelled' else 'pending' end,
           g || ' Orange Grove Ave', 'Santa Ana', '92701',
           now() - (g * interval '6 minutes')
    from generate_series(1, $1::int) g
    join c on c.n = 1 + (g::bigint * 7919) % $2::int
    join m on m.n = 1 + g % 2`,
    [ORDERS, CUSTOMERS],
  );
  // Give some active orders a unit so the list's unit column has serials.
  await pool.query(`
    with rented as (select id, row_number() over (order by serial) as n from units where status = 'rented'),
         active as (select id, row_number() over (order by created_at desc) as n from orders where status = 'active')
    update orders set unit_id = rented.id from rented join active on active.n = rented.n where orders.id = active.id`);
  // What autovacuum leaves in a running system: statistics and a visibility map (index-only scans).
  await pool.query('vacuum analyze');
  console.log(
    `seeded ${CUSTOMERS.toLocaleString()} customers and ${ORDERS.toLocaleString()} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

async function time(run: () => Promise<unknown>): Promise<{ p50: number; p95: number; samples: number[] }> {
  for (let i = 0; i < WARMUP; i += 1) await run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), samples };
}

function indexUse(plan: string): string {
  const indexes = [
    ...plan.matchAll(/(?:Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using |on )"?(\w+)"?/g),
  ].map((m) => m[1]);
  const seqScans = [...plan.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]);
  return [
    `indexes: ${[...new Set(indexes)].join(', ') || 'none'}`,
    seqScans.length ? `seq scans: ${[...new Set(seqScans)].join(', ')}` : 'no seq scans',
  ].join('; ');
}

const FIRST_NAMES = [
  'Maria',
  'Kevin',
  'Aaliyah',
  'Daniel',
  'Sofia',
  'Ethan',
  'Jordan',
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Mateo',
  'Isabella',
  'Lucas',
  'Mia',
  'Elijah',
  'Camila',
  'James',
  'Luna',
  'Benjamin',
  'Harper',
  'Henry',
  'Evelyn',
  'Alexander',
  'Abigail',
  'Sebastian',
  'Emily',
  'Jack',
  'Ella',
  'Aiden',
  'Scarlett',
  'Owen',
  'Grace',
  'Samuel',
  'Chloe',
  'Wyatt',
  'Layla',
  'Julian',
  'Nora',
];
const LAST_NAMES = [
  'Gonzalez',
  'Tran',
  'Johnson',
  'Kim',
  'Martinez',
  'Nguyen',
  'Rivera',
  'Smith',
  'Garcia',
  'Brown',
  'Lopez',
  'Davis',
  'Hernandez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Pham',
  'Hill',
  'Flores',
];

async function main(): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
  await admin.query(`create database ${BENCH_DB}`);
  const bench = openBenchDatabase(withDatabase(adminUrl!, BENCH_DB));
  try {
    await runMigrations(bench.database);
    await seed(bench.pool);
    const db = bench.database.db;

    const customerSearches: Array<[string, Record<string, string>]> = [
      ['customers: first page, no search', {}],
      ['customers: search "gonzalez"', { search: 'gonzalez' }],
      ['customers: search "MARIA.TRAN" (e-mail part)', { search: 'MARIA.TRAN' }],
      ['customers: search "kim1234" (one person)', { search: 'kim1234' }],
      ['customers: search "no-such-person"', { search: 'no-such-person' }],
      ['customers: search "gonzalez", page 20', { search: 'gonzalez', page: '20' }],
    ];
    const sampleOrder = (
      await bench.pool.query<{ order_number: string }>(
        `select order_number from orders order by created_at desc offset 1234 limit 1`,
      )
    ).rows[0]!.order_number;
    const orderFilters: Array<[string, Record<string, string>]> = [
      ['orders: first page, no filter', {}],
      ['orders: status=active', { status: 'active' }],
      // The seeded pending orders hold no unit: every one is an abandoned checkout, hidden unless asked for.
      ['orders: status=abandoned', { status: 'abandoned' }],
      ['orders: status=pending (checkout open)', { status: 'pending' }],
      ['orders: status=completed, page 100', { status: 'completed', page: '100' }],
      [
        'orders: status=active, startDate in one month',
        { status: 'active', startDate: monthAgo(6), endDate: monthAgo(5) },
      ],
      ['orders: planType=weekly, sort startDate asc', { planType: 'weekly', sort: 'startDate', direction: 'asc' }],
      ['orders: search "nguyen" (customer name)', { search: 'nguyen' }],
      ['orders: search "ava.pham12" (customer e-mail)', { search: 'ava.pham12' }],
      [`orders: search "${sampleOrder.slice(-6).toLowerCase()}" (order number)`, { search: sampleOrder.slice(-6) }],
      ['orders: status=active + search "rivera"', { status: 'active', search: 'rivera' }],
    ];

    const results: Array<{ name: string; p50: number; p95: number; total: number; plan: string }> = [];
    const run = async (name: string, call: () => Promise<{ total: number }>): Promise<void> => {
      const { total } = await call();
      const { p50, p95 } = await time(call);
      const queries = await bench.capture(call);
      const plans: string[] = [];
      for (const query of queries) {
        const explained = await bench.pool.query(`explain (analyze, buffers) ${query.sql}`, query.params);
        plans.push(explained.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n'));
      }
      results.push({ name, p50, p95, total, plan: plans.join('\n---\n') });
      console.log(
        `${name.padEnd(58)} p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  (${total} rows)`,
      );
    };

    console.log(
      `\n${RUNS} runs each after ${WARMUP} warm-up runs; times are for the whole service call (page + total)\n`,
    );
    for (const [name, query] of customerSearches) {
      const parsed = customerListQuery.parse(query);
      await run(name, () => listCustomers(db, parsed));
    }
    for (const [name, query] of orderFilters) {
      const parsed = orderListQuery.parse(query);
      await run(name, () => listOrders(db, parsed, new Date()));
    }

    // The dashboard's money figures (stats and analytics) over the same customers and orders.
    await run('figures: businessFigures (stat cards, Analytics)', async () => {
      await businessFigures(db, new Date());
      return { total: 1 };
    });

    const all = (prefix: string) => results.filter((r) => r.name.startsWith(prefix));
    for (const prefix of ['customers', 'orders']) {
      const worstP95 = Math.max(...all(prefix).map((r) => r.p95));
      const medianP50 = all(prefix)
        .map((r) => r.p50)
        .sort((a, b) => a - b)[Math.floor(all(prefix).length / 2)]!;
      console.log(
        `${prefix}: median of scenario p50s ${medianP50.toFixed(1)} ms, worst scenario p95 ${worstP95.toFixed(1)} ms`,
      );
    }

    console.log('\nIndex use per scenario (EXPLAIN ANALYZE of each query the service runs):');
    for (const result of results) {
      console.log(`- ${result.name}`);
      for (const [i, plan] of result.plan.split('\n---\n').entries()) {
        console.log(`    query ${i + 1}: ${indexUse(plan)}`);
      }
    }
    if (process.env.BENCH_PLANS) {
      for (const result of results) console.log(`\n=== ${result.name}\n${result.plan}`);
    }
  } finally {
    await bench.database.close();
    // BENCH_KEEP=1 leaves the database for poking at plans by hand.
    if (!process.env.BENCH_KEEP) await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
    await admin.end();
  }
}

function monthAgo(months: number): string {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() - months, 1);
  return date.toISOString().slice(0, 10);
}

await main();
