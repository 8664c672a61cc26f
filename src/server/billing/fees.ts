import { and, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { FeeExportQuery } from '@/contracts/admin/exports';
import type { Page } from '@/contracts/admin/common';
import type { AdditionalFeeInput, AdminFee, FeeListQuery } from '@/contracts/admin/fees';
import { formatCents } from '@/contracts/money';
import { adminAudit, recordAudit } from '@/server/platform/audit-log';
import type { Db } from '@/server/platform/db/client';
import { additionalFees, adminUsers, customers, orders } from '@/server/platform/db/schema';
import { enqueueNotification } from '@/server/platform/mail/outbox';
import { Conflict, Invalid, NotFound, PaymentProviderFailed } from '@/server/platform/errors';
import type { PaymentGateway } from './provider/gateway';
import { billFeesWithoutRenewal } from './fee-invoices';
import { isoOrNull, pageWindow, toPage } from '@/server/platform/lib/paging';
import { lowerContains } from '@/server/platform/db/search';

const feeColumns = {
  id: additionalFees.id,
  customerId: additionalFees.customerId,
  orderId: additionalFees.orderId,
  orderNumber: orders.orderNumber,
  feeType: additionalFees.feeType,
  description: additionalFees.description,
  amountCents: additionalFees.amountCents,
  status: additionalFees.status,
  stripeInvoiceId: additionalFees.stripeInvoiceId,
  invoiceId: additionalFees.invoiceId,
  createdAt: additionalFees.createdAt,
  paidAt: additionalFees.paidAt,
  createdBy: adminUsers.username,
  customerName: customers.name,
  customerEmail: customers.email,
};

/** The fees with their customer, order and author: the list's rows, and the CSV export's (with its cursor). */
export function selectFees<Extra extends Record<string, SQL.Aliased | SQL>>(db: Db, extra?: Extra) {
  return db
    .select({ ...feeColumns, ...(extra ?? ({} as Extra)) })
    .from(additionalFees)
    .innerJoin(customers, eq(customers.id, additionalFees.customerId))
    .leftJoin(orders, eq(orders.id, additionalFees.orderId))
    .leftJoin(adminUsers, eq(adminUsers.id, additionalFees.createdBy));
}

type FeeRow = Awaited<ReturnType<ReturnType<typeof selectFees>['execute']>>[number];

function toAdminFee(row: FeeRow): AdminFee {
  return {
    id: row.id,
    customerId: row.customerId,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    feeType: row.feeType,
    description: row.description,
    amountCents: row.amountCents,
    status: row.status,
    stripeInvoiceId: row.stripeInvoiceId,
    invoiceId: row.invoiceId,
    createdAt: row.createdAt.toISOString(),
    paidAt: isoOrNull(row.paidAt),
    createdBy: row.createdBy,
    customer: { id: row.customerId, name: row.customerName, email: row.customerEmail },
  };
}

/** The list's filters, shared with its CSV export: the status, and the customer's name or e-mail. */
export function feeFilter(db: Db, query: FeeExportQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status !== 'all') conditions.push(eq(additionalFees.status, query.status));
  if (query.search) {
    const matching = db
      .select({ id: customers.id })
      .from(customers)
      .where(or(lowerContains(customers.name, query.search), lowerContains(customers.email, query.search)));
    conditions.push(inArray(additionalFees.customerId, matching));
  }
  return and(...conditions);
}

/** Newest first, filtered by feeFilter. */
export async function listFees(db: Db, query: FeeListQuery): Promise<Page<AdminFee>> {
  const where = feeFilter(db, query);
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    selectFees(db)
      .where(where)
      .orderBy(desc(additionalFees.createdAt), desc(additionalFees.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(additionalFees).where(where),
  ]);
  return toPage(rows.map(toAdminFee), total?.n ?? 0, query);
}

export async function feesOfCustomer(db: Db, customerId: string): Promise<AdminFee[]> {
  const rows = await selectFees(db)
    .where(eq(additionalFees.customerId, customerId))
    .orderBy(desc(additionalFees.createdAt))
    .limit(100);
  return rows.map(toAdminFee);
}

async function feeById(db: Db, id: string): Promise<AdminFee> {
  const [row] = await selectFees(db).where(eq(additionalFees.id, id));
  if (!row) throw new NotFound('Fee not found');
  return toAdminFee(row);
}

export interface FeeDeps {
  db: Db;
  payments: Pick<PaymentGateway, 'kind' | 'createInvoiceItem' | 'deleteInvoiceItem' | 'invoicePendingItemsNow'>;
}

/**
 * Records a fee the admin charges a customer. For a customer the payment provider knows, the fee first becomes an
 * invoice item on the customer's next invoice (its id kept in stripeInvoiceId); if the provider refuses it,
 * nothing is saved and the admin sees why. The fee, its audit entry and the customer's 'additional_fee' e-mail
 * (every fee is explained before it is charged) are one write. With no renewal due to carry it, the fee is then
 * billed at once on an invoice of its own (./fee-invoices.ts); if that fails, the minute's sweep bills it.
 */
export async function createFee(deps: FeeDeps, adminUserId: string, input: AdditionalFeeInput): Promise<AdminFee> {
  const { db } = deps;
  const [customer] = await db.select().from(customers).where(eq(customers.id, input.customerId));
  if (!customer) throw new NotFound('Customer not found');
  if (input.orderId) {
    const [order] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, input.orderId), eq(orders.customerId, customer.id)));
    if (!order) {
      const message = 'That order does not belong to this customer';
      throw new Invalid(message, { orderId: message });
    }
  }

  // The provider first, outside our transaction (a network call holds no lock; the embedded one shares our database).
  const invoiceItem = customer.stripeCustomerId
    ? await deps.payments
        .createInvoiceItem({
          gatewayCustomerId: customer.stripeCustomerId,
          amountCents: input.amountCents,
          description: input.description,
        })
        .catch((error: unknown) => {
          throw new PaymentProviderFailed('did not accept the fee', error);
        })
    : null;
  const feeId = await db
    .transaction(async (tx) => {
      const [fee] = await tx
        .insert(additionalFees)
        .values({
          customerId: customer.id,
          orderId: input.orderId ?? null,
          feeType: input.feeType,
          description: input.description,
          amountCents: input.amountCents,
          createdBy: adminUserId,
          stripeInvoiceId: invoiceItem?.id ?? null,
        })
        .returning({ id: additionalFees.id });
      await enqueueNotification(tx, {
        key: `additional_fee:${fee!.id}`,
        audience: 'customer',
        kind: 'additional_fee',
        customerId: customer.id,
        orderId: input.orderId ?? null,
        values: {
          recipientEmail: customer.email,
          customerName: customer.name,
          amount: formatCents(input.amountCents),
          feeDescription: input.description,
          sentBy: adminUserId,
        },
      });
      await recordAudit(
        tx,
        adminAudit(adminUserId, 'fee.created', 'additional_fee', fee!.id, {
          customerId: customer.id,
          orderId: input.orderId ?? null,
          feeType: input.feeType,
          amountCents: input.amountCents,
          invoiceItemId: invoiceItem?.id ?? null,
        }),
      );
      return fee!.id;
    })
    .catch(async (error: unknown) => {
      // Not saved here: take it back from the provider, so nothing is billed that we do not know of.
      if (invoiceItem) await deps.payments.deleteInvoiceItem(invoiceItem.id).catch(() => undefined);
      throw error;
    });

  // The fee stands whatever happens next; a refusal is the sweep's to try again.
  if (invoiceItem) await billFeesWithoutRenewal(deps, { customerId: customer.id }).catch(() => 0);
  return feeById(db, feeId);
}

/**
 * Settles a pending (or failed) fee as paid (paidAt now) or waived; a settled fee stays as it is. Waiving a fee that
 * became a Stripe invoice item removes the item, so the customer is not billed for it; if Stripe refuses (the item
 * was already invoiced), the fee stays as it was and the admin sees why.
 */
export async function settleFee(
  deps: Pick<FeeDeps, 'db' | 'payments'>,
  adminUserId: string,
  feeId: string,
  status: 'paid' | 'waived',
  now: Date,
): Promise<AdminFee> {
  const { db } = deps;
  const settleable = (fee: typeof additionalFees.$inferSelect | undefined) => {
    if (!fee) throw new NotFound('Fee not found');
    if (fee.status !== 'pending' && fee.status !== 'failed') throw new Conflict(`This fee is already ${fee.status}`);
    return fee;
  };
  // A waived fee comes off the customer's next invoice first; if the provider refuses, the fee stays as it was.
  const current = settleable((await db.select().from(additionalFees).where(eq(additionalFees.id, feeId)))[0]);
  if (status === 'waived' && current.stripeInvoiceId) {
    await deps.payments.deleteInvoiceItem(current.stripeInvoiceId).catch((error: unknown) => {
      throw new PaymentProviderFailed('did not remove the fee', error);
    });
  }
  await db.transaction(async (tx) => {
    const fee = settleable(
      (await tx.select().from(additionalFees).where(eq(additionalFees.id, feeId)).for('update'))[0],
    );
    await tx
      .update(additionalFees)
      .set({ status, paidAt: status === 'paid' ? now : null })
      .where(eq(additionalFees.id, feeId));
    await recordAudit(
      tx,
      adminAudit(adminUserId, `fee.${status}`, 'additional_fee', feeId, {
        from: fee.status,
        to: status,
        amountCents: fee.amountCents,
      }),
    );
  });
  return feeById(db, feeId);
}
