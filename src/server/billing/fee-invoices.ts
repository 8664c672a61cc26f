import { and, asc, eq, inArray, isNotNull, isNull, not, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/platform/db/client';
import { additionalFees, customers } from '@/server/platform/db/schema';
import type { PaymentGateway } from './provider/gateway';

/**
 * Fees the provider bills wait, as pending invoice items, for the customer's next subscription invoice. When no
 * renewal is due to carry them (billing has ended, or ends at or before the period's end, or there never was a
 * subscription), nothing would ever bill them: they are billed at once on an invoice of their own, charged to the
 * card on file (issue 27). A declined charge leaves that invoice open with its hosted page; the ledger dunns it.
 */

export interface FeeInvoiceDeps {
  db: Db;
  payments: Pick<PaymentGateway, 'invoicePendingItemsNow'>;
  log?: { error(details: object, message: string): void };
}

/** Statuses whose subscription still renews at its period end (a trial renews into rent at its end). */
const RENEWING = sql.raw(`('trialing', 'active', 'past_due')`);

/**
 * Whether the customer (a row of `customers` in the query) has a renewal due that carries their pending items: a
 * subscription of theirs that still renews, with no end scheduled at or before its current period's end.
 */
export const renewalDue: SQL = sql`exists (select 1 from subscriptions s
  where (s.gateway_customer_id = ${customers.stripeCustomerId}
    or s.order_id in (select o.id from orders o where o.customer_id = ${customers.id}))
  and s.status in ${RENEWING} and s.ended_at is null and s.current_period_end is not null
  and (s.cancel_at is null or s.cancel_at > s.current_period_end))`;

/** The fee's invoice item is already on an invoice the ledger knows (a subscription's final invoice). */
const alreadyInvoiced: SQL = sql`exists (select 1 from invoice_lines l
  where l.invoice_item_id = ${additionalFees.stripeInvoiceId})`;

/** Fees on the provider, pending, on no invoice yet, of customers with no renewal due: what to bill now. */
async function feesWithoutRenewal(db: Db, customerId: string | undefined) {
  return db
    .select({ fee: additionalFees, gatewayCustomerId: customers.stripeCustomerId })
    .from(additionalFees)
    .innerJoin(customers, eq(customers.id, additionalFees.customerId))
    .where(
      and(
        customerId ? eq(additionalFees.customerId, customerId) : undefined,
        eq(additionalFees.status, 'pending'),
        isNotNull(additionalFees.stripeInvoiceId),
        isNull(additionalFees.invoiceId),
        isNotNull(customers.stripeCustomerId),
        not(alreadyInvoiced),
        not(renewalDue),
      ),
    )
    .orderBy(asc(additionalFees.createdAt), asc(additionalFees.id));
}

/**
 * Bills, on an invoice of its own per customer, the pending fees no renewal will carry (of one customer, or of all:
 * the scheduled sweep). The provider first, outside any transaction (ADR 012), with the customer's oldest such fee
 * as the idempotency key: a run that died after the provider answered gets the same invoice back, never a second.
 * Each fee then records the invoice that bills it. A refusal leaves the fees for the next run. Returns how many
 * invoices it made.
 */
export async function billFeesWithoutRenewal(deps: FeeInvoiceDeps, only?: { customerId: string }): Promise<number> {
  const byCustomer = new Map<string, Awaited<ReturnType<typeof feesWithoutRenewal>>>();
  for (const row of await feesWithoutRenewal(deps.db, only?.customerId)) {
    byCustomer.set(row.gatewayCustomerId!, [...(byCustomer.get(row.gatewayCustomerId!) ?? []), row]);
  }
  let billed = 0;
  for (const [gatewayCustomerId, rows] of byCustomer) {
    const first = rows[0]!.fee;
    try {
      const invoice = await deps.payments.invoicePendingItemsNow({
        gatewayCustomerId,
        orderId: first.orderId ?? rows.find((row) => row.fee.orderId)?.fee.orderId ?? null,
        idempotencyKey: `fee-invoice-${first.id}`,
      });
      if (!invoice || invoice.invoiceItemIds.length === 0) continue;
      await deps.db
        .update(additionalFees)
        .set({ invoiceId: invoice.id })
        .where(and(inArray(additionalFees.stripeInvoiceId, invoice.invoiceItemIds), isNull(additionalFees.invoiceId)));
      billed += 1;
    } catch (error) {
      deps.log?.error({ err: error, feeId: first.id }, 'fees could not be billed on an invoice of their own');
    }
  }
  return billed;
}
