import { eq } from 'drizzle-orm';
import { createCustomer, createOrder, createUnit, createUnitModel } from '@/server/platform/db/factories';
import { orders, units } from '@/server/platform/db/schema';
import { rentUnit } from '@/server/rentals/units/rentals';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { signInAdmin, type AdminClient } from './admin-client';

/** Shared by the orders-*.test.ts files: the app, a signed-in admin, two unit models and rentals of the first. */
export interface OrdersTestApp {
  t: TestApp;
  admin: AdminClient;
  modelId: string;
  /** A model the rentals are not of. */
  otherModelId: string;
  /** GET as the admin. */
  get(url: string): ReturnType<AdminClient['request']>;
  /** An active order renting a unit, as a paid checkout leaves it. */
  activeRental(overrides?: { customerName?: string }): Promise<{
    customer: Awaited<ReturnType<typeof createCustomer>>;
    unit: Awaited<ReturnType<typeof createUnit>>;
    order: Awaited<ReturnType<typeof createOrder>>;
  }>;
  unitRow(id: string): Promise<typeof units.$inferSelect>;
  orderRow(id: string): Promise<typeof orders.$inferSelect>;
}

export async function startOrdersTestApp(): Promise<OrdersTestApp> {
  const t = await createTestApp();
  const admin = await signInAdmin(t);
  const modelId = (await createUnitModel(t.db)).id;
  const otherModelId = (await createUnitModel(t.db, { name: 'Other', btuTier: '8-10k' })).id;

  async function activeRental(overrides: { customerName?: string } = {}) {
    const customer = await createCustomer(t.db, { name: overrides.customerName ?? 'Jordan Rivera' });
    const unit = await createUnit(t.db, { modelId, status: 'rented' });
    const order = await createOrder(t.db, { customerId: customer.id, modelId, unitId: unit.id, status: 'active' });
    await t.db.transaction((tx) => rentUnit(tx, { unitId: unit.id, orderId: order.id }));
    return { customer, unit, order };
  }

  return {
    t,
    admin,
    modelId,
    otherModelId,
    get: (url) => admin.request({ method: 'GET', url }),
    activeRental,
    unitRow: async (id) => (await t.db.select().from(units).where(eq(units.id, id)))[0]!,
    orderRow: async (id) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!,
  };
}
