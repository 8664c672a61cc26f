import { formatCalendarDateIn } from '@/i18n/format';
import { localeOrDefault } from '@/i18n/locale';
import { translator } from '@/i18n/translator';
import type { CancellationDecisionInput } from '@/contracts/admin/orders';
import { business } from '@/contracts/business';
import { formatCents } from '@/contracts/money';
import type { Tx } from '@/server/platform/db/client';
import type { cancellationRequests, customers, orders } from '@/server/platform/db/schema';
import { enqueueCustomerEmail } from '@/server/platform/mail/outbox';

/** A cancellation request as decided: its order and customer, the owner's decision, and whether the fee is charged. */
export interface DecidedRequest {
  request: typeof cancellationRequests.$inferSelect;
  order: typeof orders.$inferSelect;
  customer: typeof customers.$inferSelect;
  input: CancellationDecisionInput;
  chargesFee: boolean;
  adminUserId: string;
}

/**
 * Queues the cancellation_decision e-mail in the decision's own transaction (it exists if and only if the decision
 * does; the outbox sends it, retrying through an SMTP outage): approved from the effective date (with the
 * early-termination fee when one is charged), or declined (with the owner's note when there is one).
 */
export async function queueDecisionEmail(
  tx: Tx,
  { request, order, customer, input, chargesFee, adminUserId }: DecidedRequest,
): Promise<void> {
  const approved = input.decision === 'approved';
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
  await enqueueCustomerEmail(tx, {
    kind: 'cancellation_decision',
    occasion: request.id,
    order,
    customer,
    values: {
      effectiveDate,
      decision: t(approved ? 'decision.approved' : 'decision.declined'),
      decisionDetails,
      sentBy: adminUserId,
    },
  });
}
