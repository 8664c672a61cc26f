import { z } from 'zod';
import { dateFilter, emptyAsUndefined } from './common';
import { customerListQuery } from './customers';
import { datesInOrder, reversedDates } from './date-range';
import { feeListQuery } from './fees';
import { invoiceStatuses } from './invoices';
import { orderFilterFields } from './orders';

/**
 * The CSV exports' queries (ADR 020): each list's filters without its pages. Kept apart from the lists' contracts,
 * which the browser imports (some into chunks public pages share): only the server needs these.
 */

/** GET /api/admin/customers/export.csv: the list's search. */
export const customerExportQuery = customerListQuery.omit({ page: true, pageSize: true });
export type CustomerExportQuery = z.infer<typeof customerExportQuery>;

/** GET /api/admin/orders/export.csv: the list's filters and sort. */
export const orderExportQuery = z.object(orderFilterFields).refine(datesInOrder, reversedDates());
export type OrderExportQuery = z.infer<typeof orderExportQuery>;

/** GET /api/admin/additional-fees/export.csv: the list's filters. */
export const feeExportQuery = feeListQuery.omit({ page: true, pageSize: true });
export type FeeExportQuery = z.infer<typeof feeExportQuery>;

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
  .refine(datesInOrder, reversedDates());
export type InvoiceExportQuery = z.infer<typeof invoiceExportQuery>;
