import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Db, Tx } from '@/server/platform/db/client';
import { localGatewayInvoices, localGatewaySubscriptions } from '@/server/platform/db/schema';
import { NotFound } from '@/server/platform/errors';
import type { BillingInterval } from '@/contracts/plan-terms';
import { addMonths } from '@/server/platform/lib/months';
import type { EndedSubscription } from '../gateway';
import {
  billSubscription,
  chargeInvoice,
  finalizeDraft,
  FINALIZE_AFTER_MS,
  intervalOf,
  subscriptionShape,
  type SubscriptionRow,
} from './invoices';
import { queueEvents, subscriptionEvent, type SubscriptionEventType } from './outbox';

const LIVE = ['trialing', 'active', 'past_due'];
const WEEK_MS = 7 * 86_400_000;

/** The instant `count` intervals after `anchor`: the same day of a later month, or exactly 7 days a week later. */
function intervalsAfter(anchor: Date, interval: BillingInterval, count: number): Date {
  return interval === 'week' ? new Date(anchor.getTime() + count * WEEK_MS) : addMonths(anchor, count);
}

/** The end of the billing period that starts at `start`: the anchor's next monthly (or weekly) anniversary after it. */
function periodEndAfter(anchor: Date, interval: BillingInterval, start: Date): Date {
  for (let count = 1; ; count += 1) {
    const end = intervalsAfter(anchor, interval, count);
    if (end > start) return end;
  }
}

async function lockSubscription(tx: Tx, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await tx
    .select()
    .from(localGatewaySubscriptions)
    .where(eq(localGatewaySubscriptions.id, id))
    .for('update');
  return row;
}

/**
 * Opens the subscription a paid checkout starts and bills its first invoice at once, as Checkout does; the events
 * (subscription created, the first invoice) are queued for the webhook. With a trial end (our checkouts: the
 * rental's start date + 1 month, or + 7 days on the weekly plan) it is 'trialing' until then: the first invoice bills
 * the trial at $0 beside the one-time prices (the first period and any delivery charge), and rent renews from the
 * trial's end, every `interval`.
 */
export async function openLocalSubscription(
  tx: Tx,
  subscription: {
    id: string;
    gatewayCustomerId: string;
    orderId: string | null;
    amountCents: number;
    trialEnd: Date | null;
    interval: BillingInterval;
  },
  now: Date,
  publicUrl?: string,
): Promise<void> {
  const { trialEnd, ...facts } = subscription;
  const trial = trialEnd !== null && trialEnd > now;
  const [created] = await tx
    .insert(localGatewaySubscriptions)
    .values({
      ...facts,
      status: trial ? 'trialing' : 'active',
      currentPeriodStart: now,
      currentPeriodEnd: trial ? trialEnd : intervalsAfter(now, facts.interval, 1),
      billingAnchor: trial ? trialEnd : now,
      trialStart: trial ? now : null,
      trialEnd: trial ? trialEnd : null,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!created) return;
  await billNowAndAnnounce(tx, created, 'customer.subscription.created', {
    reason: 'subscription_create',
    rentPeriod: { start: now, end: created.currentPeriodEnd, trial },
    now,
    publicUrl,
  });
}

/** Bills the subscription at once, then queues its event (as it stands after billing) ahead of the invoice's. */
async function billNowAndAnnounce(
  tx: Tx,
  subscription: SubscriptionRow,
  type: SubscriptionEventType,
  bill: {
    reason: 'subscription_create' | 'subscription_cycle';
    rentPeriod: { start: Date; end: Date; trial?: boolean } | null;
    now: Date;
    publicUrl: string | undefined;
  },
): Promise<void> {
  const invoiceEvents = await billSubscription(tx, subscription, { ...bill, finalize: 'now' });
  const latest = await lockSubscription(tx, subscription.id);
  await queueEvents(tx, [subscriptionEvent(type, subscriptionShape(latest!), bill.now), ...invoiceEvents]);
}

/** Ends a subscription now: canceled, nothing renews, and what the customer has pending goes on a final invoice. */
async function cancelNow(
  tx: Tx,
  subscription: SubscriptionRow,
  now: Date,
  publicUrl: string | undefined,
): Promise<void> {
  const [canceled] = await tx
    .update(localGatewaySubscriptions)
    .set({ status: 'canceled', canceledAt: subscription.canceledAt ?? now, endedAt: now, cancelAt: null })
    .where(eq(localGatewaySubscriptions.id, subscription.id))
    .returning();
  await billNowAndAnnounce(tx, canceled!, 'customer.subscription.deleted', {
    reason: 'subscription_cycle',
    rentPeriod: null,
    now,
    publicUrl,
  });
}

/**
 * Ends a local subscription as Stripe would: now (invoice_now: a final invoice of what is pending) or at a date
 * (cancel_at: still active, no renewal after it). An ended subscription answers as it ended.
 */
export async function endLocalSubscription(
  db: Db,
  request: { subscriptionId: string; at: Date | null },
  now: Date,
  publicUrl?: string,
): Promise<EndedSubscription> {
  const ended = await db.transaction(async (tx) => {
    const subscription = await lockSubscription(tx, request.subscriptionId);
    if (!subscription) throw new NotFound(`No such subscription: '${request.subscriptionId}'`);
    if (subscription.status === 'canceled') return subscription;
    if (request.at === null || request.at <= now) {
      await cancelNow(tx, subscription, now, publicUrl);
    } else {
      const [scheduled] = await tx
        .update(localGatewaySubscriptions)
        .set({ cancelAt: request.at, canceledAt: now })
        .where(eq(localGatewaySubscriptions.id, subscription.id))
        .returning();
      await queueEvents(tx, [subscriptionEvent('customer.subscription.updated', subscriptionShape(scheduled!), now)]);
    }
    return (await lockSubscription(tx, subscription.id))!;
  });
  return { status: ended.status, endsAt: ended.endedAt ?? ended.cancelAt ?? ended.currentPeriodEnd };
}

type DueWork = { at: Date; run: (tx: Tx) => Promise<void> };

/** The earliest piece of billing work due by `until`: a scheduled end, a renewal or a retry. */
async function nextDue(db: Db, until: Date, publicUrl: string | undefined): Promise<DueWork | null> {
  const candidates: DueWork[] = [];
  const [ending] = await db
    .select()
    .from(localGatewaySubscriptions)
    .where(
      and(
        inArray(localGatewaySubscriptions.status, LIVE),
        isNotNull(localGatewaySubscriptions.cancelAt),
        lte(localGatewaySubscriptions.cancelAt, until),
      ),
    )
    .orderBy(asc(localGatewaySubscriptions.cancelAt))
    .limit(1);
  if (ending) candidates.push({ at: ending.cancelAt!, run: (tx) => endScheduled(tx, ending.id, ending.cancelAt!) });

  const [renewing] = await db
    .select()
    .from(localGatewaySubscriptions)
    .where(and(inArray(localGatewaySubscriptions.status, LIVE), lte(localGatewaySubscriptions.currentPeriodEnd, until)))
    .orderBy(asc(localGatewaySubscriptions.currentPeriodEnd))
    .limit(1);
  if (renewing) {
    const at = renewing.currentPeriodEnd;
    // A subscription ending at or before its renewal ends instead (the scheduled end above comes first).
    if (!renewing.cancelAt || renewing.cancelAt > at)
      candidates.push({ at, run: (tx) => renew(tx, renewing.id, at, publicUrl) });
  }

  const [draft] = await db
    .select()
    .from(localGatewayInvoices)
    .where(
      and(
        eq(localGatewayInvoices.status, 'draft'),
        lte(localGatewayInvoices.issuedAt, new Date(until.getTime() - FINALIZE_AFTER_MS)),
      ),
    )
    .orderBy(asc(localGatewayInvoices.issuedAt))
    .limit(1);
  if (draft) {
    const at = new Date(draft.issuedAt.getTime() + FINALIZE_AFTER_MS);
    candidates.push({ at, run: async (tx) => queueEvents(tx, await finalizeDraft(tx, draft, at)) });
  }

  const [retrying] = await db
    .select()
    .from(localGatewayInvoices)
    .where(and(eq(localGatewayInvoices.status, 'open'), lte(localGatewayInvoices.nextPaymentAttempt, until)))
    .orderBy(asc(localGatewayInvoices.nextPaymentAttempt))
    .limit(1);
  if (retrying) {
    const at = retrying.nextPaymentAttempt!;
    candidates.push({
      at,
      run: async (tx) => queueEvents(tx, await chargeInvoice(tx, retrying, at)),
    });
  }
  candidates.sort((a, b) => a.at.getTime() - b.at.getTime());
  return candidates[0] ?? null;
}

async function renew(tx: Tx, id: string, at: Date, publicUrl: string | undefined): Promise<void> {
  const subscription = await lockSubscription(tx, id);
  if (
    !subscription ||
    !LIVE.includes(subscription.status) ||
    subscription.currentPeriodEnd.getTime() !== at.getTime()
  ) {
    return;
  }
  const anchor = subscription.billingAnchor ?? subscription.currentPeriodStart;
  const end = periodEndAfter(anchor, intervalOf(subscription), at);
  // A trial ends into an active subscription; a past-due one stays past due until an invoice is paid.
  const status = subscription.status === 'trialing' ? 'active' : subscription.status;
  const [renewed] = await tx
    .update(localGatewaySubscriptions)
    .set({ status, currentPeriodStart: at, currentPeriodEnd: end })
    .where(eq(localGatewaySubscriptions.id, id))
    .returning();
  const updated = subscriptionEvent('customer.subscription.updated', subscriptionShape(renewed!), at);
  const invoice = await billSubscription(tx, renewed!, {
    reason: 'subscription_cycle',
    rentPeriod: { start: at, end },
    now: at,
    finalize: 'later',
    publicUrl,
  });
  await queueEvents(tx, [updated, ...invoice]);
}

/**
 * A scheduled end (cancel_at) cancels without a final invoice, as on Stripe: only `invoice_now` on an immediate
 * cancel bills what is pending. A fee left pending is billed on an invoice of its own (billing/fee-invoices.ts).
 */
async function endScheduled(tx: Tx, id: string, at: Date): Promise<void> {
  const subscription = await lockSubscription(tx, id);
  if (!subscription || !LIVE.includes(subscription.status)) return;
  const [canceled] = await tx
    .update(localGatewaySubscriptions)
    .set({ status: 'canceled', canceledAt: subscription.canceledAt ?? at, endedAt: at, cancelAt: null })
    .where(eq(localGatewaySubscriptions.id, subscription.id))
    .returning();
  await queueEvents(tx, [subscriptionEvent('customer.subscription.deleted', subscriptionShape(canceled!), at)]);
}

/**
 * Runs, in time order, the billing work due up to `until`, calling `atEach` with each piece's time once its
 * transaction has committed (the caller moves its clock and delivers the queued events there).
 */
export async function runDueBilling(
  db: Db,
  until: Date,
  atEach: (at: Date) => Promise<void>,
  publicUrl?: string,
): Promise<number> {
  let ran = 0;
  for (let work = await nextDue(db, until, publicUrl); work; work = await nextDue(db, until, publicUrl)) {
    await db.transaction((tx) => work!.run(tx));
    await atEach(work.at);
    ran += 1;
    if (ran > 10_000) throw new Error('runaway billing simulation');
  }
  return ran;
}
