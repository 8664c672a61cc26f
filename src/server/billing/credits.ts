import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { AdminCredit, CreditInput } from '@/contracts/admin/money-back';
import type { BillingCredit } from '@/contracts/billing';
import { formatCents } from '@/contracts/money';
import { adminAudit, recordAudit } from '@/server/platform/audit-log';
import type { Db } from '@/server/platform/db/client';
import { findOrderWithCustomer } from '@/server/platform/db/order-with-customer';
import { accountCredits, customers, orders } from '@/server/platform/db/schema';
import { Invalid, NotFound, PaymentProviderFailed } from '@/server/platform/errors';
import { queryRows } from '@/server/platform/db/sql';
import { enqueueCustomerEmail } from '@/server/platform/mail/outbox';
import type { PaymentGateway } from './provider/gateway';

export interface CreditDeps {
  db: Db;
  payments: Pick<PaymentGateway, 'creditCustomer'>;
}

/**
 * Puts a credit on the customer's account, through the provider first (ADR 030): the provider's customer balance
 * goes down by the amount (idempotency key: the credit's id) and the provider takes it off the next invoice(s). Then,
 * in one transaction, the credit is kept, the customer's e-mail queued (about their latest order) and the audit entry
 * written. A refusal by the provider answers 502 with the reason, and nothing is kept.
 */
export async function creditCustomer(
  deps: CreditDeps,
  adminUserId: string,
  customerId: string,
  input: CreditInput,
  now: Date,
): Promise<AdminCredit> {
  const { db } = deps;
  const latestOrder = db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  const found = await findOrderWithCustomer(db, sql`${orders.id} = (${latestOrder})`);
  if (!found) {
    const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
    if (!customer) throw new NotFound('Customer not found');
  }
  const gatewayCustomerId = found?.customer.stripeCustomerId;
  if (!found || !gatewayCustomerId) {
    throw new Invalid('This customer has not paid through the payment provider yet, so there is no account to credit');
  }
  const { order, customer } = found;
  const id = randomUUID();
  const made = await deps.payments
    .creditCustomer({
      gatewayCustomerId,
      amountCents: input.amountCents,
      description: input.reason,
      idempotencyKey: `credit-${id}`,
    })
    .catch((error: unknown) => {
      throw new PaymentProviderFailed('refused the credit', error);
    });

  const row = await db.transaction(async (tx) => {
    const [credit] = await tx
      .insert(accountCredits)
      .values({
        id,
        customerId: customer.id,
        orderId: order.id,
        amountCents: input.amountCents,
        reason: input.reason,
        providerTransactionId: made.id,
        createdBy: adminUserId,
        createdAt: now,
      })
      .returning();
    await enqueueCustomerEmail(tx, {
      kind: 'account_credit',
      occasion: id,
      order,
      customer,
      values: { amount: formatCents(input.amountCents), reason: input.reason, sentBy: adminUserId },
    });
    await recordAudit(
      tx,
      adminAudit(adminUserId, 'customer.credited', 'customer', customer.id, {
        creditId: id,
        amountCents: input.amountCents,
        reason: input.reason,
        providerTransactionId: made.id,
        endingBalanceCents: made.endingBalanceCents,
      }),
    );
    return credit!;
  });
  return {
    id: row.id,
    customerId: row.customerId,
    amountCents: row.amountCents,
    reason: row.reason,
    providerTransactionId: row.providerTransactionId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The customer's credits, newest first (the billing history's lines of their own). */
export async function creditsOf(db: Db, customerId: string): Promise<BillingCredit[]> {
  const rows = await db
    .select()
    .from(accountCredits)
    .where(eq(accountCredits.customerId, customerId))
    .orderBy(desc(accountCredits.createdAt))
    .limit(100);
  return rows.map((row) => ({
    id: row.id,
    amountCents: row.amountCents,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * What the customer's balance took off a finalized invoice (an SQL expression over `invoices`): its lines less its
 * amount due (the provider's starting_balance applied; we give no discounts). Nothing for a draft or a void one.
 */
export const creditTakenOffSql = sql`(case when invoices.status in ('open', 'paid', 'uncollectible') then greatest(
  (select coalesce(sum(line.amount_cents), 0) from invoice_lines line where line.invoice_id = invoices.id)
  - invoices.amount_due_cents, 0) else 0 end)`;

/**
 * What is left of a customer's credits for their next bill: credits given less what their finalized invoices took
 * off (invoices linked by the provider's customer id). Never negative.
 */
export async function unusedCreditCents(db: Db, customer: { id: string; stripeCustomerId: string | null }) {
  const [row] = await queryRows<{ cents: number | string }>(
    db,
    sql`select greatest(
      (select coalesce(sum(amount_cents), 0) from account_credits where customer_id = ${customer.id})
      - (select coalesce(sum(${creditTakenOffSql}), 0) from invoices
         where invoices.gateway_customer_id = ${customer.stripeCustomerId}), 0) as cents`,
  );
  return Number(row?.cents ?? 0);
}
