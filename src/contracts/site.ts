import { z } from 'zod';

/** Public facts about the business that pages show (footer, contact, success page). */
export const siteInfo = z.object({
  phone: z.string(),
  email: z.string(),
});
export type SiteInfo = z.infer<typeof siteInfo>;
