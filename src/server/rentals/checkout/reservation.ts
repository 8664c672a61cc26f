import { and, desc, eq, sql } from 'drizzle-orm';
import { business } from '@/contracts/business';
import type { PlanType } from '@/contracts/admin/orders';
import type { CreateSessionInput } from '@/contracts/checkout';
import type { Tx } from '@/server/platform/db/client';
import type { Locale } from '@/contracts/locale';
import { orders, units } from '@/server/platform/db/schema';
import { Conflict } from '@/server/platform/errors';
import { newOrderNumber } from '@/server/platform/lib/order-number';
import {
  holdUnitWithinLimits,
  orderHasLiveHold,
  releasePendingHold,
  type CheckoutOrderValues,
  type HoldRequest,
} from '@/server/rentals/units/holds';
import { holdIsLive } from '@/server/rentals/units/predicates';
import { findOrCreateCustomer, type Customer } from './checkout-customer';
import type { Delivery } from './delivery';
import { takeCheckoutLocks, type CheckoutLocks } from './locks';
import { heldOrThrow } from './refusals';
import { holdOfferedUnit } from '@/server/rentals/waitlist/offer-checkout';
import { takeDeliveryWindow, type BookedWindow } from '@/server/rentals/delivery-windows/take';

/** Who is checking out: the client's address (request.ip) and the order this browser checked out before. */
export interface CheckoutClient {
  ip: string;
  previousOrderId: string | null;
  /** The language the customer checks out in: stored on the customer, so e-mails follow it (ADR 026). */
  locale?: Locale;
}

/** What the payment session needs of the customer. */
export type Payer = Pick<Customer, 'email' | 'stripeCustomerId'>;
/** What the payment session needs of the order just created. */
export interface NewOrder {
  id: string;
  orderNumber: string;
  modelId: string;
  btuTier: string;
  priceCents: number;
  deliveryChargeCents: number;
  /** YYYY-MM-DD: the first period runs from it; rent renews a month (or, weekly, 7 days) after it. */
  startDate: string;
  /** The public checkout's orders are monthly; a phone order may be weekly (ADR 034). */
  planType: PlanType;
}
export type Reservation =
  | { kind: 'existing'; orderId: string; checkoutUrl: string | null }
  | { kind: 'new'; order: NewOrder; customer: Payer; heldUntil: Date };

/** The new order as create-session writes it (its model and BTU tier come from the unit held). */
export function orderValues(input: CreateSessionInput, delivery: Delivery): CheckoutOrderValues {
  return {
    orderNumber: newOrderNumber(),
    startDate: input.startDate,
    monthsMin: business.minimumMonths,
    priceCents: business.monthlyPriceCents,
    address: input.address,
    city: input.city,
    zipCode: input.zipCode,
    buildingNotes: input.buildingNotes ?? null,
    checkoutKey: input.checkoutKey ?? null,
    deliveryChargeCents: delivery.chargeCents,
    deliveryMiles: delivery.miles.toFixed(1),
  };
}

/**
 * The checkout in several statements, for anyone but a new customer (whose checkout is the one statement of
 * first-checkout.ts): a double submit finds the checkout already under way, else a new order holds a unit.
 */
export async function reserveCheckout(
  tx: Tx,
  input: CreateSessionInput,
  reserve: {
    modelId: string | null;
    delivery: Delivery;
    hold: HoldRequest;
    locks: CheckoutLocks;
    window: BookedWindow;
    /** The waitlist entry whose offer this checkout uses (its held unit, not a pick), or null. */
    offerEntryId?: string | null;
  },
  now: Date,
  client: CheckoutClient,
): Promise<Reservation> {
  const { modelId, delivery, hold } = reserve;
  await takeCheckoutLocks(tx, reserve.locks);
  const { customer, created } = await findOrCreateCustomer(tx, input, client.locale);

  if (input.checkoutKey) {
    const keyed = await checkoutUnderKey(tx, input.checkoutKey, customer.id, now);
    if (keyed) return keyed;
  }

  // A customer created just now has no order yet: only a returning one can have a checkout under way.
  const same = created ? undefined : await sameCheckoutUnderWay(tx, input, customer.id, modelId, now);
  if (same) return { kind: 'existing', orderId: same.id, checkoutUrl: same.checkoutUrl };

  // This browser left the payment page of its previous checkout to start another: that hold ends now.
  if (client.previousOrderId) await releasePendingHold(tx, client.previousOrderId);
  // The hold limits and the hold in one round trip; a refusal throws, and the customer created above goes with it.
  const values = orderValues(input, delivery);
  const held = reserve.offerEntryId
    ? await holdOfferedUnit(
        tx,
        { entryId: reserve.offerEntryId, customerId: customer.id, email: input.email },
        hold,
        values,
      )
    : heldOrThrow(await holdUnitWithinLimits(tx, customer.id, hold, values));
  // The window after the hold, as checkout_start_in_window takes it: a full one rolls the hold back.
  await takeDeliveryWindow(tx, held.orderId, reserve.window, now);
  const order = {
    ...values,
    id: held.orderId,
    modelId: held.modelId,
    btuTier: held.btuTier,
    planType: 'monthly' as const,
  };
  return { kind: 'new', order, customer, heldUntil: hold.until };
}

/**
 * The checkout this idempotency key started, while its hold lasts; null when there is none to go back to. A key
 * whose hold ran out is freed, so it starts a new checkout.
 */
async function checkoutUnderKey(
  tx: Tx,
  checkoutKey: string,
  customerId: string,
  now: Date,
): Promise<Reservation | null> {
  const [keyed] = await tx.select().from(orders).where(eq(orders.checkoutKey, checkoutKey));
  if (!keyed) return null;
  if (keyed.customerId !== customerId) {
    throw new Conflict('This checkout was started with different details. Please submit the form again.');
  }
  if (keyed.status === 'active' || keyed.status === 'completed') {
    throw new Conflict('This checkout is already paid. Please check your e-mail for the confirmation.');
  }
  if (keyed.status === 'pending' && (await orderHasLiveHold(tx, keyed.id, now))) {
    return { kind: 'existing', orderId: keyed.id, checkoutUrl: keyed.checkoutUrl };
  }
  // Its hold ran out: the key starts a new checkout.
  await tx.update(orders).set({ checkoutKey: null }).where(eq(orders.id, keyed.id));
  return null;
}

/** The customer's latest pending order with the same details and a live hold: a double submit without a key. */
async function sameCheckoutUnderWay(
  tx: Tx,
  input: CreateSessionInput,
  customerId: string,
  modelId: string | null,
  now: Date,
): Promise<{ id: string; checkoutUrl: string | null } | undefined> {
  const [same] = await tx
    .select({ id: orders.id, checkoutUrl: orders.checkoutUrl })
    .from(orders)
    .innerJoin(units, eq(units.heldByOrderId, orders.id))
    .where(
      and(
        eq(orders.customerId, customerId),
        eq(orders.status, 'pending'),
        modelId ? eq(orders.modelId, modelId) : undefined,
        eq(orders.startDate, input.startDate),
        eq(orders.address, input.address),
        eq(orders.city, input.city),
        eq(orders.zipCode, input.zipCode),
        sql`${orders.buildingNotes} is not distinct from ${input.buildingNotes ?? null}`,
        holdIsLive(now),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return same;
}
