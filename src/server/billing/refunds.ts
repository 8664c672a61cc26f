import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { formatCalendarDateIn } from '@/i18n/format';
import { localeOrDefault } from '@/i18n/locale';
import { translator } from '@/i18n/translator';
import type { AdminRefund, RefundableFee, RefundInput } from '@/contracts/admin/money-back';
import { todayInLosAngeles } from '@/contracts/dates';
import { formatCents } from '@/contracts/money';
import { adminAudit, recordAudit } from '@/server/platform/audit-log';
import type { Db, Tx } from '@/server/platform/db/client';
import { findOrderWithCustomer } from '@/server/platform/db/order-with-customer';
import { additionalFees, invoiceLines, invoices, orders, refunds } from '@/server/platform/db/schema';
import { Invalid, NotFound, PaymentProviderFailed } from '@/server/platform/errors';
import { enqueueCustomerEmail } from '@/server/platform/mail/outbox';
import { billingFactsOf, invoicesOfOrder } from './billing-status';
import type { PaymentGateway } from './provider/gateway';

export interface RefundDeps {
  db: Db;
  payments: Pick<PaymentGateway, 'refundInvoice'>;
}

type InvoiceRow = typeof invoices.$inferSelect;
type FeeRow = typeof additionalFees.$inferSelect;
/** What a refund gives back from: a paid invoice, or a paid fee and the invoice line that billed it. */
interface Target {
  invoice: InvoiceRow;
  fee: FeeRow | null;
  lineId: string | null;
}

/** Refunds that count against what was paid: made, or being made right now (their amount is reserved). */
const COUNTED = ['pending', 'succeeded'];

function refused(message: string): Invalid {
  return new Invalid(message, { amountCents: message });
}

async function refundedSoFar(tx: Db | Tx, column: typeof refunds.invoiceId | typeof refunds.feeId, id: string) {
  const [row] = await tx
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(column, id), inArray(refunds.status, COUNTED)));
  return Number(row?.cents ?? 0);
}

/** The paid invoice (of this order) or paid fee (of this order's customer) that the admin named. */
async function targetOf(db: Db, order: typeof orders.$inferSelect, input: RefundInput): Promise<Target> {
  if (input.feeId) {
    const [fee] = await db.select().from(additionalFees).where(eq(additionalFees.id, input.feeId));
    if (!fee || fee.customerId !== order.customerId || (fee.orderId !== null && fee.orderId !== order.id)) {
      throw new NotFound('Fee not found on this order');
    }
    if (fee.status !== 'paid') throw new Invalid(`Only a paid fee can be refunded: this one is ${fee.status}`);
    const [billed] = fee.stripeInvoiceId
      ? await db
          .select({ invoice: invoices, lineId: invoiceLines.id })
          .from(invoiceLines)
          .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
          .where(and(eq(invoiceLines.invoiceItemId, fee.stripeInvoiceId), eq(invoices.status, 'paid')))
          .limit(1)
      : [];
    if (!billed) {
      throw new Invalid(
        'This fee was not paid through the payment provider (it was marked paid by hand): refund it by hand.',
      );
    }
    return { invoice: billed.invoice, fee, lineId: billed.lineId };
  }
  const { subscription } = await billingFactsOf(db, order);
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, input.invoiceId!), invoicesOfOrder(order.id, subscription?.id)));
  if (!invoice) throw new NotFound('Invoice not found on this order');
  if (invoice.status !== 'paid')
    throw new Invalid(`Only a paid invoice can be refunded: this one is ${invoice.status}`);
  return { invoice, fee: null, lineId: null };
}

/**
 * Reserves the refund: under a lock of its ledger invoice, the amount must fit what was paid less what was refunded
 * (or is being refunded) of the invoice, and of the fee. The pending row is the reservation; two refunds at once wait
 * for each other here, so together they never pass what was paid.
 */
async function reserve(db: Db, target: Target, row: typeof refunds.$inferInsert): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, target.invoice.id)).for('update');
    const paid = target.invoice.amountPaidCents;
    const left = paid - (await refundedSoFar(tx, refunds.invoiceId, target.invoice.id));
    const feeLeft = target.fee
      ? target.fee.amountCents - (await refundedSoFar(tx, refunds.feeId, target.fee.id))
      : left;
    const most = Math.min(left, feeLeft);
    const what = target.fee ? 'fee' : 'invoice';
    if (most <= 0) throw refused(`This ${what} has already been refunded in full`);
    if (row.amountCents > most) {
      const of = target.fee ? target.fee.amountCents : paid;
      throw refused(`That is more than is left to refund: at most ${formatCents(most)} of the ${formatCents(of)} paid`);
    }
    await tx.insert(refunds).values(row);
  });
}

/** The words the customer reads for what was refunded, in their language. */
function refundedWhat(target: Target, locale: ReturnType<typeof localeOrDefault>): string {
  const t = translator(locale, 'emails');
  const day = (date: string) => formatCalendarDateIn(locale, date);
  if (target.fee) return t('moneyBack.fee', { description: target.fee.description });
  const { invoice } = target;
  if (invoice.billingReason === 'subscription_create') {
    return t('moneyBack.payment', { date: day(todayInLosAngeles(invoice.paidAt ?? invoice.issuedAt)) });
  }
  const period = { start: day(todayInLosAngeles(invoice.periodStart)), end: day(todayInLosAngeles(invoice.periodEnd)) };
  return t('moneyBack.invoice', { period: t('period', period) });
}

/**
 * Gives money back on a paid invoice of the order, or on a paid fee (its line on the invoice that billed it), through
 * the provider first (ADR 030): reserved here, then the provider's credit note (idempotency key: the refund's id), then,
 * in one transaction, the refund recorded as made, the customer's e-mail queued and the audit entry. A refusal by the
 * provider removes the reservation and answers 502 with the reason: nothing changed.
 */
export async function refundOrder(
  deps: RefundDeps,
  adminUserId: string,
  orderId: string,
  input: RefundInput,
  now: Date,
): Promise<AdminRefund> {
  const { db } = deps;
  const found = await findOrderWithCustomer(db, eq(orders.id, orderId));
  if (!found) throw new NotFound('Order not found');
  const { order, customer } = found;
  const target = await targetOf(db, order, input);
  const reserved = {
    id: randomUUID(),
    orderId: order.id,
    customerId: customer.id,
    invoiceId: target.invoice.id,
    feeId: target.fee?.id ?? null,
    amountCents: input.amountCents,
    reason: input.reason,
    createdBy: adminUserId,
    createdAt: now,
  };
  await reserve(db, target, reserved);

  const made = await deps.payments
    .refundInvoice({
      invoiceId: target.invoice.id,
      invoiceLineId: target.lineId,
      amountCents: input.amountCents,
      reason: input.reason,
      idempotencyKey: `refund-${reserved.id}`,
    })
    .catch(async (error: unknown) => {
      await db.delete(refunds).where(and(eq(refunds.id, reserved.id), eq(refunds.status, 'pending')));
      throw new PaymentProviderFailed('refused the refund', error);
    });

  const locale = localeOrDefault(customer.locale);
  const [row] = await db.transaction(async (tx) => {
    const updated = await tx
      .update(refunds)
      .set({ status: 'succeeded', providerRefundId: made.id, amountCents: made.refundedCents, refundedAt: now })
      .where(eq(refunds.id, reserved.id))
      .returning();
    await enqueueCustomerEmail(tx, {
      kind: 'refund_issued',
      occasion: reserved.id,
      order,
      customer,
      values: {
        amount: formatCents(made.refundedCents),
        refundedWhat: refundedWhat(target, locale),
        reason: input.reason,
        sentBy: adminUserId,
      },
    });
    await recordAudit(
      tx,
      adminAudit(adminUserId, 'order.refunded', 'order', order.id, {
        refundId: reserved.id,
        invoiceId: target.invoice.id,
        feeId: target.fee?.id ?? null,
        amountCents: made.refundedCents,
        reason: input.reason,
        providerRefundId: made.id,
      }),
    );
    return updated;
  });
  return {
    id: row!.id,
    orderId: row!.orderId,
    invoiceId: row!.invoiceId,
    feeId: row!.feeId,
    amountCents: row!.amountCents,
    reason: row!.reason,
    providerRefundId: row!.providerRefundId!,
    createdAt: row!.createdAt.toISOString(),
  };
}

/** Refunded of each of these invoices (succeeded refunds only), by invoice id. */
export async function refundedByInvoice(db: Db, invoiceIds: string[]): Promise<Map<string, number>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db
    .select({ invoiceId: refunds.invoiceId, cents: sql<number>`sum(${refunds.amountCents})::int` })
    .from(refunds)
    .where(and(inArray(refunds.invoiceId, invoiceIds), eq(refunds.status, 'succeeded')))
    .groupBy(refunds.invoiceId);
  return new Map(rows.map((row) => [row.invoiceId, Number(row.cents)]));
}

/** The order's paid fees, newest first, each with what was refunded of it: the refund form's choices. */
export async function refundableFeesOf(db: Db, order: { id: string }): Promise<RefundableFee[]> {
  const rows = await db
    .select({
      id: additionalFees.id,
      description: additionalFees.description,
      amountCents: additionalFees.amountCents,
      refundedCents: sql<number>`coalesce((select sum(r.amount_cents) from refunds r
        where r.fee_id = ${additionalFees.id} and r.status = 'succeeded'), 0)::int`,
    })
    .from(additionalFees)
    .where(and(eq(additionalFees.orderId, order.id), eq(additionalFees.status, 'paid')))
    .orderBy(desc(additionalFees.createdAt))
    .limit(100);
  return rows.map((row) => ({ ...row, refundedCents: Number(row.refundedCents) }));
}
