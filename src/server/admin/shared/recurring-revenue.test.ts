import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createOrder, createUnitModel } from '@/server/platform/db/factories';
import { orders, subscriptions } from '@/server/platform/db/schema';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-app';
import { recurringRevenue } from './recurring-revenue';

const now = new Date('2031-03-01T07:30:00Z');

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

describe('recurring revenue, read in pieces', () => {
  beforeAll(async () => {
    const model = await createUnitModel(t.db);
    const customer = await createCustomer(t.db);
    const order = (values: Partial<Parameters<typeof createOrder>[1]>) =>
      createOrder(t.db, { customerId: customer.id, modelId: model.id, status: 'active', ...values });
    const subscription = async (values: { status: string; orderId?: string; endedAt?: Date; cancelAt?: Date }) => {
      const id = `sub_${randomUUID().slice(0, 8)}`;
      await t.db.insert(subscriptions).values({ id, stateAt: now, ...values });
      return id;
    };
    const linkBack = (orderId: string, subscriptionId: string) =>
      t.db.update(orders).set({ stripeSubscriptionId: subscriptionId }).where(eq(orders.id, orderId));

    // Linked both ways by one subscription: 3900 once.
    const both = await order({ priceCents: 3900 });
    await linkBack(both.id, await subscription({ status: 'active', orderId: both.id }));
    // Linked only by the order's subscription id, past due: 1900 a week is 8233 a month, at risk.
    const weekly = await order({ type: 'weekly', priceCents: 1900 });
    await linkBack(weekly.id, await subscription({ status: 'past_due' }));
    // Two current subscriptions, one each way, one of them past due: 4500 once, at risk.
    const twice = await order({ priceCents: 4500 });
    await subscription({ status: 'active', orderId: twice.id });
    await linkBack(twice.id, await subscription({ status: 'past_due' }));
    // A scheduled end still ahead counts; an ended subscription and a scheduled end already passed do not.
    const later = await order({ priceCents: 3900 });
    await subscription({ status: 'active', orderId: later.id, cancelAt: new Date('2031-03-15T00:00:00Z') });
    const ended = await order({ priceCents: 9900 });
    await subscription({ status: 'canceled', orderId: ended.id, endedAt: new Date('2031-01-10T18:00:00Z') });
    const passed = await order({ priceCents: 9900 });
    await subscription({ status: 'active', orderId: passed.id, cancelAt: new Date('2031-02-20T00:00:00Z') });
    // Current subscriptions that no order is linked to: a piece of them alone must not end the reading early.
    await subscription({ status: 'active' });
    await subscription({ status: 'trialing' });
  });

  it.each([1, 2, 3, 5_000])('counts every linked order once with %i subscriptions a statement', async (size) => {
    expect(await recurringRevenue(t.db, now, size)).toEqual({
      mrrCents: 3900 + 8233 + 4500 + 3900,
      mrrAtRiskCents: 8233 + 4500,
    });
  });
});
