import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import { formatCents } from '@/contracts/money';
import type { BillingInterval } from '@/contracts/plan-terms';
import type { Tx } from '@/server/platform/db/client';
import {
  localGatewayCustomers,
  localGatewayInvoiceItems,
  localGatewayInvoices,
  localGatewaySubscriptions,
} from '@/server/platform/db/schema';
import { invoiceEvent, subscriptionEvent } from './outbox';
import { invoiceObject, type InvoiceLineFacts } from './invoice-shape';
import { subscriptionObject } from './subscription-shape';

export type SubscriptionRow = typeof localGatewaySubscriptions.$inferSelect;
type InvoiceRow = typeof localGatewayInvoices.$inferSelect;
type CustomerRow = typeof localGatewayCustomers.$inferSelect;
type StoredLine = Omit<InvoiceLineFacts, 'periodStart' | 'periodEnd'> & { periodStart: string; periodEnd: string };

const DAY_MS = 86_400_000;
/** A failed charge is retried 3 and then 7 days after the first failure; after that the invoice stays open. */
export const RETRY_DAYS_AFTER_FIRST_FAILURE = [3, 7] as const;

export const randomId = (prefix: string) => `${prefix}_${randomBytes(16).toString('hex')}`;

export function subscriptionShape(row: SubscriptionRow): Stripe.Subscription {
  return subscriptionObject({
    id: row.id,
    customer: row.gatewayCustomerId,
    orderId: row.orderId,
    status: row.status as Stripe.Subscription.Status,
    amountCents: row.amountCents,
    created: row.createdAt,
    periodStart: row.currentPeriodStart,
    periodEnd: row.currentPeriodEnd,
    cancelAt: row.cancelAt,
    canceledAt: row.canceledAt,
    endedAt: row.endedAt,
    latestInvoice: row.latestInvoiceId,
    billingAnchor: row.billingAnchor,
    trialStart: row.trialStart,
    trialEnd: row.trialEnd,
    interval: intervalOf(row),
  });
}

/** The subscription's recurring interval; rows from before the weekly plan renew monthly (the column's default). */
export const intervalOf = (row: SubscriptionRow): BillingInterval => (row.interval === 'week' ? 'week' : 'month');

/** The rent line as Stripe words it: "1 × {product} (at {price} / {interval})", or the trial's "Trial period for …". */
function rentLineDescription(subscription: SubscriptionRow, trial: boolean): string {
  const interval = intervalOf(subscription);
  const product = interval === 'week' ? 'Weekly AC Rental' : 'Monthly AC Rental';
  return trial
    ? `Trial period for ${product}`
    : `1 × ${product} (at ${formatCents(subscription.amountCents)} / ${interval})`;
}

export function invoiceShape(row: InvoiceRow, customer: CustomerRow): Stripe.Invoice {
  return invoiceObject({
    id: row.id,
    subscriptionId: row.subscriptionId,
    orderId: row.orderId,
    customer: row.gatewayCustomerId,
    customerEmail: customer.email,
    status: row.status as Stripe.Invoice.Status,
    billingReason: row.billingReason as Stripe.Invoice.BillingReason,
    amountDueCents: row.amountDueCents,
    amountPaidCents: row.amountPaidCents,
    attemptCount: row.attemptCount,
    nextPaymentAttempt: row.nextPaymentAttempt,
    created: row.issuedAt,
    finalizedAt: row.finalizedAt,
    paidAt: row.paidAt,
    voidedAt: null,
    // Stripe gives a finalized invoice its page; the embedded gateway, an invoice of its own (standalone-invoices.ts).
    hostedInvoiceUrl: row.status === 'draft' ? null : row.hostedInvoiceUrl,
    startingBalanceCents: row.startingBalanceCents,
    endingBalanceCents: row.endingBalanceCents,
    creditedCents: row.creditedCents,
    lines: (row.lines as StoredLine[]).map((line) => ({
      ...line,
      periodStart: new Date(line.periodStart),
      periodEnd: new Date(line.periodEnd),
    })),
  });
}

export async function customerOf(tx: Tx, id: string): Promise<CustomerRow> {
  const [customer] = await tx.select().from(localGatewayCustomers).where(eq(localGatewayCustomers.id, id));
  return customer!;
}

/** The customer's invoice items on no invoice yet, locked: what the invoice being made will bill. */
export function lockPendingItems(tx: Tx, gatewayCustomerId: string) {
  return tx
    .select()
    .from(localGatewayInvoiceItems)
    .where(
      and(
        eq(localGatewayInvoiceItems.gatewayCustomerId, gatewayCustomerId),
        isNull(localGatewayInvoiceItems.invoiceId),
      ),
    )
    .for('update');
}

/** Where the local gateway serves an invoice's hosted page (src/server/public/local-pay-page.ts). */
export const hostedInvoicePath = (invoiceId: string) => `/api/pay/invoices/${invoiceId}`;

/** Stripe drafts a renewal invoice and finalizes (and charges) it about an hour later. */
export const FINALIZE_AFTER_MS = 3_600_000;

/**
 * Bills a subscription: the rent for `rentPeriod` (none on a final invoice; $0, as "Trial period for …", when the
 * period is a trial) plus every invoice item the customer has pending. A renewal stays a draft until it is finalized
 * an hour later (finalizeDraft); a first or final invoice is finalized and charged at once. Nothing to bill makes no invoice.
 */
export async function billSubscription(
  tx: Tx,
  subscription: SubscriptionRow,
  options: {
    reason: Stripe.Invoice.BillingReason;
    rentPeriod: { start: Date; end: Date; trial?: boolean } | null;
    now: Date;
    finalize: 'now' | 'later';
    /** The site's address: each invoice gets its hosted page there, as Stripe gives every invoice one. */
    publicUrl?: string;
  },
): Promise<Stripe.Event[]> {
  const { now, rentPeriod } = options;
  const pending = await lockPendingItems(tx, subscription.gatewayCustomerId);
  const lines: StoredLine[] = [
    ...(rentPeriod
      ? [
          {
            id: randomId('il_local'),
            kind: 'rent' as const,
            invoiceItemId: null,
            description: rentLineDescription(subscription, rentPeriod.trial === true),
            amountCents: rentPeriod.trial ? 0 : subscription.amountCents,
            periodStart: rentPeriod.start.toISOString(),
            periodEnd: rentPeriod.end.toISOString(),
          },
        ]
      : []),
    ...pending.map((item) => ({
      id: randomId('il_local'),
      kind: 'item' as const,
      invoiceItemId: item.id,
      description: item.description,
      amountCents: item.amountCents,
      periodStart: item.createdAt.toISOString(),
      periodEnd: item.createdAt.toISOString(),
    })),
  ];
  if (lines.length === 0) return [];

  const id = randomId('in_local');
  const [draft] = await tx
    .insert(localGatewayInvoices)
    .values({
      id,
      // Shown once finalized (invoiceShape): the local page pays it while open and is its receipt once paid.
      hostedInvoiceUrl: options.publicUrl ? `${options.publicUrl}${hostedInvoicePath(id)}` : null,
      subscriptionId: subscription.id,
      gatewayCustomerId: subscription.gatewayCustomerId,
      status: 'draft',
      billingReason: options.reason,
      amountDueCents: lines.reduce((sum, line) => sum + line.amountCents, 0),
      lines,
      issuedAt: now,
    })
    .returning();
  for (const item of pending) {
    await tx
      .update(localGatewayInvoiceItems)
      .set({ invoiceId: draft!.id })
      .where(eq(localGatewayInvoiceItems.id, item.id));
  }
  await tx
    .update(localGatewaySubscriptions)
    .set({ latestInvoiceId: draft!.id })
    .where(eq(localGatewaySubscriptions.id, subscription.id));
  const customer = await customerOf(tx, subscription.gatewayCustomerId);
  const created = invoiceEvent('invoice.created', invoiceShape(draft!, customer), now);
  return options.finalize === 'now' ? [created, ...(await finalizeDraft(tx, draft!, now))] : [created];
}

/**
 * What finalizing does with the customer's balance, as Stripe does: a credit (negative balance) comes off the amount
 * due, down to $0, and what is left of it stays for the next invoice; a debt is added.
 */
export function applyCustomerBalance(totalCents: number, balanceCents: number) {
  const amountDueCents = Math.max(totalCents + balanceCents, 0);
  return {
    amountDueCents,
    startingBalanceCents: balanceCents,
    endingBalanceCents: Math.min(totalCents + balanceCents, 0),
  };
}

/** Finalizes a draft invoice, taking the customer's balance into account (ADR 030), and charges it. */
export async function finalizeDraft(tx: Tx, draft: InvoiceRow, now: Date): Promise<Stripe.Event[]> {
  const [balance] = await tx
    .select({ cents: localGatewayCustomers.balanceCents })
    .from(localGatewayCustomers)
    .where(eq(localGatewayCustomers.id, draft.gatewayCustomerId))
    .for('update');
  const applied = applyCustomerBalance(draft.amountDueCents, balance?.cents ?? 0);
  const [open] = await tx
    .update(localGatewayInvoices)
    .set({ status: 'open', finalizedAt: now, ...applied })
    .where(and(eq(localGatewayInvoices.id, draft.id), eq(localGatewayInvoices.status, 'draft')))
    .returning();
  if (!open) return [];
  if (applied.endingBalanceCents !== applied.startingBalanceCents) {
    await tx
      .update(localGatewayCustomers)
      .set({ balanceCents: applied.endingBalanceCents })
      .where(eq(localGatewayCustomers.id, open.gatewayCustomerId));
  }
  const customer = await customerOf(tx, open.gatewayCustomerId);
  return [
    invoiceEvent('invoice.finalized', invoiceShape(open, customer), now),
    ...(await chargeInvoice(tx, open, now)),
  ];
}

/**
 * Charges an open invoice to the customer's card. Paid: the invoice is paid and a past-due subscription is
 * active again. Failed: the attempt is counted, the next retry dated, and the subscription is past due.
 */
export async function chargeInvoice(tx: Tx, invoice: InvoiceRow, now: Date): Promise<Stripe.Event[]> {
  const customer = await customerOf(tx, invoice.gatewayCustomerId);
  // Credit that covered the whole invoice: paid with no charge, as Stripe pays a $0 invoice on finalizing.
  const covered = invoice.amountDueCents === 0 && invoice.startingBalanceCents < 0;
  const attemptCount = covered ? invoice.attemptCount : invoice.attemptCount + 1;
  const pays = covered || (Boolean(customer.cardLast4) && !customer.cardChargesFail);
  const firstFailedAt = invoice.firstFailedAt ?? (pays ? null : now);
  const retryDays = RETRY_DAYS_AFTER_FIRST_FAILURE[attemptCount - 1];
  const [charged] = await tx
    .update(localGatewayInvoices)
    .set(
      pays
        ? {
            status: 'paid',
            amountPaidCents: invoice.amountDueCents,
            paidAt: now,
            attemptCount,
            nextPaymentAttempt: null,
          }
        : {
            attemptCount,
            firstFailedAt,
            nextPaymentAttempt: retryDays ? new Date(firstFailedAt!.getTime() + retryDays * DAY_MS) : null,
          },
    )
    .where(eq(localGatewayInvoices.id, invoice.id))
    .returning();
  const events = [
    invoiceEvent(pays ? 'invoice.paid' : 'invoice.payment_failed', invoiceShape(charged!, customer), now),
  ];

  // An invoice of its own has no subscription to bring back to active (or past due).
  const [subscription] = invoice.subscriptionId
    ? await tx.select().from(localGatewaySubscriptions).where(eq(localGatewaySubscriptions.id, invoice.subscriptionId))
    : [];
  // A paid first invoice leaves a trial as it is (its rent starts at the trial's end), as on Stripe.
  const status = pays ? (subscription?.status === 'trialing' ? 'trialing' : 'active') : 'past_due';
  if (subscription && subscription.status !== 'canceled' && subscription.status !== status) {
    const [updated] = await tx
      .update(localGatewaySubscriptions)
      .set({ status })
      .where(eq(localGatewaySubscriptions.id, subscription.id))
      .returning();
    events.push(subscriptionEvent('customer.subscription.updated', subscriptionShape(updated!), now));
  }
  return events;
}

/** Open invoices of a customer: what a new card pays at once on the billing page. */
export async function openInvoicesOf(tx: Tx, gatewayCustomerId: string): Promise<InvoiceRow[]> {
  return tx
    .select()
    .from(localGatewayInvoices)
    .where(and(eq(localGatewayInvoices.gatewayCustomerId, gatewayCustomerId), eq(localGatewayInvoices.status, 'open')))
    .for('update');
}
