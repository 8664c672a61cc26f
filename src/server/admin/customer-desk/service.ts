import { count, desc, eq, or, type SQL } from 'drizzle-orm';
import type { CustomerExportQuery } from '@/contracts/admin/exports';
import type { Page } from '@/contracts/admin/common';
import type { AdminCustomerDetail, AdminCustomerSummary, CustomerListQuery } from '@/contracts/admin/customers';
import type { Db } from '@/server/platform/db/client';
import { customers, orders } from '@/server/platform/db/schema';
import { NotFound } from '@/server/platform/errors';
import { feesOfCustomer } from '@/server/billing/fees';
import { pageWindow, toPage } from '@/server/platform/lib/paging';
import { lowerContains } from '@/server/platform/db/search';

const summaryColumns = {
  id: customers.id,
  name: customers.name,
  email: customers.email,
  phone: customers.phone,
  createdAt: customers.createdAt,
};

const toSummary = (row: { createdAt: Date } & Omit<AdminCustomerSummary, 'createdAt'>): AdminCustomerSummary => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The list's filter, shared with its CSV export: `search` matches a substring of the name or e-mail,
 * case-insensitively, written as lower(column) like lower('%term%') so the trigram GIN indexes on lower(name) and
 * lower(email) serve it.
 */
export const customerFilter = (query: CustomerExportQuery): SQL | undefined =>
  query.search
    ? or(lowerContains(customers.name, query.search), lowerContains(customers.email, query.search))
    : undefined;

/** Newest customers first, filtered by customerFilter. */
export async function listCustomers(db: Db, query: CustomerListQuery): Promise<Page<AdminCustomerSummary>> {
  const where = customerFilter(query);
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(customers)
      .where(where)
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(customers).where(where),
  ]);
  return toPage(rows.map(toSummary), total?.n ?? 0, query);
}

/** The detail panel: contact information, the three most recent orders and the customer's additional fees. */
export async function customerDetail(db: Db, customerId: string): Promise<AdminCustomerDetail> {
  const [customer] = await db
    .select({ ...summaryColumns, stripeCustomerId: customers.stripeCustomerId })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) throw new NotFound('Customer not found');
  const [recentOrders, [orderCount], fees] = await Promise.all([
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        type: orders.type,
        btuTier: orders.btuTier,
        status: orders.status,
        startDate: orders.startDate,
        createdAt: orders.createdAt,
        priceCents: orders.priceCents,
      })
      .from(orders)
      .where(eq(orders.customerId, customerId))
      .orderBy(desc(orders.createdAt))
      .limit(3),
    db.select({ n: count() }).from(orders).where(eq(orders.customerId, customerId)),
    feesOfCustomer(db, customerId),
  ]);
  const { stripeCustomerId, ...summary } = customer;
  return {
    ...toSummary(summary),
    hasPaymentAccount: stripeCustomerId !== null,
    orderCount: orderCount?.n ?? 0,
    orders: recentOrders.map((order) => ({ ...order, createdAt: order.createdAt.toISOString() })),
    additionalFees: fees,
  };
}
