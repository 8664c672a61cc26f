import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { BillingClock } from '@/server/platform/clock';
import { auditEvents, customers, invoices, orders, subscriptions } from '@/server/platform/db/schema';
import {
  createAgreement,
  createCustomer,
  createOrder,
  createUnit,
  createUnitModel,
} from '@/server/platform/db/factories';
import { businessFigures } from '@/server/admin/shared/figures';
import { runScheduledWork } from '@/server/scheduled-work';
import { createTestApp } from '@tests/support/test-app';
import { queryRows } from '@/server/platform/db/sql';
import {
  deleteBatchSql,
  deleteUnpaidCheckouts,
  UNPAID_CHECKOUT_DELETED,
  UNPAID_CHECKOUT_RETENTION_DAYS,
} from './retention';

const t = await createTestApp();
afterAll(() => t.close());
const clock = t.deps.clock as BillingClock;
const daysLater = (from: Date, days: number) => new Date(from.getTime() + days * 86_400_000);
const log = { error: () => undefined };

/** Every kind of order the rule must tell apart, created now (real time), each for its own customer. */
async function history() {
  const model = await createUnitModel(t.db);
  const order = async (overrides: Partial<typeof orders.$inferInsert> = {}) => {
    const customer = await createCustomer(t.db);
    return createOrder(t.db, { customerId: customer.id, modelId: model.id, ...overrides });
  };
  const abandoned = await order({ status: 'pending', stripeSessionId: `cs_${crypto.randomUUID()}` });
  const expired = await order({ status: 'cancelled', cancelReason: 'Checkout session expired' });
  const ran = await order({ status: 'cancelled', endDate: '2026-09-01' });
  // With a payment page, so the orphan checkouts' sweep (which runs first) leaves the pending ones alone.
  const session = () => ({ stripeSessionId: `cs_${crypto.randomUUID()}` });
  const signed = await order({ status: 'pending', ...session() });
  await createAgreement(t.db, { orderId: signed.id });
  const invoiced = await order({ status: 'cancelled' });
  await t.db.insert(invoices).values({
    id: `in_${crypto.randomUUID()}`,
    orderId: invoiced.id,
    status: 'void',
    amountDueCents: 3900,
    amountPaidCents: 0,
    periodStart: new Date(),
    periodEnd: new Date(),
    issuedAt: new Date(),
    stateAt: new Date(),
  });
  const subscribed = await order({ status: 'cancelled' });
  await t.db.insert(subscriptions).values({
    id: `sub_${crypto.randomUUID()}`,
    orderId: subscribed.id,
    status: 'canceled',
    stateAt: new Date(),
  });
  const holding = await order({ status: 'pending', ...session() });
  await createUnit(t.db, { modelId: model.id, heldByOrderId: holding.id, heldUntil: daysLater(new Date(), 400) });
  const active = await order({ status: 'active' });
  return { deleted: [abandoned, expired], kept: [ran, signed, invoiced, subscribed, holding, active] };
}

const figuresWithoutTime = async (now: Date) => {
  const { asOf: _asOf, collectedThisMonth: _month, ...figures } = await businessFigures(t.db, now);
  return figures;
};

describe('retention of checkouts that never reached payment (ADR 038)', () => {
  it('deletes them after 30 days on the app clock, once, keeping their customers, the figures and an audit row', async () => {
    const { deleted, kept } = await history();
    const ids = (list: Array<{ id: string }>) => list.map((order) => order.id);
    const start = clock.now();

    // A day short of the retention: nothing goes.
    clock.moveTo(daysLater(start, UNPAID_CHECKOUT_RETENTION_DAYS - 1));
    expect(await deleteUnpaidCheckouts(t.db, clock.now())).toBe(0);

    clock.moveTo(daysLater(start, UNPAID_CHECKOUT_RETENTION_DAYS + 1));
    const before = await figuresWithoutTime(clock.now());
    // Two instances at once: each order is deleted by one of them.
    const [first, second] = await Promise.all([
      runScheduledWork(t.deps, clock.now(), log),
      deleteUnpaidCheckouts(t.db, clock.now()),
    ]);
    expect(first.unpaidCheckoutsDeleted + second).toBe(2);
    expect(first.sweeps.find((sweep) => sweep.sweep === 'unpaid_checkouts')).toMatchObject({ ok: true });
    expect(await deleteUnpaidCheckouts(t.db, clock.now())).toBe(0);

    const left = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(inArray(orders.id, ids([...deleted, ...kept])));
    expect(left.map((row) => row.id).sort()).toEqual(ids(kept).sort());
    // The customers stay (leads), and no figure moves.
    const people = await t.db
      .select({ id: customers.id })
      .from(customers)
      .where(
        inArray(
          customers.id,
          [...deleted, ...kept].map((order) => order.customerId),
        ),
      );
    expect(people).toHaveLength(deleted.length + kept.length);
    expect(await figuresWithoutTime(clock.now())).toEqual(before);

    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.action, UNPAID_CHECKOUT_DELETED));
    expect(audit.map((row) => row.entityId).sort()).toEqual(ids(deleted).sort());
    const abandoned = audit.find((row) => row.entityId === deleted[0]!.id)!;
    expect(abandoned).toMatchObject({ actorType: 'system', entityType: 'order' });
    expect(abandoned.details).toMatchObject({
      orderNumber: deleted[0]!.orderNumber,
      customerId: deleted[0]!.customerId,
      status: 'pending',
      retentionDays: 30,
    });
  });

  it('finds its candidates through their own index, not by walking every order that ran', async () => {
    await t.db.execute(sql`set enable_seqscan = off`);
    try {
      const rows = await queryRows<{ 'QUERY PLAN': string }>(t.db, sql`explain ${deleteBatchSql(clock.now())}`);
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/orders_unpaid_checkout_created_at_idx[\s\S]*Index Cond: \(created_at < /);
      expect(plan).not.toMatch(/orders_created_at_idx/);
    } finally {
      await t.db.execute(sql`reset enable_seqscan`);
    }
  });
});
