import { describe, expect, it } from 'vitest';
import {
  createAdditionalFee,
  createCustomer,
  createDeliveryTask,
  createOrder,
  createUnit,
  createUnitModel,
} from '@/server/platform/db/factories';
import { startAdminTestApp } from '@tests/support/admin-client';

const { t, admin } = await startAdminTestApp();

describe('GET /api/admin/stats', () => {
  it('is all zeros on an empty database', async () => {
    const response = await admin.request({ method: 'GET', url: '/api/admin/stats' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      activeSubscriptions: 0,
      totalCustomers: 0,
      pendingFeesCount: 0,
      pendingFeesAmount: 0,
      monthlyRevenue: 0,
      availableUnits: 0,
      pendingDeliveries: 0,
      figures: {
        activeRentals: 0,
        mrrCents: 0,
        customers: 0,
        leads: 0,
        outstanding: { totalCents: 0 },
        failedPayments: { attempts: 0, failed: 0 },
      },
    });
  });

  it('computes the seven figures as defined (money figures: shared/figures.test.ts)', async () => {
    const model = await createUnitModel(t.db);
    const [ana, ben, cy] = [await createCustomer(t.db), await createCustomer(t.db), await createCustomer(t.db)];
    const order = (customerId: string, status: string, type = 'monthly', priceCents = 3900) =>
      createOrder(t.db, { customerId, modelId: model.id, status, type, priceCents });

    // Active: two monthly and one weekly. No provider subscription yet, so no recurring revenue: MRR counts what
    // the provider bills (its definitions are tested on ledger rows in shared/figures.test.ts).
    const anaActive = await order(ana.id, 'active');
    await order(ben.id, 'active', 'monthly', 4500);
    await order(cy.id, 'active', 'weekly', 1900);
    // Not counted as active: pending, completed and cancelled orders.
    await order(ana.id, 'pending');
    await order(ben.id, 'completed');
    await order(cy.id, 'cancelled');
    // Dee only abandoned a checkout: a lead, not a customer.
    const dee = await createCustomer(t.db);
    await order(dee.id, 'pending');

    // Pending fees: 2500 + 15000; paid, waived and failed fees are not pending.
    await createAdditionalFee(t.db, { customerId: ana.id, createdBy: admin.adminUserId, amountCents: 2500 });
    await createAdditionalFee(t.db, { customerId: ben.id, createdBy: admin.adminUserId, amountCents: 15_000 });
    for (const status of ['paid', 'waived', 'failed']) {
      await createAdditionalFee(t.db, { customerId: cy.id, createdBy: admin.adminUserId, status, amountCents: 999 });
    }

    // Available: free units only; a unit held by a live checkout is not, one whose hold lapsed is.
    await createUnit(t.db, { modelId: model.id });
    await createUnit(t.db, { modelId: model.id });
    await createUnit(t.db, {
      modelId: model.id,
      heldByOrderId: anaActive.id,
      heldUntil: new Date(Date.now() - 60_000),
    });
    await createUnit(t.db, {
      modelId: model.id,
      heldByOrderId: anaActive.id,
      heldUntil: new Date(Date.now() + 600_000),
    });
    for (const status of ['rented', 'maintenance', 'damaged', 'retired'])
      await createUnit(t.db, { modelId: model.id, status });

    // Pending deliveries: deliveries not yet done; pickups and finished deliveries are not.
    await createDeliveryTask(t.db, { orderId: anaActive.id, type: 'delivery', status: 'pending' });
    await createDeliveryTask(t.db, { orderId: anaActive.id, type: 'delivery', status: 'scheduled' });
    await createDeliveryTask(t.db, { orderId: anaActive.id, type: 'delivery', status: 'completed' });
    await createDeliveryTask(t.db, { orderId: anaActive.id, type: 'pickup', status: 'pending' });

    // Written behind the app's back (factories, no request): the figures the first test read are reused for 30 s on
    // the app clock (figures-cache.test.ts, ADR 038), so they are dropped as an owner's write would.
    t.app.figures.invalidate();
    const response = await admin.request({ method: 'GET', url: '/api/admin/stats' });
    const stats = response.json();
    expect(stats).toMatchObject({
      activeSubscriptions: 3,
      totalCustomers: 3,
      pendingFeesCount: 2,
      pendingFeesAmount: 17_500,
      monthlyRevenue: 0,
      availableUnits: 3,
      pendingDeliveries: 2,
    });
    // The spec's names are the shared figures under another name.
    expect(stats.figures).toMatchObject({
      activeRentals: stats.activeSubscriptions,
      customers: stats.totalCustomers,
      leads: 1,
      mrrCents: stats.monthlyRevenue,
      pendingFees: { count: stats.pendingFeesCount, amountCents: stats.pendingFeesAmount },
    });
  });
});
