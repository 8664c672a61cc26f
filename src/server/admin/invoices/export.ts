import { and, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { InvoiceExportQuery } from '@/contracts/admin/exports';
import { addDays, startOfDayInLosAngeles } from '@/contracts/dates';

import type { Db } from '@/server/platform/db/client';
import { customers, invoices, orders, subscriptions } from '@/server/platform/db/schema';
import { csvDollars, csvInstant } from '@/server/admin/shared/csv';
import { afterCursor, csvExport, cursorColumns, keysetOrder, type Keyset } from '@/server/admin/shared/csv-export';

/** Newest first by the day issued: invoices_issued_at_idx (migration 0010). */
const keyset: Keyset = { sort: invoices.issuedAt, id: invoices.id, direction: 'desc' };

/** The filters: the invoice's status, and the Los Angeles days it was issued on (both bounds inclusive). */
export function invoiceFilter(query: InvoiceExportQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status !== 'all') conditions.push(eq(invoices.status, query.status));
  if (query.startDate) conditions.push(gte(invoices.issuedAt, startOfDayInLosAngeles(query.startDate)));
  if (query.endDate) conditions.push(lt(invoices.issuedAt, startOfDayInLosAngeles(addDays(query.endDate, 1))));
  return and(...conditions);
}

/**
 * GET /api/admin/invoices/export.csv: the billing ledger's invoices (mirrored from the payment provider's events,
 * ADR 012) with the customer (by the provider's customer id) and the order (by the subscription's order).
 */
export function invoicesCsv(db: Db, query: InvoiceExportQuery) {
  const where = invoiceFilter(query);
  return csvExport({
    name: 'invoices',
    batch: (cursor, limit) =>
      db
        .select({
          id: invoices.id,
          issuedAt: invoices.issuedAt,
          status: invoices.status,
          amountDueCents: invoices.amountDueCents,
          amountPaidCents: invoices.amountPaidCents,
          attemptCount: invoices.attemptCount,
          paidAt: invoices.paidAt,
          periodStart: invoices.periodStart,
          periodEnd: invoices.periodEnd,
          customerName: customers.name,
          customerEmail: customers.email,
          orderNumber: orders.orderNumber,
          subscriptionId: invoices.subscriptionId,
          hostedInvoiceUrl: invoices.hostedInvoiceUrl,
          ...cursorColumns(keyset),
        })
        .from(invoices)
        .leftJoin(customers, eq(customers.stripeCustomerId, invoices.gatewayCustomerId))
        .leftJoin(subscriptions, eq(subscriptions.id, invoices.subscriptionId))
        .leftJoin(orders, eq(orders.id, subscriptions.orderId))
        .where(and(where, afterCursor(keyset, cursor)))
        .orderBy(...keysetOrder(keyset))
        .limit(limit),
    columns: [
      ['Invoice ID', (row) => row.id],
      ['Issued', (row) => csvInstant(row.issuedAt)],
      ['Status', (row) => row.status],
      ['Amount Due (USD)', (row) => csvDollars(row.amountDueCents)],
      ['Amount Paid (USD)', (row) => csvDollars(row.amountPaidCents)],
      ['Charge Attempts', (row) => row.attemptCount],
      ['Paid', (row) => csvInstant(row.paidAt)],
      ['Period Start', (row) => csvInstant(row.periodStart)],
      ['Period End', (row) => csvInstant(row.periodEnd)],
      ['Customer Name', (row) => row.customerName],
      ['Customer Email', (row) => row.customerEmail],
      ['Order Number', (row) => row.orderNumber],
      ['Subscription ID', (row) => row.subscriptionId],
      ['Invoice Page', (row) => row.hostedInvoiceUrl],
    ],
  });
}
