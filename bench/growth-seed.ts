/**
 * The growth benchmark's history (bench/growth.ts), added on top of bench/seed.ts's catalog by bench/serve.ts when
 * BENCH_GROWTH is set: BENCH_GROWTH_CUSTOMERS customers (100k) and BENCH_GROWTH_ORDERS orders (250k) over about three
 * years, written by INSERT ... SELECT generate_series (seconds on PostgreSQL, about a minute on PGlite), in the mix a
 * soak leaves: half completed, a third cancelled (half of them before they ever ran), an eighth active with their
 * subscription, and 1.2% pending checkouts that never reached payment (3,000 at 250k: abandoned, no unit held),
 * most of them older than the retention's 30 days. Every order that ran has one paid invoice.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '@/server/platform/db/client';

export const GROWTH_CUSTOMERS = Number(process.env.BENCH_GROWTH_CUSTOMERS ?? 100_000);
export const GROWTH_ORDERS = Number(process.env.BENCH_GROWTH_ORDERS ?? 250_000);

/** Per 1,000 orders (g % 1000): active below 120, completed below 620, cancelled below 988, pending above. */
const STATUS = sql.raw(`case when g % 1000 < 120 then 'active' when g % 1000 < 620 then 'completed'
  when g % 1000 < 988 then 'cancelled' else 'pending' end`);
/** An order that ran: active, completed, or cancelled after it started (half the cancelled ones). */
const RAN = sql.raw(`(g % 1000 < 620 or (g % 1000 < 988 and g % 2 = 0))`);
/** Orders are six minutes apart, the newest a minute ago: 250k orders span about 2.9 years. */
const CREATED = sql.raw(`now() - (g * interval '6 minutes')`);

/** 40 first names by 40 last names (as bench/admin-lists.ts): a common surname is one customer in 40. */
const names = (list: string) =>
  sql.raw(
    `array[${list
      .split(' ')
      .map((name) => `'${name}'`)
      .join(',')}]`,
  );
const FIRST = names(
  'Maria Kevin Aaliyah Daniel Sofia Ethan Jordan Olivia Liam Emma Noah Ava Mateo Isabella Lucas Mia Elijah Camila ' +
    'James Luna Benjamin Harper Henry Evelyn Alexander Abigail Sebastian Emily Jack Ella Aiden Scarlett Owen Grace ' +
    'Samuel Chloe Wyatt Layla Julian Nora',
);
const LAST = names(
  'Gonzalez Tran Johnson Kim Martinez Nguyen Rivera Smith Garcia Brown Lopez Davis Hernandez Wilson Anderson Thomas ' +
    'Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young ' +
    'Allen King Wright Scott Torres Pham Hill Flores',
);

export async function seedGrowth(database: Database): Promise<void> {
  const { db } = database;
  const customers = sql.raw(String(GROWTH_CUSTOMERS));
  const ordersCount = sql.raw(String(GROWTH_ORDERS));
  await db.execute(sql`
    insert into customers (email, name, phone, stripe_customer_id, created_at)
    select 'grower' || g || '@example.com',
           (${FIRST})[1 + g % 40] || ' ' || (${LAST})[1 + (g / 40) % 40],
           '(714) 555-' || lpad((g % 10000)::text, 4, '0'), 'cus_growth_' || g,
           now() - (g * interval '15 minutes')
    from generate_series(1, ${customers}) g`);
  await db.execute(sql`
    with c as (select id, row_number() over (order by created_at) as n from customers where email like 'grower%'),
         m as (select id, btu_tier, row_number() over (order by btu_tier) as n from unit_models)
    insert into orders (order_number, customer_id, model_id, type, btu_tier, start_date, end_date, price_cents, status,
                        cancel_reason, address, city, zip_code, billing_status, created_at, updated_at)
    select 'GR-' || upper(lpad(to_hex((g::bigint * 2654435761) % 4294967296), 8, '0')), c.id, m.id,
           case when g % 10 = 0 then 'weekly' else 'monthly' end, m.btu_tier,
           (${CREATED})::date + 2,
           case when g % 1000 >= 120 and ${RAN} then (${CREATED})::date + 130 end,
           case when g % 10 = 0 then 1900 else 3900 end,
           ${STATUS},
           case when g % 1000 >= 620 and g % 1000 < 988 and g % 2 = 1 then 'Checkout session expired' end,
           g || ' Orange Grove Ave', 'Santa Ana', '92701',
           case when g % 1000 >= 120 and ${RAN} then 'ended' else 'current' end,
           ${CREATED}, ${CREATED}
    from generate_series(1, ${ordersCount}) g
    join c on c.n = 1 + (g::bigint * 7919) % ${customers}
    join m on m.n = 1 + g % (select count(*) from unit_models)`);
  // The active orders' subscriptions, and one paid invoice for every order that ran.
  await db.execute(sql`
    insert into subscriptions (id, order_id, gateway_customer_id, status, current_period_start, current_period_end,
                               state_at)
    select 'sub_growth_' || o.id, o.id, c.stripe_customer_id, 'active', now() - interval '10 days',
           now() + interval '20 days', now()
    from orders o join customers c on c.id = o.customer_id
    where o.order_number like 'GR-%' and o.status = 'active'`);
  await db.execute(sql`
    insert into invoices (id, subscription_id, order_id, gateway_customer_id, status, amount_due_cents,
                          amount_paid_cents, attempt_count, period_start, period_end, paid_at, billing_reason,
                          issued_at, state_at)
    select 'in_growth_' || o.id, 'sub_growth_' || o.id, o.id, c.stripe_customer_id, 'paid', o.price_cents,
           o.price_cents, 1, o.created_at, o.created_at + interval '1 month', o.created_at, 'subscription_create',
           o.created_at, o.created_at
    from orders o join customers c on c.id = o.customer_id
    where o.order_number like 'GR-%' and (o.status in ('active', 'completed') or o.end_date is not null)`);
  // 2,000 rented units, each on one of the newest active orders (the list's unit column).
  await db.execute(sql`
    insert into units (serial, model_id, brand, model, btu, purchase_date, purchase_price, status)
    select 'GR-' || lpad(g::text, 6, '0'), (select id from unit_models order by btu_tier desc limit 1), 'Midea',
           'MAP12', 12000, now() - interval '400 days', 449.00, 'rented'
    from generate_series(1, 2000) g`);
  await db.execute(sql`
    with rented as (select id, row_number() over (order by serial) as n from units where serial like 'GR-%'),
         active as (select id, row_number() over (order by created_at desc) as n from orders
                    where status = 'active' and order_number like 'GR-%')
    update orders set unit_id = rented.id from rented join active on active.n = rented.n
    where orders.id = active.id`);
  await db.execute(sql`
    update units set current_order_id = orders.id from orders where orders.unit_id = units.id
    and units.serial like 'GR-%'`);
}
