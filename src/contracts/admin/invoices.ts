import { z } from 'zod';
import { dateFilter, datesInOrder, emptyAsUndefined, reversedDates } from './common';

/** The billing ledger's invoice states (Stripe's). */
export const invoiceStatuses = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;

/**
 * GET /api/admin/invoices/export.csv: the ledger's invoices by status and by the day they were issued
 * (startDate/endDate inclusive, Los Angeles calendar days), newest first.
 */
export const invoiceExportQuery = z
  .object({
    status: z.enum(['all', ...invoiceStatuses]).default('all'),
    startDate: z.preprocess(emptyAsUndefined, dateFilter.optional()),
    endDate: z.preprocess(emptyAsUndefined, dateFilter.optional()),
  })
  .refine(datesInOrder, reversedDates);
export type InvoiceExportQuery = z.infer<typeof invoiceExportQuery>;
