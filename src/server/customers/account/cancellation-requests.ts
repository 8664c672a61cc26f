import { desc, eq } from 'drizzle-orm';
import { formatCalendarDateIn } from '@/i18n/format';
import { localeOrDefault } from '@/i18n/locale';
import { translator } from '@/i18n/translator';
import { business } from '@/contracts/business';
import { cancellationConsequence, type CancellationConsequence } from '@/contracts/cancellation';
import { formatCalendarDate, todayInLosAngeles } from '@/contracts/dates';
import { formatCents } from '@/contracts/money';
import type { CancellationRequestInput } from '@/contracts/portal';
import type { Db, Tx } from '@/server/platform/db/client';
import { isUniqueViolation } from '@/server/platform/db/errors';
import { cancellationRequests, customers } from '@/server/platform/db/schema';
import { enqueueCustomerEmail, enqueueOwnerAlert } from '@/server/platform/mail/outbox';
import { Conflict, Invalid } from '@/server/platform/errors';
import { cancellationTerms, ownedOrder, rentalNotFound } from './rentals';

/** The order's latest cancellation request, whatever was decided: the customer keeps seeing the outcome. */
export async function latestCancellation(db: Db, orderId: string) {
  const [request] = await db
    .select()
    .from(cancellationRequests)
    .where(eq(cancellationRequests.orderId, orderId))
    .orderBy(desc(cancellationRequests.createdAt))
    .limit(1);
  return request ?? null;
}

/**
 * Records a cancellation request after checking the date against the contract: in the past is refused; on the
 * monthly plan, inside the minimum term the $150 fee applies and after it 30 days' notice is required; on the weekly
 * plan the date must be the end of the week already paid for (no fee). One pending request per order.
 * Queues the customer's receipt and the owner's alert with it.
 */
export async function requestCancellation(
  /** `siteUrl`: the site the request came to, where the e-mail's portal link points. */
  deps: { db: Db; siteUrl: string },
  customerId: string,
  orderId: string,
  input: CancellationRequestInput,
  now: Date,
) {
  const { db } = deps;
  const order = await ownedOrder(db, customerId, orderId);
  if (input.orderId && input.orderId !== order.id) throw rentalNotFound();
  if (order.status !== 'active' && order.status !== 'pending') {
    throw new Conflict('Only an active rental can be cancelled.');
  }
  const terms = cancellationTerms(order, todayInLosAngeles(now));
  const consequence = cancellationConsequence(terms, input.effectiveDate);
  if (consequence.kind === 'in-the-past') {
    throw new Invalid('The effective date cannot be in the past.', {
      effectiveDate: 'The effective date cannot be in the past.',
    });
  }
  if (consequence.kind === 'too-little-notice') {
    const message = `Cancellation after the minimum term needs ${business.cancellationNoticeDays} days' notice: the earliest effective date is ${formatCalendarDate(consequence.earliest)}.`;
    throw new Invalid(message, { effectiveDate: message });
  }
  if (consequence.kind === 'not-end-of-paid-week') {
    const message = `A weekly rental ends at the end of the week already paid for: the effective date is ${formatCalendarDate(consequence.endsOn)}.`;
    throw new Invalid(message, { effectiveDate: message });
  }
  const latest = await latestCancellation(db, order.id);
  if (latest?.status === 'pending') {
    throw new Conflict('A cancellation request for this rental is already pending.');
  }
  if (latest?.status === 'approved') {
    throw new Conflict(
      `Your cancellation was already approved: the rental ends on ${formatCalendarDate(latest.effectiveDate)}.`,
    );
  }

  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  let request: typeof cancellationRequests.$inferSelect;
  try {
    request = await db.transaction(async (tx) => {
      const [created] = (await tx
        .insert(cancellationRequests)
        .values({
          orderId: order.id,
          customerId,
          effectiveDate: input.effectiveDate,
          reason: input.reason,
          requestDate: now,
        })
        .returning()) as [typeof cancellationRequests.$inferSelect];
      // The customer's receipt and the owner's alert are queued with the request (sent by the route, or retried).
      await queueReceivedEmail(tx, { request: created, order, customer: customer!, consequence }, deps.siteUrl);
      await enqueueOwnerAlert(tx, {
        kind: 'cancellation_request',
        occasion: created.id,
        customerId,
        orderId: order.id,
        values: {
          customerName: customer!.name,
          orderNumber: order.orderNumber,
          effectiveDate: formatCalendarDate(input.effectiveDate),
        },
      });
      return created;
    });
  } catch (error) {
    // The partial unique index catches two requests sent at the same moment.
    if (isUniqueViolation(error)) {
      throw new Conflict('A cancellation request for this rental is already pending.');
    }
    throw error;
  }

  return request;
}

/** The customer's `cancellation_received` e-mail, in their language, with the terms their date falls under. */
async function queueReceivedEmail(
  tx: Tx,
  {
    request,
    order,
    customer,
    consequence,
  }: {
    request: { id: string; effectiveDate: string };
    order: { id: string; orderNumber: string; monthsMin: number };
    customer: { id: string; email: string; name: string; locale: string | null };
    consequence: CancellationConsequence;
  },
  siteUrl: string,
): Promise<void> {
  const locale = localeOrDefault(customer.locale);
  const t = translator(locale, 'emails');
  const cancellationTerms =
    consequence.kind === 'early-termination'
      ? t('cancellation.earlyTermination', { months: order.monthsMin, fee: formatCents(consequence.feeCents) })
      : consequence.kind === 'end-of-paid-week'
        ? t('cancellation.endOfPaidWeek')
        : t('cancellation.notice', { days: business.cancellationNoticeDays });
  await enqueueCustomerEmail(tx, {
    kind: 'cancellation_received',
    occasion: request.id,
    order,
    customer,
    values: {
      effectiveDate: formatCalendarDateIn(locale, request.effectiveDate),
      cancellationTerms,
      siteUrl,
    },
  });
}
