import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createCustomer, createOrder, createUnitModel } from '@/server/platform/db/factories';
import { orders } from '@/server/platform/db/schema';
import { createTestDatabase } from '@tests/support/test-app';
import { eventually } from '@tests/support/eventually';
import { ORDERS_CHANNEL } from './list-cache';

/**
 * Which writes to orders tell the orders list (list-cache.ts) to drop its pages: every column but the payment page's
 * (migration 0032). Recording the page commits synchronously, and a notifying commit holds PostgreSQL's one notify
 * lock until its flush, so it must not notify; anything the list shows must.
 */
const test = await createTestDatabase();
afterAll(() => test.close());
const { db } = test.database;

/** The payment page's columns (and drizzle's updated_at, written with them): the list shows none of them. */
const SILENT = ['checkout_url', 'stripe_session_id', 'updated_at'];

const names = async (query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: Array<{ name: string }> }).rows.map((row) => row.name);

describe("the orders list's notice of a change", () => {
  it('is given by an update of any column of orders but the payment page’s', async () => {
    const columns = await names(
      sql`select column_name as name from information_schema.columns where table_name = 'orders'`,
    );
    const notifying = await names(sql`
      select a.attname as name from pg_trigger t join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = any(t.tgattr)
      where t.tgrelid = 'orders'::regclass and t.tgname = 'orders_orders_changed'`);
    // A column added to orders fails here until the trigger names it (or it joins SILENT, if the list never shows it).
    expect(notifying.sort()).toEqual(columns.filter((name) => !SILENT.includes(name)).sort());
  });

  it('is not given when a checkout’s payment page is recorded, and is when its status changes', async () => {
    const heard: string[] = [];
    const subscription = await test.database.listen(ORDERS_CHANNEL, {
      onNotify: (payload) => heard.push(payload),
      onLost: () => heard.push('lost'),
    });
    try {
      const customer = await createCustomer(db);
      const model = await createUnitModel(db);
      const order = await createOrder(db, { customerId: customer.id, modelId: model.id, status: 'pending' });
      // Notices arrive in commit order: each marker is heard after everything committed before it.
      const marked = async (marker: string) => {
        await db.execute(sql`select pg_notify(${ORDERS_CHANNEL}, ${marker})`);
        await eventually(async () => heard.includes(marker), true);
        return heard.splice(0);
      };
      await marked('start');

      await db
        .update(orders)
        .set({ stripeSessionId: 'cs_test_notify', checkoutUrl: 'https://pay.example/cs_test_notify' })
        .where(eq(orders.id, order.id));
      expect(await marked('after the page')).toEqual(['after the page']);

      await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order.id));
      expect(await marked('after the status')).toEqual(['orders', 'after the status']);
    } finally {
      await subscription.close();
    }
  });
});
