import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createOrder, createUnitModel } from '@/server/platform/db/factories';
import { customers, invoices, orders } from '@/server/platform/db/schema';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-app';

/**
 * customers.has_paid (migration 0029, ADR 042) against its rule: an order that ran (active, completed, or cancelled
 * after it started) or a paid invoice with money in it, whichever order the rows arrive in.
 */
let t: TestDatabase;
let modelId: string;
beforeAll(async () => {
  t = await createTestDatabase();
  modelId = (await createUnitModel(t.db)).id;
});
afterAll(async () => t.close());

const hasPaid = async (id: string) =>
  (await t.db.select({ hasPaid: customers.hasPaid }).from(customers).where(eq(customers.id, id)))[0]!.hasPaid;

async function invoiceFor(gatewayCustomerId: string, status: string, amountPaidCents: number) {
  const day = new Date('2031-02-01T12:00:00Z');
  const id = `in_${randomUUID().slice(0, 8)}`;
  await t.db.insert(invoices).values({
    id,
    gatewayCustomerId,
    status,
    amountDueCents: 3900,
    amountPaidCents,
    attemptCount: 1,
    issuedAt: day,
    periodStart: day,
    periodEnd: day,
    stateAt: day,
  });
  return id;
}

/** The rule itself, as the figures computed it before the flag: the backfill and the triggers must agree with it. */
const ruleSql = sql`(
  exists (select 1 from orders where orders.customer_id = customers.id
    and (orders.status in ('active', 'completed') or (orders.status = 'cancelled' and orders.end_date is not null)))
  or customers.stripe_customer_id in (
    select gateway_customer_id from invoices where invoices.status = 'paid' and invoices.amount_paid_cents > 0))`;

describe('a customer who has paid', () => {
  it('is marked when an order of theirs starts, ends after running, or is cancelled after it started', async () => {
    const pending = await createCustomer(t.db);
    const order = await createOrder(t.db, { customerId: pending.id, modelId, status: 'pending' });
    expect(await hasPaid(pending.id)).toBe(false);
    await t.db.update(orders).set({ status: 'active' }).where(eq(orders.id, order.id));
    expect(await hasPaid(pending.id)).toBe(true);

    const cancelledEarly = await createCustomer(t.db);
    await createOrder(t.db, { customerId: cancelledEarly.id, modelId, status: 'cancelled', endDate: null });
    expect(await hasPaid(cancelledEarly.id)).toBe(false);
    const cancelledLate = await createCustomer(t.db);
    await createOrder(t.db, { customerId: cancelledLate.id, modelId, status: 'cancelled', endDate: '2031-02-10' });
    expect(await hasPaid(cancelledLate.id)).toBe(true);
  });

  it('is marked by a paid invoice with money in it, before or after the customer is linked to the provider', async () => {
    const linked = await createCustomer(t.db, { stripeCustomerId: `cus_${randomUUID().slice(0, 8)}` });
    const invoice = await invoiceFor(linked.stripeCustomerId!, 'open', 0);
    expect(await hasPaid(linked.id)).toBe(false);
    await t.db.update(invoices).set({ status: 'paid', amountPaidCents: 0 }).where(eq(invoices.id, invoice));
    expect(await hasPaid(linked.id)).toBe(false);
    await t.db.update(invoices).set({ amountPaidCents: 3900 }).where(eq(invoices.id, invoice));
    expect(await hasPaid(linked.id)).toBe(true);

    const later = `cus_${randomUUID().slice(0, 8)}`;
    await invoiceFor(later, 'paid', 3900);
    const linkedLater = await createCustomer(t.db);
    expect(await hasPaid(linkedLater.id)).toBe(false);
    await t.db.update(customers).set({ stripeCustomerId: later }).where(eq(customers.id, linkedLater.id));
    expect(await hasPaid(linkedLater.id)).toBe(true);
  });

  it('is filled in by the migration for the customers already there, exactly as the rule says', async () => {
    const backfill = readFileSync('drizzle/0029_customer_has_paid.sql', 'utf8')
      .split('--> statement-breakpoint')
      .at(-1)!;
    expect(backfill).toMatch(/^\s*UPDATE customers SET has_paid = true/m);
    await t.db.execute(sql`update customers set has_paid = false`);
    await t.db.execute(sql.raw(backfill));
    const disagreeing = await t.db
      .select({ id: customers.id })
      .from(customers)
      .where(sql`${customers.hasPaid} <> ${ruleSql}`);
    expect(disagreeing).toEqual([]);
    expect((await t.db.select().from(customers).where(eq(customers.hasPaid, true))).length).toBe(4);
  });
});
