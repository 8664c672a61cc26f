import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/platform/db/client';
import {
  localGatewayBalanceTransactions,
  localGatewayCreditNotes,
  localGatewayCustomers,
  localGatewayInvoices,
} from '@/server/platform/db/schema';
import { NotFound } from '@/server/platform/errors';
import type { PaymentGateway, ProviderCredit, ProviderRefund } from '../gateway';
import { randomId } from './invoices';

type RefundRequest = Parameters<PaymentGateway['refundInvoice']>[0];
type CreditRequest = Parameters<PaymentGateway['creditCustomer']>[0];

/** Stripe's refusal of a credit note past what is left to credit, in its words. */
export class CreditNoteRefused extends Error {}

/**
 * Stripe's creditNotes.create with refund_amount on a paid invoice, as one transaction: under a lock of the
 * invoice, the amount must fit what is left of the invoice (amount paid less earlier credit notes) and, for a line,
 * of that line; the invoice's credited amount (its post_payment_credit_notes_amount) grows by it. The idempotency key
 * answers with the note made the first time.
 */
export async function refundLocalInvoice(db: Db, request: RefundRequest, now: Date): Promise<ProviderRefund> {
  return db.transaction(async (tx) => {
    const [invoice] = await tx
      .select()
      .from(localGatewayInvoices)
      .where(eq(localGatewayInvoices.id, request.invoiceId))
      .for('update');
    // After the lock: a request with the same key that got there first has committed its note.
    const [earlier] = await tx
      .select()
      .from(localGatewayCreditNotes)
      .where(eq(localGatewayCreditNotes.idempotencyKey, request.idempotencyKey));
    if (earlier) return { id: earlier.id, refundedCents: earlier.amountCents };
    if (!invoice) throw new NotFound(`No such invoice: '${request.invoiceId}'`);
    if (invoice.status !== 'paid') {
      throw new CreditNoteRefused(`Invoice ${invoice.id} is ${invoice.status}: only a paid invoice can be refunded.`);
    }
    const left = invoice.amountPaidCents - invoice.creditedCents;
    if (request.amountCents > left) {
      throw new CreditNoteRefused(
        `The credit note amount (${request.amountCents}) exceeds what is left to credit on invoice ${invoice.id} (${left}).`,
      );
    }
    if (request.invoiceLineId) {
      const line = (invoice.lines as Array<{ id: string; amountCents: number }>).find(
        (candidate) => candidate.id === request.invoiceLineId,
      );
      if (!line) throw new NotFound(`No such invoice line item: '${request.invoiceLineId}'`);
      const [credited] = await tx
        .select({ cents: sql<number>`coalesce(sum(${localGatewayCreditNotes.amountCents}), 0)::int` })
        .from(localGatewayCreditNotes)
        .where(
          and(
            eq(localGatewayCreditNotes.invoiceId, invoice.id),
            eq(localGatewayCreditNotes.invoiceLineId, request.invoiceLineId),
          ),
        );
      if (request.amountCents > line.amountCents - Number(credited?.cents ?? 0)) {
        throw new CreditNoteRefused(`The credit note amount exceeds what is left to credit on line ${line.id}.`);
      }
    }
    const [note] = await tx
      .insert(localGatewayCreditNotes)
      .values({
        id: randomId('cn_local'),
        invoiceId: invoice.id,
        invoiceLineId: request.invoiceLineId,
        amountCents: request.amountCents,
        memo: request.reason,
        idempotencyKey: request.idempotencyKey,
        createdAt: now,
      })
      .returning();
    await tx
      .update(localGatewayInvoices)
      .set({ creditedCents: invoice.creditedCents + request.amountCents })
      .where(eq(localGatewayInvoices.id, invoice.id));
    return { id: note!.id, refundedCents: note!.amountCents };
  });
}

/**
 * Stripe's customers.createBalanceTransaction with a negative amount: the customer's balance (negative is credit)
 * goes down by it, and the next finalized invoice takes it off (./invoices.ts finalizeDraft). Idempotent by key.
 */
export async function creditLocalCustomer(db: Db, request: CreditRequest, now: Date): Promise<ProviderCredit> {
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .select()
      .from(localGatewayCustomers)
      .where(eq(localGatewayCustomers.id, request.gatewayCustomerId))
      .for('update');
    const [earlier] = await tx
      .select()
      .from(localGatewayBalanceTransactions)
      .where(eq(localGatewayBalanceTransactions.idempotencyKey, request.idempotencyKey));
    if (earlier) return { id: earlier.id, endingBalanceCents: earlier.endingBalanceCents };
    if (!customer) throw new NotFound(`No such customer: '${request.gatewayCustomerId}'`);
    const endingBalanceCents = customer.balanceCents - request.amountCents;
    const [transaction] = await tx
      .insert(localGatewayBalanceTransactions)
      .values({
        id: randomId('cbtxn_local'),
        gatewayCustomerId: customer.id,
        amountCents: -request.amountCents,
        endingBalanceCents,
        description: request.description,
        idempotencyKey: request.idempotencyKey,
        createdAt: now,
      })
      .returning();
    await tx
      .update(localGatewayCustomers)
      .set({ balanceCents: endingBalanceCents })
      .where(eq(localGatewayCustomers.id, customer.id));
    return { id: transaction!.id, endingBalanceCents };
  });
}
