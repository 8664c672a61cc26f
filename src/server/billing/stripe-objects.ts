import { z } from 'zod';
import { isUuid } from '@/server/platform/lib/uuid';

/**
 * Readers of the provider's subscription and invoice objects, in Stripe's current API shape
 * (tests/fixtures/stripe/fixtures3.json): a subscription's period is on its items, an invoice's subscription is
 * at `parent.subscription_details.subscription`, an invoice line says what it bills in `parent`. They keep only
 * what the ledger stores and return null for an object they cannot read, so a malformed event changes nothing.
 */

const unixSeconds = z.number().int().nonnegative();
const fromUnix = (seconds: number) => new Date(seconds * 1000);
const fromUnixOrNull = (seconds: number | null | undefined) => (seconds == null ? null : fromUnix(seconds));
/** An expandable reference: the id, or the object when a request expanded it. */
const reference = z.union([z.string(), z.object({ id: z.string() }).transform((object) => object.id)]);

export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'canceled',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

const subscriptionObject = z.object({
  id: z.string().min(1),
  object: z.literal('subscription'),
  customer: reference.nullish(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  cancel_at: unixSeconds.nullish(),
  canceled_at: unixSeconds.nullish(),
  ended_at: unixSeconds.nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  items: z.object({
    data: z.array(z.object({ current_period_start: unixSeconds, current_period_end: unixSeconds })),
  }),
});

export interface SubscriptionState {
  id: string;
  /** Our order, when the subscription was created by our checkout (metadata.orderId). */
  orderId: string | null;
  gatewayCustomerId: string | null;
  status: SubscriptionStatus;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAt: Date | null;
  canceledAt: Date | null;
  endedAt: Date | null;
}

export function readSubscription(object: unknown): SubscriptionState | null {
  const parsed = subscriptionObject.safeParse(object);
  if (!parsed.success) return null;
  const subscription = parsed.data;
  const orderId = subscription.metadata?.orderId;
  // One plan per subscription: every item shares the billing period.
  const item = subscription.items.data[0];
  return {
    id: subscription.id,
    orderId: orderId && isUuid(orderId) ? orderId : null,
    gatewayCustomerId: subscription.customer ?? null,
    status: subscription.status,
    currentPeriodStart: item ? fromUnix(item.current_period_start) : null,
    currentPeriodEnd: item ? fromUnix(item.current_period_end) : null,
    cancelAt: fromUnixOrNull(subscription.cancel_at),
    canceledAt: fromUnixOrNull(subscription.canceled_at),
    endedAt: fromUnixOrNull(subscription.ended_at),
  };
}

const invoiceLineObject = z.object({
  id: z.string().min(1),
  amount: z.number().int(),
  description: z.string().nullish(),
  period: z.object({ start: unixSeconds, end: unixSeconds }),
  parent: z
    .object({
      type: z.string(),
      invoice_item_details: z.object({ invoice_item: z.string() }).nullish(),
      subscription_item_details: z.object({ subscription: z.string().nullish() }).nullish(),
    })
    .nullish(),
});

const invoiceObject = z.object({
  id: z.string().min(1),
  object: z.literal('invoice'),
  customer: reference.nullish(),
  status: z.enum(INVOICE_STATUSES),
  amount_due: z.number().int(),
  amount_paid: z.number().int(),
  attempt_count: z.number().int().nonnegative(),
  next_payment_attempt: unixSeconds.nullish(),
  period_start: unixSeconds,
  period_end: unixSeconds,
  created: unixSeconds,
  hosted_invoice_url: z.string().nullish(),
  billing_reason: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  status_transitions: z.object({ paid_at: unixSeconds.nullish() }).nullish(),
  parent: z.object({ subscription_details: z.object({ subscription: reference.nullish() }).nullish() }).nullish(),
  lines: z.object({ data: z.array(invoiceLineObject) }),
});

export interface InvoiceLineState {
  id: string;
  /** 'rent' bills the subscription's price; 'item' bills an invoice item (one of our fees). */
  kind: 'rent' | 'item';
  invoiceItemId: string | null;
  description: string | null;
  amountCents: number;
  periodStart: Date;
  periodEnd: Date;
}

export interface InvoiceState {
  id: string;
  subscriptionId: string | null;
  /** Our order, named in the metadata of an invoice of its own (fees billed at once, no subscription). */
  orderId: string | null;
  gatewayCustomerId: string | null;
  status: InvoiceStatus;
  amountDueCents: number;
  amountPaidCents: number;
  attemptCount: number;
  nextPaymentAttemptAt: Date | null;
  /** The service period billed: the rent line's period (Stripe's own period_start/end is the previous one). */
  periodStart: Date;
  periodEnd: Date;
  paidAt: Date | null;
  hostedInvoiceUrl: string | null;
  issuedAt: Date;
  /** Why it was issued: 'subscription_create' (the checkout), 'subscription_cycle' (a renewal), ... */
  billingReason: string | null;
  lines: InvoiceLineState[];
}

export function readInvoice(object: unknown): InvoiceState | null {
  const parsed = invoiceObject.safeParse(object);
  if (!parsed.success) return null;
  const invoice = parsed.data;
  const lines = invoice.lines.data.map((line): InvoiceLineState => {
    const invoiceItemId = line.parent?.invoice_item_details?.invoice_item ?? null;
    return {
      id: line.id,
      kind: line.parent?.type === 'invoice_item_details' ? 'item' : 'rent',
      invoiceItemId: line.parent?.type === 'invoice_item_details' ? invoiceItemId : null,
      description: line.description ?? null,
      amountCents: line.amount,
      periodStart: fromUnix(line.period.start),
      periodEnd: fromUnix(line.period.end),
    };
  });
  const rent = lines.find((line) => line.kind === 'rent');
  const orderId = invoice.metadata?.orderId;
  return {
    id: invoice.id,
    subscriptionId: invoice.parent?.subscription_details?.subscription ?? null,
    orderId: orderId && isUuid(orderId) ? orderId : null,
    gatewayCustomerId: invoice.customer ?? null,
    status: invoice.status,
    amountDueCents: invoice.amount_due,
    amountPaidCents: invoice.amount_paid,
    attemptCount: invoice.attempt_count,
    nextPaymentAttemptAt: fromUnixOrNull(invoice.next_payment_attempt),
    periodStart: rent?.periodStart ?? fromUnix(invoice.period_start),
    periodEnd: rent?.periodEnd ?? fromUnix(invoice.period_end),
    paidAt: fromUnixOrNull(invoice.status_transitions?.paid_at),
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    issuedAt: fromUnix(invoice.created),
    billingReason: invoice.billing_reason ?? null,
    lines,
  };
}
