import { formatCalendarDateIn } from '@/i18n/format';
import { localeOrDefault } from '@/i18n/locale';
import { translator } from '@/i18n/translator';
import { and, eq } from 'drizzle-orm';
import type { CancellationDecisionInput } from '@/contracts/admin/orders';
import { business } from '@/contracts/business';
import { cancellationConsequence } from '@/contracts/cancellation';
import { startOfDayInLosAngeles, todayInLosAngeles } from '@/contracts/dates';
import { formatCents } from '@/contracts/money';
import { recordAudit } from '@/server/platform/audit-log';
import type { Db } from '@/server/platform/db/client';
import { additionalFees, cancellationRequests, customers, deliveryTasks, orders } from '@/server/platform/db/schema';
import { Conflict, NotFound, PaymentProviderFailed } from '@/server/platform/errors';
import type { Mailer } from '@/server/platform/mail/mailer';
import { sendTemplatedEmail } from '@/server/platform/mail/templated-email';
import type { PaymentGateway } from '@/server/billing/provider/gateway';

type DecisionDeps = {
  db: Db;
  payments: Pick<PaymentGateway, 'createInvoiceItem' | 'deleteInvoiceItem' | 'endSubscription'>;
  mailer: Mailer;
  publicUrl: string;
  business: { phone: string };
};

const EARLY_TERMINATION = 'Early termination fee (ended before the 4-month minimum)';

async function pendingRequest(db: Db, requestId: string) {
  const [request] = await db.select().from(cancellationRequests).where(eq(cancellationRequests.id, requestId));
  if (!request) throw new NotFound('Cancellation request not found');
  if (request.status !== 'pending') throw new Conflict(`This cancellation request was already ${request.status}`);
  return request;
}

/**
 * Approves or declines a customer's pending cancellation request, recording who and when. Approving books the
 * pickup on the effective date and tells the payment provider: billing stops at the start of that day (cancel_at),
 * and an end before the minimum term adds the $150 early-termination fee (once per order) to the final invoice.
 * The provider is asked first; if it refuses, nothing is decided and the owner reads why.
 */
export async function decideCancellation(
  deps: DecisionDeps,
  adminUserId: string,
  requestId: string,
  input: CancellationDecisionInput,
  now: Date,
): Promise<void> {
  const { db, payments } = deps;
  const request = await pendingRequest(db, requestId);
  const [order] = await db.select().from(orders).where(eq(orders.id, request.orderId));
  const [customer] = await db.select().from(customers).where(eq(customers.id, request.customerId));
  if (!order || !customer) throw new NotFound('Cancellation request not found');
  const approved = input.decision === 'approved';

  const [existingFee] = await db
    .select({ id: additionalFees.id })
    .from(additionalFees)
    .where(and(eq(additionalFees.orderId, order.id), eq(additionalFees.feeType, 'early_termination')));
  const consequence = cancellationConsequence(
    { startDate: order.startDate, monthsMin: order.monthsMin, today: todayInLosAngeles(now) },
    request.effectiveDate,
  );
  const chargesFee = approved && consequence.kind === 'early-termination' && !existingFee;

  // The provider first, outside our transaction; what it did is undone if our side then fails.
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
          .endSubscription({
            subscriptionId: order.stripeSubscriptionId,
            at: startOfDayInLosAngeles(request.effectiveDate),
          })
          .catch(async (error: unknown) => {
            await undoFee();
            throw new PaymentProviderFailed('did not schedule the end of billing, so nothing was decided', error);
          })
      : null;

  try {
    await db.transaction(async (tx) => {
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
      if (approved) {
        await tx.insert(deliveryTasks).values({
          orderId: request.orderId,
          type: 'pickup',
          scheduledDate: request.effectiveDate,
          notes: 'Pickup after approved cancellation',
        });
      }
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
        },
      });
    });
  } catch (error) {
    await undoFee();
    throw error;
  }

  // In the customer's language (ADR 026); the owner's note is sent as typed.
  const locale = localeOrDefault(customer.locale);
  const t = translator(locale, 'emails');
  const effectiveDate = formatCalendarDateIn(locale, request.effectiveDate);
  const decisionDetails = approved
    ? t('decision.approvedDetails', { date: effectiveDate }) +
      (chargesFee
        ? ` ${t('decision.feeOnFinalInvoice', { months: order.monthsMin, fee: formatCents(business.earlyTerminationFeeCents) })}`
        : '')
    : t('decision.declinedDetails') + (input.notes ? ` ${t('decision.teamNote', { note: input.notes })}` : '');
  // The decision stands whatever happens to the e-mail; the e-mail log shows a failed send.
  await sendTemplatedEmail(db, deps.mailer, {
    templateType: 'cancellation_decision',
    locale,
    customerId: customer.id,
    recipientEmail: customer.email,
    sentBy: adminUserId,
    values: {
      customerName: customer.name,
      orderNumber: order.orderNumber,
      effectiveDate,
      decision: t(approved ? 'decision.approved' : 'decision.declined'),
      decisionDetails,
      portalUrl: `${deps.publicUrl}/portal/${order.id}`,
      businessPhone: deps.business.phone,
    },
  }).catch(() => undefined);
}
