import { z } from 'zod';
import { businessFigures } from './figures';

/**
 * GET /api/admin/stats: the seven figures of spec section 3 plus the money figures they come from. The spec's
 * names are kept for its clients and are the same numbers as in `figures` (definitions in ./figures.ts):
 * activeSubscriptions = figures.activeRentals, totalCustomers = figures.customers (those who ever paid),
 * monthlyRevenue = figures.mrrCents, pendingFeesCount / pendingFeesAmount = figures.pendingFees. availableUnits
 * and pendingDeliveries are the fleet's (src/server/admin/stats/service.ts).
 */
export const adminStats = z.object({
  activeSubscriptions: z.number().int(),
  totalCustomers: z.number().int(),
  pendingFeesCount: z.number().int(),
  pendingFeesAmount: z.number().int(),
  monthlyRevenue: z.number().int(),
  availableUnits: z.number().int(),
  pendingDeliveries: z.number().int(),
  figures: businessFigures,
});
export type AdminStats = z.infer<typeof adminStats>;
