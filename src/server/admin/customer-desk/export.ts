import { and } from 'drizzle-orm';

import type { CustomerExportQuery } from '@/contracts/admin/exports';
import type { Db } from '@/server/platform/db/client';
import { customers } from '@/server/platform/db/schema';
import { csvInstant } from '@/server/admin/shared/csv';
import { afterCursor, csvExport, cursorColumns, keysetOrder, type Keyset } from '@/server/admin/shared/csv-export';
import { customerFilter } from './service';

/** Newest first, like the list: customers_created_at_idx walked backwards. */
const keyset: Keyset = { sort: customers.createdAt, id: customers.id, direction: 'desc' };

/** GET /api/admin/customers/export.csv: every customer the list's search matches. */
export const customersCsv = (db: Db, query: CustomerExportQuery) =>
  csvExport({
    name: 'customers',
    batch: (cursor, limit) =>
      db
        .select({
          id: customers.id,
          name: customers.name,
          email: customers.email,
          phone: customers.phone,
          createdAt: customers.createdAt,
          ...cursorColumns(keyset),
        })
        .from(customers)
        .where(and(customerFilter(query), afterCursor(keyset, cursor)))
        .orderBy(...keysetOrder(keyset))
        .limit(limit),
    columns: [
      ['Customer ID', (row) => row.id],
      ['Name', (row) => row.name],
      ['Email', (row) => row.email],
      ['Phone', (row) => row.phone],
      ['Created', (row) => csvInstant(row.createdAt)],
    ],
  });
