import type { DeliveryWindowChoice } from '@/contracts/delivery-windows';
import { and, eq } from 'drizzle-orm';
import { business } from '@/contracts/business';
import { startDateProblem } from '@/contracts/checkout';
import { todayInLosAngeles } from '@/contracts/dates';
import type { Locale } from '@/contracts/locale';
import type { PhoneOrderCreated } from '@/contracts/phone-orders';
import { recordAudit, adminAudit } from '@/server/platform/audit-log';
import type { Db } from '@/server/platform/db/client';
import { orders, unitModels } from '@/server/platform/db/schema';
import { Invalid } from '@/server/platform/errors';
import { newOrderNumber } from '@/server/platform/lib/order-number';
import { findOrCreateCustomer } from '@/server/rentals/checkout/checkout-customer';
import { deliveryFor, type ServiceAreaCopy } from '@/server/rentals/checkout/delivery';
import { checkoutLocks, takeCheckoutLocks } from '@/server/rentals/checkout/locks';
import { heldOrThrow } from '@/server/rentals/checkout/refusals';
import { chooseDeliveryWindow, takeDeliveryWindow } from '@/server/rentals/delivery-windows/take';
import { holdUnitWithinLimits, type CheckoutOrderValues } from '@/server/rentals/units/holds';
import { orderLinkUrl } from './link-key';
import { queueOrderLinkEmail } from './link-email';

/** What taking an order by phone needs: the database, the owner's site and the secret the link keys are made with. */
export interface PhoneOrderDeps {
  db: Db;
  publicUrl: string;
  linkSecret: string;
  serviceArea: ServiceAreaCopy;
}

/** POST /api/admin/orders as the route parsed it (contracts/phone-orders.ts phoneOrderInput). */
export interface PhoneOrderRequest {
  customer: { name: string; email: string; phone: string };
  planType: 'monthly' | 'weekly';
  unitModelId: string;
  startDate: string;
  address: string;
  city: string;
  zipCode: string;
  buildingNotes?: string;
  deliveryWindow?: DeliveryWindowChoice;
  holdHours: number;
  /** The language the customer's e-mails are in, when the owner chose one (else a new customer's is English). */
  locale?: Locale;
}

/**
 * The owner takes an order by phone (issue 29, ADR 034): the checkout's rules and messages, in its order — the
 * start date's window and the service area before anything is written, then, in one transaction under the
 * checkout's locks, the customer found by e-mail or created, and a unit held within the per-customer and
 * per-address limits for `holdHours` (the per-client limit is the public checkout's; the owner's desk is no client
 * to bound). The order is pending, monthly or weekly, marked as a phone order; the customer's e-mail with the link
 * to sign and pay is queued in the same transaction, so the order exists if and only if its e-mail will go.
 */
export async function takePhoneOrder(
  deps: PhoneOrderDeps,
  request: PhoneOrderRequest,
  staff: { adminUserId: string },
  now: Date,
): Promise<PhoneOrderCreated> {
  const startProblem = startDateProblem(request.startDate, todayInLosAngeles(now));
  if (startProblem) throw new Invalid(startProblem, { startDate: startProblem });
  const delivery = await deliveryFor(deps.serviceArea, request.zipCode, true);
  const model = await offeredModel(deps.db, request.unitModelId);
  const window = await chooseDeliveryWindow(deps.db, request.startDate, request.deliveryWindow, now);

  const orderNumber = newOrderNumber();
  const weekly = request.planType === 'weekly';
  const values: CheckoutOrderValues = {
    orderNumber,
    startDate: request.startDate,
    monthsMin: weekly ? 0 : business.minimumMonths,
    priceCents: weekly ? (model?.weeklyPrice ?? 0) : business.monthlyPriceCents,
    address: request.address,
    city: request.city,
    zipCode: request.zipCode,
    buildingNotes: request.buildingNotes ?? null,
    checkoutKey: null,
    deliveryChargeCents: delivery.chargeCents,
    deliveryMiles: delivery.miles.toFixed(1),
  };
  const client = `phone:${orderNumber}`;
  const heldUntil = new Date(now.getTime() + request.holdHours * 3_600_000);

  return deps.db.transaction(async (tx) => {
    const { email, name, phone } = request.customer;
    await takeCheckoutLocks(tx, checkoutLocks({ email, zipCode: request.zipCode, address: request.address }, client));
    // The language the owner heard on the phone decides the e-mails', as a checkout's page language does.
    const { customer, created } = await findOrCreateCustomer(tx, { email, name, phone }, request.locale);
    // The owner's promise: not bounded by the share of the stock unpaid checkouts may hold (ADR 037).
    const hold = {
      client,
      zipCode: request.zipCode,
      address: request.address,
      city: request.city,
      now,
      unpaidShare: null,
    };
    const held = heldOrThrow(
      await holdUnitWithinLimits(tx, customer.id, { ...hold, modelId: request.unitModelId, until: heldUntil }, values),
    );
    // The window after the hold, as a checkout takes it: a full one rolls the hold back.
    await takeDeliveryWindow(tx, held.orderId, window, now);
    const [order] = await tx
      .update(orders)
      .set({ type: request.planType, source: 'phone', linkVersion: 0, linkSentAt: now })
      .where(eq(orders.id, held.orderId))
      .returning();
    const linkUrl = orderLinkUrl(deps.publicUrl, deps.linkSecret, order!);
    await queueOrderLinkEmail(tx, { order: order!, customer, modelName: model!.name, heldUntil, linkUrl });
    await recordAudit(
      tx,
      adminAudit(staff.adminUserId, 'order.phone_order_taken', 'order', order!.id, {
        orderNumber,
        planType: request.planType,
        holdHours: request.holdHours,
        newCustomer: created,
      }),
    );
    return { orderId: order!.id, orderNumber, linkUrl };
  });
}

/** The model named, if the owner offers it; the hold refuses any other with the checkout's own message. */
async function offeredModel(db: Db, modelId: string) {
  const [model] = await db
    .select({ name: unitModels.name, weeklyPrice: unitModels.weeklyPrice })
    .from(unitModels)
    .where(and(eq(unitModels.id, modelId), eq(unitModels.active, true)));
  return model;
}
