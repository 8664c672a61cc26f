import { z } from 'zod';

/**
 * Money given back (ADR 030): a refund of the whole or part of a paid invoice or paid fee, and a credit on the
 * customer's account for their next bill. Each needs a reason, which the customer reads in the e-mail and the
 * portal (and, on Stripe, on the credit note).
 */

const amountCents = z
  .number({ message: 'Amount must be at least $0.01' })
  .int('Amount must be a whole number of cents')
  .min(1, 'Amount must be at least $0.01')
  .max(10_000_000, 'Amount is too large');
const reason = z
  .string({ message: 'A reason is required' })
  .trim()
  .min(3, 'A reason is required (at least 3 characters)')
  .max(500, 'Reason must be at most 500 characters');

export const refundTargetMessage = 'Choose the invoice or the fee to refund (one of them)';

/** POST /api/admin/orders/:id/refunds: `invoiceId` (the provider's invoice) or `feeId`, never both. */
export const refundInput = z
  .object({
    invoiceId: z.string().trim().min(1, refundTargetMessage).max(255).optional(),
    feeId: z.uuid({ message: 'Invalid fee id' }).optional(),
    amountCents,
    reason,
  })
  .refine((input) => (input.invoiceId === undefined) !== (input.feeId === undefined), {
    message: refundTargetMessage,
    path: ['invoiceId'],
  });
export type RefundInput = z.infer<typeof refundInput>;

/** POST /api/admin/customers/:id/credits. */
export const creditInput = z.object({ amountCents, reason });
export type CreditInput = z.infer<typeof creditInput>;

export const adminRefund = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  invoiceId: z.string(),
  feeId: z.uuid().nullable(),
  amountCents: z.number().int(),
  reason: z.string(),
  /** The provider's record of it (a Stripe credit note). */
  providerRefundId: z.string(),
  createdAt: z.string(),
});
export type AdminRefund = z.infer<typeof adminRefund>;

export const adminCredit = z.object({
  id: z.uuid(),
  customerId: z.uuid(),
  amountCents: z.number().int(),
  reason: z.string(),
  /** The provider's customer balance transaction. */
  providerTransactionId: z.string(),
  createdAt: z.string(),
});
export type AdminCredit = z.infer<typeof adminCredit>;

/** A paid fee of the order and what is left of it to refund (the order view's refund form). */
export const refundableFee = z.object({
  id: z.uuid(),
  description: z.string(),
  amountCents: z.number().int(),
  refundedCents: z.number().int(),
});
export type RefundableFee = z.infer<typeof refundableFee>;

/** The refund and credit forms: dollars typed with cents, converted to cents on submit. */
export const moneyBackForm = z.object({
  target: z.string(),
  amount: z
    .string()
    .trim()
    .min(1, 'Amount is required')
    .refine((value) => Number.isFinite(Number(value)), 'Amount must be a number')
    .refine((value) => Number(value) >= 0.01, 'Amount must be at least $0.01'),
  reason,
});
export type MoneyBackForm = z.infer<typeof moneyBackForm>;
