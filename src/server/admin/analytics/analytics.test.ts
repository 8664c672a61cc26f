import { describe, expect, it } from 'vitest';
import { addDays, addMonths, todayInLosAngeles } from '@/contracts/dates';
import {
  createAdditionalFee,
  createCustomer,
  createOrder,
  createUnit,
  createUnitModel,
} from '@/server/platform/db/factories';
import { businessFigures } from '@/server/admin/shared/figures';
import { startAdminTestApp } from '@tests/support/admin-client';
import { adminAnalytics } from './service';

const { t, admin } = await startAdminTestApp();

const today = todayInLosAngeles();
const firstOfMonth = (monthsAgo: number) => addMonths(`${today.slice(0, 7)}-01`, -monthsAgo);
const month = (monthsAgo: number) => firstOfMonth(monthsAgo).slice(0, 7);

describe('GET /api/admin/analytics', () => {
  it('computes each series from hand-built data', async () => {
    const small = await createUnitModel(t.db, { name: 'Small', btuTier: '8-10k' });
    const medium = await createUnitModel(t.db, { name: 'Medium', btuTier: '12-14k' });
    const customer = await createCustomer(t.db);
    const order = (overrides: Parameters<typeof createOrder>[1] extends infer O ? Partial<O> : never) =>
      createOrder(t.db, { customerId: customer.id, modelId: medium.id, ...overrides });

    // Started 5 months ago, still running: counts from month -5 on.
    await order({ status: 'active', startDate: addDays(firstOfMonth(5), 9), priceCents: 3900 });
    // Weekly, started 2 months ago: 1900 x 52 / 12 = 8233 a month.
    await order({ status: 'active', type: 'weekly', startDate: addDays(firstOfMonth(2), 2), priceCents: 1900 });
    // Ran from month -4 to month -1 (completed): counts in months -4, -3, -2 but not -1 (ended on its 3rd).
    await order({
      status: 'completed',
      startDate: firstOfMonth(4),
      endDate: addDays(firstOfMonth(1), 2),
      priceCents: 4500,
    });
    // Never ran: pending, and cancelled before starting.
    await order({ status: 'pending', startDate: firstOfMonth(3) });
    await order({ status: 'cancelled', startDate: firstOfMonth(3) });
    // Someone who only started a checkout: a lead, not a customer.
    const lead = await createCustomer(t.db);
    await createOrder(t.db, { customerId: lead.id, modelId: small.id, status: 'pending' });
    // Starts later this year: not running yet.
    await order({ status: 'active', startDate: addMonths(today, 2) });

    // Fees: 2500 billed this month and paid this month; 1000 billed, still pending.
    const fee = { customerId: customer.id, createdBy: admin.adminUserId };
    await createAdditionalFee(t.db, { ...fee, amountCents: 2500, status: 'paid', paidAt: new Date() });
    await createAdditionalFee(t.db, { ...fee, amountCents: 1000 });
    await createAdditionalFee(t.db, { ...fee, amountCents: 700, status: 'waived' });

    // Utilisation: medium 2 rented of 3 in service (the retired one is out of service); small has no units.
    await createUnit(t.db, { modelId: medium.id, status: 'rented' });
    await createUnit(t.db, { modelId: medium.id, status: 'rented' });
    await createUnit(t.db, { modelId: medium.id, status: 'maintenance' });
    await createUnit(t.db, { modelId: medium.id, status: 'retired' });

    const response = await admin.request({ method: 'GET', url: '/api/admin/analytics' });
    expect(response.statusCode).toBe(200);
    const analytics = response.json();

    expect(analytics.rentalsByMonth).toHaveLength(12);
    const byMonth = Object.fromEntries(
      analytics.rentalsByMonth.map((m: { month: string; activeRentals: number; recurringRevenueCents: number }) => [
        m.month,
        [m.activeRentals, m.recurringRevenueCents],
      ]),
    );
    expect(byMonth[month(6)]).toEqual([0, 0]);
    expect(byMonth[month(5)]).toEqual([1, 3900]);
    expect(byMonth[month(4)]).toEqual([2, 8400]);
    expect(byMonth[month(3)]).toEqual([2, 8400]);
    expect(byMonth[month(2)]).toEqual([3, 16_633]);
    expect(byMonth[month(1)]).toEqual([2, 12_133]);
    // This month is the figure now, as the stat cards show it: every active order (the one starting later too),
    // and no recurring revenue, since none of these orders has a provider subscription.
    expect(byMonth[month(0)]).toEqual([3, 0]);
    const stats = (await admin.request({ method: 'GET', url: '/api/admin/stats' })).json();
    expect({ ...analytics.figures, asOf: null }).toEqual({ ...stats.figures, asOf: null });
    expect(analytics.collectedByMonth).toHaveLength(12);
    expect(analytics.collectedByMonth.at(-1)).toEqual(analytics.figures.collectedThisMonth);

    expect(analytics.feesByMonth).toHaveLength(12);
    expect(analytics.feesByMonth.at(-1)).toEqual({ month: month(0), billedCents: 4200, collectedCents: 2500 });
    expect(analytics.feesByMonth[0]).toEqual({ month: month(11), billedCents: 0, collectedCents: 0 });

    expect(analytics.newCustomersByWeek).toHaveLength(12);
    expect(analytics.newCustomersByWeek.at(-1)).toMatchObject({ customers: 1, leads: 1 });
    expect(analytics.newCustomersByWeek.slice(0, -1).every((w: { customers: number }) => w.customers === 0)).toBe(true);
    expect(new Date(`${analytics.newCustomersByWeek.at(-1).weekStart}T12:00:00Z`).getUTCDay()).toBe(1); // a Monday

    expect(analytics.utilisationByModel).toEqual([
      { modelId: small.id, name: 'Small', btuTier: '8-10k', inService: 0, rented: 0 },
      { modelId: medium.id, name: 'Medium', btuTier: '12-14k', inService: 3, rented: 2 },
    ]);
  });

  it('shows this month’s collected revenue as the stat card counted it, not as a second count', async () => {
    const now = new Date();
    const figures = await businessFigures(t.db, now);
    const card = { month: month(0), collectedCents: figures.collectedThisMonth.collectedCents + 12_345 };
    const analytics = await adminAnalytics(t.db, now, Promise.resolve({ ...figures, collectedThisMonth: card }));
    expect(analytics.collectedByMonth).toHaveLength(12);
    expect(analytics.collectedByMonth.at(-1)).toEqual(card);
    expect(analytics.collectedByMonth[0]!.month).toBe(month(11));
    // Figures read in the month before (just before this one began): this month is counted.
    const lastMonth = { month: month(1), collectedCents: 99 };
    const later = await adminAnalytics(t.db, now, Promise.resolve({ ...figures, collectedThisMonth: lastMonth }));
    expect(later.collectedByMonth.at(-1)).toEqual(figures.collectedThisMonth);
  });
});
