import { z } from 'zod';

/** GET /api/admin/stats: the seven figures of spec section 3 (definitions in src/server/admin/stats/service.ts). */
export const adminStats = z.object({
  activeSubscriptions: z.number().int(),
  totalCustomers: z.number().int(),
  pendingFeesCount: z.number().int(),
  pendingFeesAmount: z.number().int(),
  monthlyRevenue: z.number().int(),
  availableUnits: z.number().int(),
  pendingDeliveries: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStats>;
