import { and, eq, inArray } from 'drizzle-orm';
import type { CancellationDecisionInput } from '@/contracts/admin/orders';
import { business } from '@/contracts/business';
import { cancellationConsequence } from '@/contracts/cancellation';
import { startOfDayInLosAngeles, todayInLosAngeles } from '@/contracts/dates';
import { recordAudit } from '@/server/platform/audit-log';
import type { Db, Tx } from '@/server/platform/db/client';
import { additionalFees, cancellationRequests, customers, deliveryTasks, orders } from '@/server/platform/db/schema';
import { Conflict, NotFound, PaymentProviderFailed } from '@/server/platform/errors';
import { billingFactsOf } from '@/server/billing/billing-status';
import type { EndedSubscription, PaymentGateway } from '@/server/billing/provider/gateway';
import { queueDecisionEmail, type DecidedRequest } from './cancellation-decision-email';

type DecisionDeps = {
  db: Db;
  payments: Pick<PaymentGateway, 'createInvoiceItem' | 'deleteInvoiceItem' | 'endSubscription'>;
};

/** What the payment provider did for an approval: the fee's invoice item and the end of billing it scheduled. */
interface ProviderChanges {
  invoiceItem: { id: string } | null;
  billingEnd: EndedSubscription | null;
  /** Takes the fee back off the provider's invoice when our side of the decision fails. */
  undoFee: () => Promise<void>;
}

const EARLY_TERMINATION = 'Early termination fee (ended before the 4-month minimum)';

async function pendingRequest(db: Db, requestId: string) {
  const [request] = await db.select().from(cancellationRequests).where(eq(cancellationRequests.id, requestId));
  if (!request) throw new NotFound('Cancellation request not found');
  if (request.status !== 'pending') throw new Conflict(`This cancellation request was already ${request.status}`);
  return request;
}

/**
 * Approves or declines a customer's pending cancellation request, recording who and when. Approving opens the
 * pickup with no day booked yet (the effective date is the day asked for; the owner books its day and window next,
 * which e-mails the customer) and tells the payment provider: billing stops at the start of that day (cancel_at),
 * or a weekly rental's at the end of its paid week, and an end before the monthly plan's minimum term adds the $150
 * early-termination fee (once per order) to the final invoice. The provider is asked first; if it refuses, nothing
 * is decided and the owner reads why.
 */
export async function decideCancellation(
  deps: DecisionDeps,
  adminUserId: string,
  requestId: string,
  input: CancellationDecisionInput,
  now: Date,
): Promise<{ pickupId: string | null }> {
  const { db } = deps;
  const request = await pendingRequest(db, requestId);
  const [order] = await db.select().from(orders).where(eq(orders.id, request.orderId));
  const [customer] = await db.select().from(customers).where(eq(customers.id, request.customerId));
  if (!order || !customer) throw new NotFound('Cancellation request not found');
  const approved = input.decision === 'approved';
  // Judged on the day the customer asked, not the day the owner decides: a late decision charges the same.
  const feeDue = await earlyTerminationFeeDue(db, order, request.effectiveDate, request.requestDate);
  const chargesFee = approved && feeDue;
  const decision: DecidedRequest = { request, order, customer, input, chargesFee, adminUserId };

  // The provider first, outside our transaction; what it did is undone if our side then fails.
  const billingEndsAt = approved ? await billingEndFor(db, order, request.effectiveDate, now) : null;
  const provider = await tellProvider(deps.payments, decision, billingEndsAt);
  try {
    return await db.transaction(async (tx) => {
      const pickupId = await recordDecision(tx, decision, provider, now);
      await queueDecisionEmail(tx, decision);
      return { pickupId };
    });
  } catch (error) {
    await provider.undoFee();
    throw error;
  }
}

/**
 * Whether ending on the effective date owes the early-termination fee: an end before the minimum term, as the rules
 * stood when the request was made (`askedAt`), on an order not charged it yet.
 */
async function earlyTerminationFeeDue(
  db: Db,
  order: DecidedRequest['order'],
  effectiveDate: string,
  askedAt: Date,
): Promise<boolean> {
  const [existingFee] = await db
    .select({ id: additionalFees.id })
    .from(additionalFees)
    .where(and(eq(additionalFees.orderId, order.id), eq(additionalFees.feeType, 'early_termination')));
  const planType = order.type === 'weekly' ? 'weekly' : 'monthly';
  const consequence = cancellationConsequence(
    { planType, startDate: order.startDate, monthsMin: order.monthsMin, today: todayInLosAngeles(askedAt) },
    effectiveDate,
  );
  return consequence.kind === 'early-termination' && !existingFee;
}

/**
 * An approval's changes at the payment provider: the fee on the final invoice, then the end of billing at
 * `billingEndsAt` (now when null). A refusal throws PaymentProviderFailed, with the fee already added taken back, so
 * nothing is decided.
 */
async function tellProvider(
  payments: DecisionDeps['payments'],
  decision: DecidedRequest,
  billingEndsAt: Date | null,
): Promise<ProviderChanges> {
  const { order, customer, chargesFee } = decision;
  const approved = decision.input.decision === 'approved';
  const invoiceItem =
    chargesFee && customer.stripeCustomerId
      ? await payments
          .createInvoiceItem({
            gatewayCustomerId: customer.stripeCustomerId,
            amountCents: business.earlyTerminationFeeCents,
            description: EARLY_TERMINATION,
          })
          .catch((error: unknown) => {
            throw new PaymentProviderFailed('did not accept the early-termination fee, so nothing was decided', error);
          })
      : null;
  const undoFee = async () => {
    if (invoiceItem) await payments.deleteInvoiceItem(invoiceItem.id).catch(() => undefined);
  };
  const billingEnd =
    approved && order.stripeSubscriptionId
      ? await payments
          .endSubscription({ subscriptionId: order.stripeSubscriptionId, at: billingEndsAt })
          .catch(async (error: unknown) => {
            await undoFee();
            throw new PaymentProviderFailed('did not schedule the end of billing, so nothing was decided', error);
          })
      : null;
  return { invoiceItem, billingEnd, undoFee };
}

/**
 * Billing stops at the start of the effective date. A weekly rental's ends at the end of its paid week, so at the
 * very instant the provider's current period ends (as the ledger holds it) when that falls on the effective date:
 * the week paid for runs its course and nothing renews after it. An end already past (a late decision) is now, which
 * bills what is pending (the fee) on a final invoice at once.
 */
async function billingEndFor(
  db: Db,
  order: DecidedRequest['order'],
  effectiveDate: string,
  now: Date,
): Promise<Date | null> {
  let end = startOfDayInLosAngeles(effectiveDate);
  if (order.type === 'weekly') {
    const periodEnd = (await billingFactsOf(db, order)).subscription?.currentPeriodEnd;
    if (periodEnd && todayInLosAngeles(periodEnd) === effectiveDate) end = periodEnd;
  }
  return end.getTime() > now.getTime() ? end : null;
}

/**
 * Our side of the decision, in one transaction: the request decided (unless another admin decided it meanwhile),
 * an approval's pickup (unless one is open already) and fee, and the audit entry. Answers the open pickup.
 */
async function recordDecision(
  tx: Tx,
  decision: DecidedRequest,
  provider: ProviderChanges,
  now: Date,
): Promise<string | null> {
  const { request, order, customer, input, chargesFee, adminUserId } = decision;
  const { invoiceItem, billingEnd } = provider;
  const approved = input.decision === 'approved';
  const [locked] = await tx
    .select()
    .from(cancellationRequests)
    .where(eq(cancellationRequests.id, request.id))
    .for('update');
  if (locked?.status !== 'pending') throw new Conflict(`This cancellation request was already ${locked?.status}`);
  await tx
    .update(cancellationRequests)
    .set({ status: input.decision, processedAt: now, processedBy: adminUserId, notes: input.notes ?? null })
    .where(eq(cancellationRequests.id, request.id));
  const pickupId = approved ? await openPickup(tx, request.orderId, request.effectiveDate) : null;
  if (chargesFee) {
    await tx.insert(additionalFees).values({
      customerId: customer.id,
      orderId: order.id,
      feeType: 'early_termination',
      description: EARLY_TERMINATION,
      amountCents: business.earlyTerminationFeeCents,
      createdBy: adminUserId,
      stripeInvoiceId: invoiceItem?.id ?? null,
    });
  }
  await recordAudit(tx, {
    actorType: 'admin',
    actorId: adminUserId,
    action: `cancellation.${input.decision}`,
    entityType: 'cancellation_request',
    entityId: request.id,
    details: {
      orderId: request.orderId,
      effectiveDate: request.effectiveDate,
      ...(chargesFee && { earlyTerminationFeeCents: business.earlyTerminationFeeCents }),
      ...(billingEnd && { billingEndsAt: billingEnd.endsAt.toISOString(), providerStatus: billingEnd.status }),
      ...(pickupId && { pickupId }),
    },
  });
  return pickupId;
}

/**
 * The approval's pickup: pending, with no day booked (a pending visit with a day would read as booked), the
 * effective date as the day asked for. An order that already has an open pickup keeps that one.
 */
async function openPickup(tx: Tx, orderId: string, effectiveDate: string): Promise<string> {
  const [open] = await tx
    .select({ id: deliveryTasks.id })
    .from(deliveryTasks)
    .where(
      and(
        eq(deliveryTasks.orderId, orderId),
        eq(deliveryTasks.type, 'pickup'),
        inArray(deliveryTasks.status, ['pending', 'scheduled']),
      ),
    );
  if (open) return open.id;
  const [task] = await tx
    .insert(deliveryTasks)
    .values({
      orderId,
      type: 'pickup',
      status: 'pending',
      scheduledDate: null,
      preferredDate: effectiveDate,
      requestedBy: 'owner',
      notes: 'Pickup after approved cancellation',
    })
    .returning({ id: deliveryTasks.id });
  return task!.id;
}
