import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import { business } from '@/contracts/business';
import type { Tx } from '@/server/platform/db/client';
import { isRaise } from '@/server/platform/db/errors';
import { orders, units } from '@/server/platform/db/schema';
import { HOLD_LIMITS, type HoldLimit } from './hold-limits';
import { placeLimitKey } from './limit-keys';
import { WAITLIST_HOLDER_PREFIX } from './offer-holds';
import { holdIsLive } from './predicates';

/** What a unit's hold columns become when the hold ends (released, or the unit rented). */
export const noHold = { heldByOrderId: null, heldUntil: null, heldForClient: null };

/** A checkout's new order as create-session writes it; the unit held decides its model and BTU tier. */
export interface CheckoutOrderValues {
  orderNumber: string;
  startDate: string;
  monthsMin: number;
  priceCents: number;
  address: string;
  city: string;
  zipCode: string;
  buildingNotes: string | null;
  checkoutKey: string | null;
  deliveryChargeCents: number;
  deliveryMiles: string;
}

/** What a checkout's hold is for: the client, customer and delivery address it counts against, the model and the time. */
export interface HoldRequest {
  client: string;
  zipCode: string;
  address: string;
  city: string;
  /** The model named, or null for any active model. */
  modelId: string | null;
  now: Date;
  until: Date;
  /**
   * The share of the offerable stock that unpaid checkouts may hold (HOLD_LIMITS.unpaidShare), or null for a hold
   * that is the owner's promise (a phone order, ADR 034), which the share does not bound.
   */
  unpaidShare: number | null;
}

/**
 * A hold taken (its new order), or why none was: a share of live holds reached (ADR 016, 037), unpaid checkouts
 * holding their share of the stock ('busy', ADR 037), or nothing free.
 */
export type HoldOutcome =
  | { held: { orderId: string; modelId: string; btuTier: string } }
  | { refused: HoldLimit | 'busy' | 'not_offered' | 'out_of_stock' };

/**
 * The arguments of the checkout_hold_unit_by_keys SQL function after the customer (migration 0025), in its order;
 * the checkout_start_by_keys function takes the same after the new customer's details. The rules' numbers stay
 * here: the limits (hold-limits.ts), the BTU minimum of an offerable unit (predicates.ts) and the address's key
 * (limit-keys.ts), which the function stores on the order.
 */
export function holdArguments(hold: HoldRequest, order: CheckoutOrderValues): SQL {
  return sql`${hold.client}, ${hold.zipCode}, ${hold.address}, ${hold.city}, ${hold.modelId}::uuid,
    ${hold.now.toISOString()}::timestamptz, ${hold.until.toISOString()}::timestamptz, ${business.minimumBtu},
    ${HOLD_LIMITS.perClient}, ${HOLD_LIMITS.perCustomer}, ${HOLD_LIMITS.perAddress},
    ${order.orderNumber}, ${order.startDate}::date, ${order.monthsMin}, ${order.priceCents}, ${order.buildingNotes},
    ${order.checkoutKey}, ${order.deliveryChargeCents}, ${order.deliveryMiles}::numeric,
    ${placeLimitKey(hold)}, ${hold.unpaidShare}::numeric`;
}

/** checkout_hold_unit_by_keys's (and checkout_start_by_keys's) answer as the app names it. */
export function holdOutcomeOf(row: {
  refused: string | null;
  order_id: string | null;
  model_id: string | null;
  btu_tier: string | null;
}): HoldOutcome {
  if (row.refused) return { refused: row.refused as Extract<HoldOutcome, { refused: string }>['refused'] };
  return { held: { orderId: row.order_id!, modelId: row.model_id!, btuTier: row.btu_tier! } };
}

/**
 * Holds one unit for a new checkout order, inside the caller's transaction (after the checkout's advisory locks),
 * in one round trip: the SQL function checkout_hold_unit_by_keys (migration 0025) first counts the live holds of
 * the client address, the customer's e-mail key and the delivery address's key, each through its index
 * (hold-limits.ts: refused when one has its share), and, unless `hold.unpaidShare` is null, the unpaid checkouts'
 * holds against the offerable stock ('busy' past their share); then picks one offerable unit of a model offered for rent (the named one, or any active one) in
 * the order of the units_offerable_pick_idx index, a never-held (or released) unit first, then the longest-expired
 * hold, skipping rows other checkouts have locked (`skip locked`) instead of queueing for them; creates the monthly
 * order on the app clock and holds the unit for it until `until`, noting the client address. Nothing free: refused
 * as 'not_offered' for a model out of the catalog, else 'out_of_stock', and nothing written.
 */
export async function holdUnitWithinLimits(
  tx: Tx,
  customerId: string,
  hold: HoldRequest,
  order: CheckoutOrderValues,
): Promise<HoldOutcome> {
  const result = await tx.execute(
    sql`select refused, order_id, model_id, btu_tier from checkout_hold_unit_by_keys(${customerId}::uuid, ${holdArguments(hold, order)})`,
  );
  const [row] = (result as unknown as { rows: Parameters<typeof holdOutcomeOf>[0][] }).rows;
  return holdOutcomeOf(row!);
}

/**
 * The unpaid share's budget ran out, or stock left, between a checkout's look at it and its turn
 * (unpaid_share_turn, migration 0034): the statement was undone, and the checkout starts again to count exactly.
 */
export const isShareRecountRaise = (error: unknown) => isRaise(error, 'unpaid_share_recount');

/**
 * Holds a unit for an order's checkout until the given instant, noting the client address the checkout came from
 * (live holds are bounded per client: hold-limits.ts).
 */
export async function holdUnit(
  tx: Tx,
  hold: { unitId: string; orderId: string; until: Date; client: string },
): Promise<void> {
  await tx
    .update(units)
    .set({ heldByOrderId: hold.orderId, heldUntil: hold.until, heldForClient: hold.client.slice(0, 64) })
    .where(eq(units.id, hold.unitId));
}

export async function orderHasLiveHold(tx: Tx, orderId: string, now: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: units.id })
    .from(units)
    .where(and(eq(units.heldByOrderId, orderId), holdIsLive(now)))
    .limit(1);
  return !!row;
}

/**
 * The order's checkout is over without a rental: whatever it holds is offered again at once, except a unit held
 * for a waitlist offer (held_for_client 'waitlist:<entry>'), which goes back to the offer until its hold ends, so
 * the offer's link works again (ADR 036).
 */
export async function releaseHolds(tx: Tx, orderId: string): Promise<void> {
  const forOffer = sql`${units.heldForClient} like ${`${WAITLIST_HOLDER_PREFIX}%`}`;
  await tx
    .update(units)
    .set({
      heldByOrderId: null,
      heldUntil: sql`case when ${forOffer} then ${units.heldUntil} end`,
      heldForClient: sql`case when ${forOffer} then ${units.heldForClient} end`,
    })
    .where(eq(units.heldByOrderId, orderId));
}

/**
 * A checkout still waiting for payment was abandoned (its payment page left, or a card declined on it): its unit
 * is offered again at once. The order stays pending until its payment session ends; if it is paid after all,
 * fulfilment rents any free unit of the model (rentUnitForPaidOrder). Returns whether a pending order was found.
 */
export async function releasePendingHold(tx: Tx, orderId: string): Promise<boolean> {
  const [order] = await tx
    .select({ status: orders.status, source: orders.source })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  // A phone order's unit is the owner's promise for the hold's time, whatever this browser does next (ADR 034).
  if (order?.status !== 'pending' || order.source === 'phone') return false;
  await releaseHolds(tx, orderId);
  return true;
}

/**
 * Keeps an order's live hold until at least `until` (a phone order's payment page lasts a checkout's 30 minutes,
 * however little of its hold is left); a hold that ended is not revived, and a longer one is left as it is.
 */
export async function holdAtLeastUntil(tx: Tx, orderId: string, until: Date, now: Date): Promise<void> {
  await tx
    .update(units)
    .set({ heldUntil: until })
    .where(and(eq(units.heldByOrderId, orderId), holdIsLive(now), lt(units.heldUntil, until)));
}
