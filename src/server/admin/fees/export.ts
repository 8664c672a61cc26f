import { and } from 'drizzle-orm';

import type { FeeExportQuery } from '@/contracts/admin/exports';
import type { Db } from '@/server/platform/db/client';
import { additionalFees } from '@/server/platform/db/schema';
import { csvDollars, csvInstant } from '@/server/admin/shared/csv';
import { afterCursor, csvExport, cursorColumns, keysetOrder, type Keyset } from '@/server/admin/shared/csv-export';
import { feeFilter, selectFees } from '@/server/billing/fees';

/** Newest first, like the list (additional_fees_created_at_idx, or with a status the status's index). */
const keyset: Keyset = { sort: additionalFees.createdAt, id: additionalFees.id, direction: 'desc' };

/** GET /api/admin/additional-fees/export.csv: every fee the list's filters match. */
export function feesCsv(db: Db, query: FeeExportQuery) {
  const where = feeFilter(db, query);
  return csvExport({
    name: 'fees',
    batch: (cursor, limit) =>
      selectFees(db, cursorColumns(keyset))
        .where(and(where, afterCursor(keyset, cursor)))
        .orderBy(...keysetOrder(keyset))
        .limit(limit),
    columns: [
      ['Fee ID', (row) => row.id],
      ['Created', (row) => csvInstant(row.createdAt)],
      ['Customer Name', (row) => row.customerName],
      ['Customer Email', (row) => row.customerEmail],
      ['Order Number', (row) => row.orderNumber],
      ['Type', (row) => row.feeType],
      ['Description', (row) => row.description],
      ['Amount (USD)', (row) => csvDollars(row.amountCents)],
      ['Status', (row) => row.status],
      ['Paid', (row) => csvInstant(row.paidAt)],
      [
        'Created By',
        (row) =>
          // A fee the system added by the agreement's rules (a late fee) has no author.
          row.createdBy ?? 'system',
      ],
      ['Provider Invoice Item', (row) => row.stripeInvoiceId],
    ],
  });
}
