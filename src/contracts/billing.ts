import { z } from 'zod';

/** Billing as the provider reports it (the ledger): 'none' until the provider has told us anything. */
export const billingStatuses = ['current', 'past_due', 'ended', 'none'] as const;
export type BillingStatus = (typeof billingStatuses)[number];

export const billingInvoice = z.object({
  id: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  amountCents: z.number().int(),
  status: z.string(),
  attemptCount: z.number().int(),
  paidAt: z.string().nullable(),
  url: z.string().nullable(),
});
export type BillingInvoice = z.infer<typeof billingInvoice>;

export const rentalBilling = z.object({
  status: z.enum(billingStatuses),
  /** The next charge's date and amount (rent plus pending fees); null when nothing more will be billed. */
  nextBillDate: z.string().nullable(),
  nextAmountCents: z.number().int().nullable(),
  /** When billing stops (an approved cancellation or an ended rental). */
  endsAt: z.string().nullable(),
  invoices: z.array(billingInvoice),
});
export type RentalBilling = z.infer<typeof rentalBilling>;
