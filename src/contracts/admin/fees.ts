import { z } from 'zod';
import { feeTypes } from '@/contracts/fee-types';
import { customerRef, optionalSearch, pageOf, pageParams } from './common';

export const feeStatuses = ['pending', 'paid', 'waived', 'failed'] as const;
export type FeeStatus = (typeof feeStatuses)[number];

const description = z
  .string({ message: 'Description must be at least 5 characters' })
  .trim()
  .min(5, 'Description must be at least 5 characters')
  .max(1000, 'Description must be at most 1000 characters');
const feeType = z.enum(feeTypes, { message: 'Fee type is required' });

/** POST /api/admin/additional-fees: spec section 5's server-side shape and messages. */
export const additionalFeeInput = z.object({
  customerId: z.uuid({ message: 'Invalid customer id' }),
  orderId: z.preprocess((value) => (value === '' ? undefined : value), z.uuid().nullish()),
  feeType,
  description,
  amountCents: z
    .number({ message: 'Amount must be at least $1.00' })
    .int('Amount must be a whole number of cents')
    .min(100, 'Amount must be at least $1.00')
    .max(10_000_000, 'Amount is too large'),
});
export type AdditionalFeeInput = z.infer<typeof additionalFeeInput>;

/** The Add Fee dialog: dollars typed with cents (step 0.01, minimum $1), converted to cents on submit. */
export const additionalFeeForm = z.object({
  orderId: z.string(),
  feeType,
  description,
  amount: z
    .string()
    .trim()
    .min(1, 'Amount is required')
    .refine((value) => Number.isFinite(Number(value)), 'Amount must be a number')
    .refine((value) => Number(value) >= 1, 'Amount must be at least $1.00'),
});
export type AdditionalFeeForm = z.infer<typeof additionalFeeForm>;

export const adminFee = z.object({
  id: z.uuid(),
  customerId: z.uuid(),
  orderId: z.uuid().nullable(),
  orderNumber: z.string().nullable(),
  feeType: z.string(),
  description: z.string(),
  amountCents: z.number().int(),
  status: z.string(),
  stripeInvoiceId: z.string().nullable(),
  /** The provider's invoice that bills the fee on its own (no renewal was due to carry it); null while it waits. */
  invoiceId: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  customer: customerRef,
});
export type AdminFee = z.infer<typeof adminFee>;

export const feeListQuery = z.object({
  status: z.enum(['all', ...feeStatuses]).default('all'),
  search: optionalSearch,
  ...pageParams,
});
export type FeeListQuery = z.infer<typeof feeListQuery>;
export const adminFeeList = pageOf(adminFee);

/** Settling a pending fee: the customer paid it, or the owner waived it. */
export const feeSettlementInput = z.object({
  status: z.enum(['paid', 'waived'], { message: 'Choose paid or waived' }),
});
