import { z } from 'zod';

/** The demo's billing clock (embedded payment gateway only). */
export const billingClockView = z.object({ now: z.iso.datetime() });
export type BillingClockView = z.infer<typeof billingClockView>;

export const billingClockAdvanceInput = z.object({
  days: z
    .number({ error: 'Days must be a whole number from 1 to 400' })
    .int('Days must be a whole number from 1 to 400')
    .min(1, 'Days must be a whole number from 1 to 400')
    .max(400, 'Days must be a whole number from 1 to 400'),
});
export type BillingClockAdvanceInput = z.infer<typeof billingClockAdvanceInput>;
