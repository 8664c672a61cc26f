import { z } from 'zod';
import { businessFigures, monthCollected } from './figures';

/**
 * GET /api/admin/analytics: the series the Analytics tab draws (src/server/admin/analytics/service.ts) and the
 * money figures now, the very object the stat cards show (definitions in ./figures.ts).
 */
export const adminAnalytics = z.object({
  figures: businessFigures,
  /**
   * Month by month (oldest first): rentals running at the month's end and their monthly rent, reconstructed from
   * the orders' start and end dates; the current month's point is the figure now (figures.activeRentals and
   * figures.mrrCents), so the chart ends where the stat cards are.
   */
  rentalsByMonth: z.array(
    z.object({ month: z.string(), activeRentals: z.number().int(), recurringRevenueCents: z.number().int() }),
  ),
  /** Revenue collected (paid invoices, by paid_at month); the last point is figures.collectedThisMonth. */
  collectedByMonth: z.array(monthCollected),
  /** Additional fees created in each month and fees marked paid in each month. */
  feesByMonth: z.array(
    z.object({ month: z.string(), billedCents: z.number().int(), collectedCents: z.number().int() }),
  ),
  /**
   * People who first checked out in each week (weeks start on Monday, Los Angeles time): customers (who have paid
   * since) and leads (who never paid), as figures.customers and figures.leads count them.
   */
  newCustomersByWeek: z.array(
    z.object({ weekStart: z.string(), customers: z.number().int(), leads: z.number().int() }),
  ),
  /** Per model: rented units over units in service (not retired). */
  utilisationByModel: z.array(
    z.object({
      modelId: z.uuid(),
      name: z.string(),
      btuTier: z.string(),
      inService: z.number().int(),
      rented: z.number().int(),
    }),
  ),
});
export type AdminAnalytics = z.infer<typeof adminAnalytics>;
