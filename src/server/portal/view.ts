import { business } from '@/contracts/business';
import { cancellationConsequence, paidWeekEndDate } from '@/contracts/cancellation';
import { nextMonthlyBillDate, todayInLosAngeles } from '@/contracts/dates';
import { unitModelPhotoUrl } from '@/contracts/catalog';
import type { PortalView } from '@/contracts/portal';
import type { PaymentGateway } from '@/server/billing/provider/gateway';
import { billingWithoutLedger, rentalBilling } from '@/server/billing/rental-billing';
import { cancellationTerms } from '@/server/customers/account/rentals';
import { orderTermsOf } from '@/server/rentals/orders/order-terms';
import type { Db } from '@/server/platform/db/client';
import { deliveryTasks, units } from '@/server/platform/db/schema';
import { and, eq } from 'drizzle-orm';
import { unitReturnOf } from '@/contracts/unit-return';
import type { readPortalOrder } from './portal-read';

/**
 * The portal's view of an order, from readPortalOrder's one statement (session, ownership, customer, model, agreement,
 * cancellation, fees) plus, only when the ledger has something for the order, its billing.
 */
export async function portalView(
  db: Db,
  payments: PaymentGateway,
  read: NonNullable<Awaited<ReturnType<typeof readPortalOrder>>>,
  now: Date,
): Promise<PortalView> {
  const { order, customer, cancellation } = read;
  const model = {
    name: read.modelName,
    nameEs: read.modelNameEs,
    photoUrl: unitModelPhotoUrl(read.order.modelId, read.modelPhotoUpdatedAt),
  };
  const agreement = read.agreementPdfUrl !== null ? { pdfUrl: read.agreementPdfUrl } : null;
  const today = todayInLosAngeles(now);
  const { fees } = read;
  const [paymentMethod, billing, unitReturn] = await Promise.all([
    read.stripeCustomerId ? payments.getCardOnFile(read.stripeCustomerId).catch(() => null) : null,
    read.hasLedger ? rentalBilling(db, order) : billingWithoutLedger(order.status),
    unitReturnOfOrder(db, order),
  ]);
  const terms = cancellationTerms(order, today);
  return {
    order: {
      ...orderTermsOf(order),
      // As the provider will charge it once it has told us (the ledger); computed from the start date before then.
      nextBillDate: billing.status === 'none' ? nextBillWithoutLedger(order, today) : billing.nextBillDate,
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
    unitReturn,
  };
}

/** An ended rental whose unit is still out (contracts/unit-return.ts); two small reads, only once it has ended. */
async function unitReturnOfOrder(db: Db, order: { id: string; status: string; unitId: string | null }) {
  if (order.status !== 'completed' && order.status !== 'cancelled') return null;
  const [pickups, [unit]] = await Promise.all([
    db
      .select()
      .from(deliveryTasks)
      .where(and(eq(deliveryTasks.orderId, order.id), eq(deliveryTasks.type, 'pickup'))),
    order.unitId
      ? db
          .select({ status: units.status, currentOrderId: units.currentOrderId })
          .from(units)
          .where(eq(units.id, order.unitId))
      : Promise.resolve([]),
  ]);
  return unitReturnOf(order, pickups, unit ?? null);
}

/**
 * The early-termination fee a request carries: once decided, the fee actually charged (if any); while pending,
 * what the rules say its date would cost.
 */
function cancellationFee(
  terms: ReturnType<typeof cancellationTerms>,
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
 * An active rental's next bill before the provider has told us of it: the start date's next monthly anniversary, or
 * on the weekly plan the end of the paid week (every 7 days from the start date).
 */
function nextBillWithoutLedger(order: { type: string; status: string; startDate: string }, today: string) {
  if (order.status !== 'active') return null;
  return order.type === 'weekly'
    ? paidWeekEndDate(order.startDate, today)
    : nextMonthlyBillDate(order.startDate, today);
}
