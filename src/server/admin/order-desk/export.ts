import { and, eq } from 'drizzle-orm';

import type { OrderExportQuery } from '@/contracts/admin/exports';
import type { Db } from '@/server/platform/db/client';
import { customers, orders, units } from '@/server/platform/db/schema';
import { csvDollars, csvInstant } from '@/server/admin/shared/csv';
import { afterCursor, csvExport, cursorColumns, keysetOrder, type Keyset } from '@/server/admin/shared/csv-export';
import { orderFilter, orderSortColumn, selectForFilters } from './list';

/**
 * GET /api/admin/orders/export.csv: every order the list's filters match, in the list's sort, as of `now` (which
 * checkouts are abandoned). The walk follows the sort column's index (orders_created_at_idx or
 * orders_start_date_idx), each batch joined to its customers and units by primary key.
 */
export function ordersCsv(db: Db, query: OrderExportQuery, now: Date) {
  const keyset: Keyset = { sort: orderSortColumn(query), id: orders.id, direction: query.direction };
  const where = orderFilter(query, now);
  return csvExport({
    name: 'orders',
    batch: (cursor, limit) =>
      selectForFilters(db, query)
        .select({
          orderNumber: orders.orderNumber,
          id: orders.id,
          status: orders.status,
          type: orders.type,
          btuTier: orders.btuTier,
          priceCents: orders.priceCents,
          startDate: orders.startDate,
          endDate: orders.endDate,
          customerName: customers.name,
          customerEmail: customers.email,
          customerPhone: customers.phone,
          address: orders.address,
          city: orders.city,
          zipCode: orders.zipCode,
          unitSerial: units.serial,
          billingStatus: orders.billingStatus,
          createdAt: orders.createdAt,
          ...cursorColumns(keyset),
        })
        .from(orders)
        .innerJoin(customers, eq(customers.id, orders.customerId))
        .leftJoin(units, eq(units.id, orders.unitId))
        .where(and(where, afterCursor(keyset, cursor)))
        .orderBy(...keysetOrder(keyset))
        .limit(limit),
    columns: [
      ['Order Number', (row) => row.orderNumber],
      ['Order ID', (row) => row.id],
      ['Status', (row) => row.status],
      ['Plan', (row) => row.type],
      ['BTU Tier', (row) => row.btuTier],
      ['Price (USD)', (row) => csvDollars(row.priceCents)],
      ['Start Date', (row) => row.startDate],
      ['End Date', (row) => row.endDate],
      ['Customer Name', (row) => row.customerName],
      ['Customer Email', (row) => row.customerEmail],
      ['Customer Phone', (row) => row.customerPhone],
      ['Address', (row) => row.address],
      ['City', (row) => row.city],
      ['ZIP Code', (row) => row.zipCode],
      ['Unit Serial', (row) => row.unitSerial],
      ['Billing Status', (row) => row.billingStatus],
      ['Created', (row) => csvInstant(row.createdAt)],
    ],
  });
}
