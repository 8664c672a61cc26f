import { and, eq } from 'drizzle-orm';

import type { OrderExportQuery } from '@/contracts/admin/exports';
import type { Db } from '@/server/db/client';
import { customers, orders, units } from '@/server/db/schema';
import { csvDollars, csvInstant } from '../shared/csv';
import { afterCursor, csvExport, cursorColumns, keysetOrder, type Keyset } from '../shared/csv-export';
import { orderFilter, orderSortColumn } from './list';

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
    header: [
      'Order Number',
      'Order ID',
      'Status',
      'Plan',
      'BTU Tier',
      'Price (USD)',
      'Start Date',
      'End Date',
      'Customer Name',
      'Customer Email',
      'Customer Phone',
      'Address',
      'City',
      'ZIP Code',
      'Unit Serial',
      'Billing Status',
      'Created',
    ],
    batch: (cursor, limit) =>
      db
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
    record: (row) => [
      row.orderNumber,
      row.id,
      row.status,
      row.type,
      row.btuTier,
      csvDollars(row.priceCents),
      row.startDate,
      row.endDate,
      row.customerName,
      row.customerEmail,
      row.customerPhone,
      row.address,
      row.city,
      row.zipCode,
      row.unitSerial,
      row.billingStatus,
      csvInstant(row.createdAt),
    ],
  });
}
