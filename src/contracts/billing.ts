import { z } from 'zod';

/**
 * A rental's billing, from the ledger (docs/decisions/013-dunning-and-scheduled-work.md): current; past_due (a
 * charge failed and the invoice is open); suspended (the agreement's 2 failed charges: service is suspended until
 * the invoice is paid); ended; 'none' until the provider has told us anything.
 */
export const billingStatuses = ['current', 'past_due', 'suspended', 'ended', 'none'] as const;
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
  /** What was given back of it (refunds through the provider, ADR 030); the amount paid stays as it was charged. */
  refundedCents: z.number().int(),
});
export type BillingInvoice = z.infer<typeof billingInvoice>;

/** A credit the owner put on the customer's account: the provider takes it off their next bill(s). */
export const billingCredit = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  reason: z.string(),
  createdAt: z.string(),
});
export type BillingCredit = z.infer<typeof billingCredit>;

export const rentalBilling = z.object({
  status: z.enum(billingStatuses),
  /** The next charge's date and amount (rent plus pending fees); null when nothing more will be billed. */
  nextBillDate: z.string().nullable(),
  nextAmountCents: z.number().int().nullable(),
  /** When billing stops (an approved cancellation or an ended rental). */
  endsAt: z.string().nullable(),
  /** The unpaid invoice a past-due customer pays: its amount and where to pay it (the provider's invoice page). */
  openInvoice: z
    .object({
      id: z.string(),
      amountDueCents: z.number().int(),
      attemptCount: z.number().int(),
      nextAttemptAt: z.string().nullable(),
      url: z.string().nullable(),
    })
    .nullable(),
  invoices: z.array(billingInvoice),
  /** The customer's account credits, newest first: lines of their own in the billing history. */
  credits: z.array(billingCredit),
});
export type RentalBilling = z.infer<typeof rentalBilling>;
