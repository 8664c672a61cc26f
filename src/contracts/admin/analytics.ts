import { z } from 'zod';

/** GET /api/admin/analytics: the series the Analytics tab draws (definitions in src/server/admin/analytics). */
export const adminAnalytics = z.object({
  /** Month by month (oldest first): rentals running at the month's end and their monthly recurring revenue. */
  rentalsByMonth: z.array(
    z.object({ month: z.string(), activeRentals: z.number().int(), recurringRevenueCents: z.number().int() }),
  ),
  /** Additional fees created in each month and fees marked paid in each month. */
  feesByMonth: z.array(
    z.object({ month: z.string(), billedCents: z.number().int(), collectedCents: z.number().int() }),
  ),
  /** Customers created in each week (weeks start on Monday, Los Angeles time). */
  newCustomersByWeek: z.array(z.object({ weekStart: z.string(), customers: z.number().int() })),
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
