import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessFigures } from '@/contracts/admin/figures';
import { createCustomer, createOrder, createUnitModel } from '@/server/platform/db/factories';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-app';
import { rentalsByMonth } from './rentals-by-month';

/** 2031-03-01 07:30 UTC is still February 28 in Los Angeles: the twelve months run from 2030-03 to 2031-02. */
const now = new Date('2031-03-01T07:30:00Z');
/** The current month is the stat cards' figure, whatever the history says. */
const figures = { activeRentals: 99, mrrCents: 1 } as BusinessFigures;

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

describe('rentals by month, read in pieces of start dates', () => {
  beforeAll(async () => {
    const model = await createUnitModel(t.db);
    const customer = await createCustomer(t.db);
    const order = (values: Partial<Parameters<typeof createOrder>[1]>) =>
      createOrder(t.db, { customerId: customer.id, modelId: model.id, ...values });
    // Years apart, so the pieces skip the gaps between them.
    await order({ status: 'active', startDate: '2027-05-10', priceCents: 3900 });
    await order({ status: 'completed', startDate: '2028-01-05', endDate: '2029-06-01', priceCents: 9900 });
    await order({ status: 'cancelled', startDate: '2029-12-20', endDate: '2030-06-15', priceCents: 4500 });
    await order({ status: 'active', type: 'weekly', startDate: '2030-09-02', priceCents: 1900 });
    await order({ status: 'completed', startDate: '2030-12-31', endDate: '2031-01-01', priceCents: 3900 });
    // Ends after today: still running at every month's end so far.
    await order({ status: 'active', startDate: '2030-11-01', endDate: '2031-05-01', priceCents: 5000 });
    // Never ran, or not yet.
    await order({ status: 'pending', startDate: '2030-10-01' });
    await order({ status: 'cancelled', startDate: '2030-10-01' });
    await order({ status: 'active', startDate: '2031-04-01' });
  });

  const expected = [
    ['2030-03', 2, 3900 + 4500],
    ['2030-04', 2, 3900 + 4500],
    ['2030-05', 2, 3900 + 4500],
    ['2030-06', 1, 3900],
    ['2030-07', 1, 3900],
    ['2030-08', 1, 3900],
    ['2030-09', 2, 3900 + 8233],
    ['2030-10', 2, 3900 + 8233],
    ['2030-11', 3, 3900 + 8233 + 5000],
    ['2030-12', 4, 3900 + 8233 + 5000 + 3900],
    ['2031-01', 3, 3900 + 8233 + 5000],
    ['2031-02', 99, 1],
  ].map(([month, activeRentals, recurringRevenueCents]) => ({ month, activeRentals, recurringRevenueCents }));

  it.each([1, 3, 24])('counts what ran at each month’s end with %i months of starts a statement', async (size) => {
    expect(await rentalsByMonth(t.db, now, figures, { startMonthsPerStatement: size })).toEqual(expected);
  });

  it('is twelve months of nothing but the current figure when no order ever ran', async () => {
    const empty = await createTestDatabase();
    try {
      const series = await rentalsByMonth(empty.db, now, figures);
      expect(series.map((m) => m.activeRentals)).toEqual([...Array<number>(11).fill(0), 99]);
    } finally {
      await empty.close();
    }
  });
});
