import { formatCalendarDateIn } from '@/i18n/format';
import { DEFAULT_LOCALE, isLocale } from '@/i18n/locale';
import { translator } from '@/i18n/translator';
import { and, desc, eq, or } from 'drizzle-orm';
import { business } from '@/contracts/business';
import { cancellationConsequence, minimumTermEndDate } from '@/contracts/cancellation';
import { formatCalendarDate, nextMonthlyBillDate, todayInLosAngeles } from '@/contracts/dates';
import { unitModelPhotoUrl } from '@/contracts/catalog';
import { formatCents } from '@/contracts/money';
import type { CancellationRequestInput, PortalView } from '@/contracts/portal';
import type { Db } from '@/server/platform/db/client';
import { isUniqueViolation } from '@/server/platform/db/errors';
import { cancellationRequests, customers, orders } from '@/server/platform/db/schema';
import { enqueueNotification } from '@/server/platform/mail/outbox';
import type { Mailer } from '@/server/platform/mail/mailer';
import { sendTemplatedEmail } from '@/server/platform/mail/templated-email';
import { Conflict, Invalid, NotFound } from '@/server/platform/errors';
import type { PaymentGateway } from '@/server/billing/provider/gateway';
import { isUuid } from '@/server/platform/lib/uuid';
import { billingWithoutLedger, rentalBilling } from '@/server/billing/rental-billing';
import type { readPortalOrder } from '@/server/portal/portal-read';

/** The same answer for an unknown order, another customer's order and no session: nothing to tell apart. */
export const rentalNotFound = () => new NotFound('Rental not found');

/**
 * Finds an order by its number (any case) or its id, but only if the e-mail on it matches. Order numbers are stored
 * as 'order-' plus upper-case characters and e-mails lower-cased (every write path normalises them), so the input is
 * normalised once and the unique indexes answer.
 */
export async function findOrderForAccess(db: Db, orderNumberOrId: string, email: string) {
  const key = orderNumberOrId.trim();
  const orderNumber = key.toLowerCase().startsWith('order-') ? `order-${key.slice(6).toUpperCase()}` : key;
  const matchesKey = isUuid(key)
    ? or(eq(orders.id, key), eq(orders.orderNumber, orderNumber))
    : eq(orders.orderNumber, orderNumber);
  const [row] = await db
    .select({ orderId: orders.id, customerId: orders.customerId })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(matchesKey, eq(customers.email, email.trim().toLowerCase())));
  return row ?? null;
}

/** The order, if it belongs to this customer; otherwise the same NotFound as for an unknown id. */
export async function ownedOrder(db: Db, customerId: string, orderId: string) {
  if (!isUuid(orderId)) throw rentalNotFound();
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)));
  if (!order) throw rentalNotFound();
  return order;
}

/** The order's latest cancellation request, whatever was decided: the customer keeps seeing the outcome. */
async function latestCancellation(db: Db, orderId: string) {
  const [request] = await db
    .select()
    .from(cancellationRequests)
    .where(eq(cancellationRequests.orderId, orderId))
    .orderBy(desc(cancellationRequests.createdAt))
    .limit(1);
  return request ?? null;
}

function termsFor(order: { startDate: string; monthsMin: number }, today: string) {
  return {
    today,
    startDate: order.startDate,
    monthsMin: order.monthsMin,
    minimumTermEndDate: minimumTermEndDate(order.startDate, order.monthsMin),
    earlyTerminationFeeCents: business.earlyTerminationFeeCents,
    noticeDays: business.cancellationNoticeDays,
  };
}

/**
 * The portal's view of an order, from readPortalOrder's one statement (session, ownership, customer, model, agreement,
 * cancellation, fees) plus, only when the ledger has something for the order, its billing.
 */
export async function portalView(
  db: Db,
  payments: PaymentGateway,
  read: NonNullable<Awaited<ReturnType<typeof readPortalOrder>>>,
  now = new Date(),
): Promise<PortalView> {
  const { order, customer, cancellation } = read;
  const model = { name: read.modelName, photoUrl: unitModelPhotoUrl(read.order.modelId, read.modelPhotoUpdatedAt) };
  const agreement = read.agreementPdfUrl !== null ? { pdfUrl: read.agreementPdfUrl } : null;
  const today = todayInLosAngeles(now);
  const { fees } = read;
  const [paymentMethod, billing] = await Promise.all([
    read.stripeCustomerId ? payments.getCardOnFile(read.stripeCustomerId).catch(() => null) : null,
    read.hasLedger ? rentalBilling(db, order) : billingWithoutLedger(order.status),
  ]);
  const terms = termsFor(order, today);
  return {
    order: {
      id: order.id,
      orderNumber: order.orderNumber,
      type: order.type,
      btuTier: order.btuTier,
      startDate: order.startDate,
      priceCents: order.priceCents,
      monthsMin: order.monthsMin,
      status: order.status,
      address: order.address,
      city: order.city,
      zipCode: order.zipCode,
      buildingNotes: order.buildingNotes,
      // As the provider will charge it once it has told us (the ledger); computed from the start date before then.
      nextBillDate:
        billing.status === 'none'
          ? order.type === 'monthly' && order.status === 'active'
            ? nextMonthlyBillDate(order.startDate, today)
            : null
          : billing.nextBillDate,
    },
    customer: { id: customer.id, name: customer.name, email: customer.email, phone: customer.phone },
    unitModel: model,
    agreement: agreement ? { pdfUrl: agreement.pdfUrl } : null,
    paymentMethod,
    cancellationRequest: cancellation
      ? {
          id: cancellation.id,
          status: cancellation.status,
          requestDate: cancellation.requestDate.toISOString(),
          effectiveDate: cancellation.effectiveDate,
          reason: cancellation.reason,
          earlyTerminationFeeCents: cancellationFee(terms, cancellation, fees),
          decidedAt: cancellation.processedAt?.toISOString() ?? null,
          decisionNote: cancellation.notes,
        }
      : null,
    cancellationTerms: terms,
    billing,
    fees,
  };
}

/**
 * The early-termination fee a request carries: once decided, the fee actually charged (if any); while pending,
 * what the rules say its date would cost.
 */
function cancellationFee(
  terms: ReturnType<typeof termsFor>,
  request: { status: string; effectiveDate: string },
  fees: { feeType: string; amountCents: number }[],
): number {
  if (request.status === 'declined') return 0;
  if (request.status === 'approved') return fees.find((fee) => fee.feeType === 'early_termination')?.amountCents ?? 0;
  return cancellationConsequence(terms, request.effectiveDate).kind === 'early-termination'
    ? business.earlyTerminationFeeCents
    : 0;
}

/**
 * Records a cancellation request after checking the date against the contract: in the past is refused; inside the
 * minimum term the $150 fee applies; after it, 30 days' notice is required. One pending request per order.
 * E-mails the customer a receipt.
 */
export async function requestCancellation(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  customerId: string,
  orderId: string,
  input: CancellationRequestInput,
  now = new Date(),
) {
  const { db } = deps;
  const order = await ownedOrder(db, customerId, orderId);
  if (input.orderId && input.orderId !== order.id) throw rentalNotFound();
  if (order.status !== 'active' && order.status !== 'pending') {
    throw new Conflict('Only an active rental can be cancelled.');
  }
  const terms = termsFor(order, todayInLosAngeles(now));
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
        .values({ orderId: order.id, customerId, effectiveDate: input.effectiveDate, reason: input.reason })
        .returning()) as [typeof cancellationRequests.$inferSelect];
      // The owner hears of it with the request (sent by the route, or the next scheduled run).
      await enqueueNotification(tx, {
        key: `owner:cancellation_request:${created.id}`,
        audience: 'owner',
        kind: 'cancellation_request',
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

  const locale = isLocale(customer!.locale) ? customer!.locale : DEFAULT_LOCALE;
  const t = translator(locale, 'emails');
  const cancellationTermsText =
    consequence.kind === 'early-termination'
      ? t('cancellation.earlyTermination', { months: order.monthsMin, fee: formatCents(consequence.feeCents) })
      : t('cancellation.notice', { days: business.cancellationNoticeDays });
  await sendTemplatedEmail(db, deps.mailer, {
    templateType: 'cancellation_received',
    locale,
    customerId,
    recipientEmail: customer!.email,
    values: {
      customerName: customer!.name,
      orderNumber: order.orderNumber,
      effectiveDate: formatCalendarDateIn(locale, input.effectiveDate),
      cancellationTerms: cancellationTermsText,
      portalUrl: `${deps.publicUrl}/portal/${order.id}`,
    },
  }).catch(() => undefined); // a missing template must not lose the request; the log shows any failed send
  return request;
}
