import { and } from 'drizzle-orm';

import type { FeeExportQuery } from '@/contracts/admin/exports';
import type { Db } from '@/server/db/client';
import { additionalFees } from '@/server/db/schema';
import { csvDollars, csvInstant } from '../shared/csv';
import { afterCursor, csvExport, cursorColumns, keysetOrder, type Keyset } from '../shared/csv-export';
import { feeFilter, selectFees } from './service';

/** Newest first, like the list (additional_fees_created_at_idx, or with a status the status's index). */
const keyset: Keyset = { sort: additionalFees.createdAt, id: additionalFees.id, direction: 'desc' };

/** GET /api/admin/additional-fees/export.csv: every fee the list's filters match. */
export function feesCsv(db: Db, query: FeeExportQuery) {
  const where = feeFilter(db, query);
  return csvExport({
    name: 'fees',
    header: [
      'Fee ID',
      'Created',
      'Customer Name',
      'Customer Email',
      'Order Number',
      'Type',
      'Description',
      'Amount (USD)',
      'Status',
      'Paid',
      'Created By',
      'Provider Invoice Item',
    ],
    batch: (cursor, limit) =>
      selectFees(db, cursorColumns(keyset))
        .where(and(where, afterCursor(keyset, cursor)))
        .orderBy(...keysetOrder(keyset))
        .limit(limit),
    record: (row) => [
      row.id,
      csvInstant(row.createdAt),
      row.customerName,
      row.customerEmail,
      row.orderNumber,
      row.feeType,
      row.description,
      csvDollars(row.amountCents),
      row.status,
      csvInstant(row.paidAt),
      // A fee the system added by the agreement's rules (a late fee) has no author.
      row.createdBy ?? 'system',
      row.stripeInvoiceId,
    ],
  });
}
