import { z } from 'zod';
import { adminFee } from './fees';
import { optionalSearch, pageOf, pageParams } from './common';

export const customerListQuery = z.object({ search: optionalSearch, ...pageParams });
export type CustomerListQuery = z.infer<typeof customerListQuery>;

export const adminCustomerSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminCustomerSummary = z.infer<typeof adminCustomerSummary>;
export const adminCustomerList = pageOf(adminCustomerSummary);

export const adminCustomerOrder = z.object({
  id: z.uuid(),
  orderNumber: z.string(),
  type: z.string(),
  btuTier: z.string(),
  status: z.string(),
  startDate: z.string(),
  createdAt: z.string(),
  priceCents: z.number().int(),
});

/** The detail panel: contact information, the 3 most recent orders and the customer's additional fees. */
export const adminCustomerDetail = adminCustomerSummary.extend({
  hasPaymentAccount: z.boolean(),
  orderCount: z.number().int(),
  orders: z.array(adminCustomerOrder),
  additionalFees: z.array(adminFee),
});
export type AdminCustomerDetail = z.infer<typeof adminCustomerDetail>;
