import { z } from 'zod';
import { dateFilter, emptyAsUndefined } from './common';
import { datesInOrder, reversedDates } from './date-range';
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

/**
 * GET /api/admin/analytics/unmet-demand and its CSV (…/unmet-demand/export.csv): Los Angeles days, both inclusive.
 * Without them the last 30 days to today on the app clock; at most 366 days.
 */
export const unmetDemandQuery = z
  .object({
    startDate: z.preprocess(emptyAsUndefined, dateFilter.optional()),
    endDate: z.preprocess(emptyAsUndefined, dateFilter.optional()),
  })
  .refine(datesInOrder, reversedDates());
export type UnmetDemandQuery = z.infer<typeof unmetDemandQuery>;

/** How many days the figures cover when the query names none, and the most one query may cover. */
export const UNMET_DEMAND_DEFAULT_DAYS = 30;
export const UNMET_DEMAND_MAX_DAYS = 366;
export const unmetDemandTooLong = `Choose at most ${UNMET_DEMAND_MAX_DAYS} days`;

/**
 * One day of demand the business could not serve (issue 30), so the owner sees when to buy units or add a crew:
 * restock sign-ups ("Notify me", leads of kind 'restock') made that day, checkouts refused that day for the service
 * area, for stock and for capacity (no delivery window), and the sign-ups still waiting at the day's end (made on or
 * before it, not yet told the model is back).
 */
export const unmetDemandDay = z.object({
  day: z.string(),
  waitlistJoins: z.number().int(),
  refusedServiceArea: z.number().int(),
  refusedStock: z.number().int(),
  refusedCapacity: z.number().int(),
  waitlistLength: z.number().int(),
});
export type UnmetDemandDay = z.infer<typeof unmetDemandDay>;

/** A ZIP code whose checkouts were refused for the service area, with its place and distance from today's depot. */
export const refusedZip = z.object({
  zipCode: z.string(),
  city: z.string().nullable(),
  miles: z.number().nullable(),
  refused: z.number().int(),
});
export type RefusedZip = z.infer<typeof refusedZip>;

/** How many ZIP codes the list of refusals for the area names (the most refused first). */
export const REFUSED_ZIPS_SHOWN = 10;

export const unmetDemand = z.object({
  /** The days covered: the query's, or the defaults the server chose on its clock. */
  startDate: z.string(),
  endDate: z.string(),
  days: z.array(unmetDemandDay),
  refusedZips: z.array(refusedZip),
});
export type UnmetDemand = z.infer<typeof unmetDemand>;
