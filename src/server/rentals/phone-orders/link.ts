import { deliveryWindowOf } from '@/contracts/delivery-windows';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { PlanType } from '@/contracts/admin/orders';
import type { OrderLinkState, OrderLinkView } from '@/contracts/phone-orders';
import { firstRenewalOn, installationFeeCents } from '@/contracts/plan-terms';
import { localeOrDefault } from '@/i18n/locale';
import type { Db, Tx } from '@/server/platform/db/client';
import { agreements, customers, orders, unitModels, units } from '@/server/platform/db/schema';
import { Conflict, NotFound } from '@/server/platform/errors';
import { holdIsLive } from '@/server/rentals/units/predicates';
import { versionOfKey } from './link-key';
import { modelNameForCustomer } from '@/server/platform/db/model-name';

/** What the owner reads on a phone order the sweep cancelled (./sweep.ts), and what makes its link say 'expired'. */
export const PHONE_HOLD_ENDED_REASON = 'The hold ended before the order was signed and paid';

type OrderRow = typeof orders.$inferSelect;

export const linkNotValid = () => new NotFound('This link is not valid');

/** Why a link that is not open cannot be used, as the sign and pay steps refuse it. */
const refusalOf: Record<Exclude<OrderLinkState, 'open'>, string> = {
  used: 'This order is already paid. Please check your e-mail for the confirmation.',
  expired: 'This link has expired: the unit held for you was released. Please call us to set it up again.',
  released: 'This order was cancelled and its unit released. Please call us to set it up again.',
  replaced: 'We sent you a newer link for this order. Please use the latest e-mail.',
};

/** The end of the order's live hold, if it still has one. */
export async function liveHoldEnd(db: Db | Tx, orderId: string, now: Date): Promise<Date | null> {
  const [held] = await db
    .select({ until: units.heldUntil })
    .from(units)
    .where(and(eq(units.heldByOrderId, orderId), holdIsLive(now)))
    .limit(1);
  return held?.until ?? null;
}

/** Where a link stands: a key of an older version is 'replaced'; the order's own state decides the rest. */
function stateOf(order: OrderRow, keyVersion: number, heldUntil: Date | null): OrderLinkState {
  if (order.status === 'active' || order.status === 'completed') return 'used';
  if (order.status === 'cancelled') return order.cancelReason === PHONE_HOLD_ENDED_REASON ? 'expired' : 'released';
  if (keyVersion < order.linkVersion) return 'replaced';
  return heldUntil ? 'open' : 'expired';
}

/** The phone order a link names, if its key is one of ours for it (any version); 404 otherwise, as for no order. */
export async function orderOfLink(db: Db | Tx, secret: string, orderId: string, key: string, lock = false) {
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.source, 'phone')));
  const [order] = lock ? await query.for('update') : await query;
  const version = order ? versionOfKey(secret, order.id, order.linkVersion, key) : null;
  if (!order || version === null) throw linkNotValid();
  return { order, version };
}

/**
 * The link's state for the sign and pay steps, under the order's row lock: open, or refused with why (409).
 * Answers the order and the hold's end.
 */
export async function openLinkOrThrow(tx: Tx, secret: string, orderId: string, key: string, now: Date) {
  const { order, version } = await orderOfLink(tx, secret, orderId, key, true);
  const heldUntil = order.status === 'pending' ? await liveHoldEnd(tx, order.id, now) : null;
  const state = stateOf(order, version, heldUntil);
  if (state !== 'open') throw new Conflict(refusalOf[state]);
  return { order, heldUntil: heldUntil! };
}

/**
 * GET /api/order-links/:orderId: what the customer's page shows. The first look at an open link is noted
 * (link_opened_at: the owner sees "opened").
 */
export async function readOrderLink(
  db: Db,
  secret: string,
  link: { orderId: string; key: string },
  now: Date,
): Promise<OrderLinkView> {
  const { order, version } = await orderOfLink(db, secret, link.orderId, link.key);
  const heldUntil = order.status === 'pending' ? await liveHoldEnd(db, order.id, now) : null;
  const state = stateOf(order, version, heldUntil);
  const [{ locale } = { locale: 'en' }] = await db
    .select({ locale: customers.locale })
    .from(customers)
    .where(eq(customers.id, order.customerId));
  const closed = { state, orderNumber: order.orderNumber, locale: localeOrDefault(locale) };
  if (state !== 'open') return { ...closed, order: null };
  await db
    .update(orders)
    .set({ linkOpenedAt: now })
    .where(and(eq(orders.id, order.id), isNull(orders.linkOpenedAt)));

  const [[details], [agreement]] = await Promise.all([
    db
      .select({ modelName: modelNameForCustomer(), customerName: customers.name, customerEmail: customers.email })
      .from(orders)
      .innerJoin(unitModels, eq(unitModels.id, orders.modelId))
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(eq(orders.id, order.id)),
    db
      .select({ pdfUrl: agreements.pdfUrl })
      .from(agreements)
      .where(eq(agreements.orderId, order.id))
      .orderBy(desc(agreements.createdAt))
      .limit(1),
  ]);
  const planType: PlanType = order.type === 'weekly' ? 'weekly' : 'monthly';
  const installationFee = installationFeeCents(planType);
  return {
    ...closed,
    order: {
      planType,
      unitModel: details!.modelName,
      btuTier: order.btuTier,
      startDate: order.startDate,
      priceCents: order.priceCents,
      monthsMin: order.monthsMin,
      deliveryChargeCents: order.deliveryChargeCents,
      installationFeeCents: installationFee,
      dueNowCents: order.priceCents + order.deliveryChargeCents + installationFee,
      nextBillDate: firstRenewalOn(planType, order.startDate),
      deliveryWindow: deliveryWindowOf(order),
      address: order.address,
      city: order.city,
      zipCode: order.zipCode,
      buildingNotes: order.buildingNotes,
      customerName: details!.customerName,
      customerEmail: details!.customerEmail,
      heldUntil: heldUntil!.toISOString(),
      signed: agreement !== undefined,
      agreementPdfUrl: agreement?.pdfUrl ?? null,
    },
  };
}

/** The agreement was signed through the link: the owner sees "signed". */
export async function noteLinkSigned(db: Db, orderId: string, now: Date): Promise<void> {
  await db
    .update(orders)
    .set({ linkSignedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.source, 'phone'), isNull(orders.linkSignedAt)));
}
