import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { business } from '@/contracts/business';
import { formatCalendarDate, todayInLosAngeles } from '@/contracts/dates';
import { formatCents } from '@/contracts/money';
import type { Db } from '@/server/platform/db/client';
import { additionalFees, customers, invoices, orders, subscriptions } from '@/server/platform/db/schema';
import { enqueueCustomerEmail } from '@/server/platform/mail/outbox';
import type { PaymentGateway } from './provider/gateway';

const DAY_MS = 86_400_000;
/** How long after an invoice's first failed charge the agreement's late fee is due (business.lateFeeAfterDays). */
const LATE_FEE_AFTER_MS = business.lateFeeAfterDays * DAY_MS;

/** The day after which an invoice first failed at `firstFailedAt` gets the agreement's late fee. */
export const lateFeeDue = (firstFailedAt: Date) => new Date(firstFailedAt.getTime() + LATE_FEE_AFTER_MS);

export interface LateFeeDeps {
  db: Db;
  payments: Pick<PaymentGateway, 'createInvoiceItem'>;
  log: { error(details: object, message: string): void };
}

/** The fee as the customer reads it: the unpaid invoice's rent period, a month or (weekly plan) a week. */
const description = (periodStart: Date, order: { type: string }) =>
  `Late fee: the invoice for the ${order.type === 'weekly' ? 'week' : 'month'} from ${formatCalendarDate(todayInLosAngeles(periodStart))} was unpaid ${business.lateFeeAfterDays} days after the first failed payment`;

/**
 * The agreement's late fee: an invoice still open more than 10 days after its first failed charge gets one $25
 * fee (the partial unique index additional_fees_one_late_fee_idx makes a second impossible, whichever app instance
 * or run gets there), and the customer is told. Returns how many fees it created.
 */
export async function createDueLateFees(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ invoice: invoices, order: orders, customer: customers })
      .from(invoices)
      // A subscription's invoice, or an invoice of its own (fees billed at once): dunned alike.
      .leftJoin(subscriptions, eq(subscriptions.id, invoices.subscriptionId))
      .innerJoin(orders, or(eq(orders.id, subscriptions.orderId), eq(orders.id, invoices.orderId)))
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .leftJoin(
        additionalFees,
        and(eq(additionalFees.sourceInvoiceId, invoices.id), eq(additionalFees.feeType, 'late_fee')),
      )
      .where(
        and(
          eq(invoices.status, 'open'),
          lt(invoices.firstFailedAt, new Date(now.getTime() - LATE_FEE_AFTER_MS)),
          eq(orders.status, 'active'),
          isNull(additionalFees.id),
        ),
      );
    let created = 0;
    for (const { invoice, order, customer } of due) {
      const [fee] = await tx
        .insert(additionalFees)
        .values({
          customerId: customer.id,
          orderId: order.id,
          feeType: 'late_fee',
          description: description(invoice.periodStart, order),
          amountCents: business.lateFeeCents,
          sourceInvoiceId: invoice.id,
          createdBy: null,
          createdAt: now,
        })
        .onConflictDoNothing({
          target: additionalFees.sourceInvoiceId,
          where: sql`${additionalFees.feeType} = 'late_fee'`,
        })
        .returning({ id: additionalFees.id });
      if (!fee) continue;
      created += 1;
      await enqueueCustomerEmail(tx, {
        kind: 'additional_fee',
        keyPrefix: 'late_fee',
        occasion: invoice.id,
        order,
        customer,
        values: { amount: formatCents(business.lateFeeCents), feeDescription: description(invoice.periodStart, order) },
      });
    }
    return created;
  });
}

/**
 * Puts late fees not yet on the provider onto the customer's next invoice. The fee's id is the idempotency key, so
 * a run that died after the provider answered and before we wrote it down gets the same item back, never a second.
 * A refusal leaves the fee for the next run and is logged.
 */
export async function billPendingLateFees(deps: LateFeeDeps): Promise<number> {
  const unbilled = await deps.db
    .select({ fee: additionalFees, gatewayCustomerId: customers.stripeCustomerId })
    .from(additionalFees)
    .innerJoin(customers, eq(customers.id, additionalFees.customerId))
    .where(
      and(
        eq(additionalFees.feeType, 'late_fee'),
        eq(additionalFees.status, 'pending'),
        isNull(additionalFees.stripeInvoiceId),
      ),
    );
  let billed = 0;
  for (const { fee, gatewayCustomerId } of unbilled) {
    if (!gatewayCustomerId) continue;
    try {
      const item = await deps.payments.createInvoiceItem({
        gatewayCustomerId,
        amountCents: fee.amountCents,
        description: fee.description,
        idempotencyKey: `late-fee-${fee.id}`,
      });
      await deps.db
        .update(additionalFees)
        .set({ stripeInvoiceId: item.id })
        .where(and(eq(additionalFees.id, fee.id), isNull(additionalFees.stripeInvoiceId)));
      billed += 1;
    } catch (error) {
      deps.log.error({ err: error, feeId: fee.id }, 'late fee could not be put on the provider');
    }
  }
  return billed;
}
