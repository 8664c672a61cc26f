import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { orders, unitModels, units } from '../db/schema';
import { holdIsLive, unitIsOfferable } from './predicates';

/** What a unit's hold columns become when the hold ends (released, or the unit rented). */
export const noHold = { heldByOrderId: null, heldUntil: null, heldForClient: null };

/** A checkout's new order as create-session writes it; the unit held decides its model and BTU tier. */
export interface CheckoutOrderValues {
  orderNumber: string;
  customerId: string;
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

/**
 * Picks one offerable unit of a model offered for rent (the named one, or any active one), creates the monthly
 * order for it and holds the unit for that order until `until`, noting the client address (live holds are bounded
 * per client: hold-limits.ts): one statement, so the unit's row lock is taken and used in one round trip.
 * Concurrent checkouts skip each other's locked rows (`skip locked`) instead of queueing for the same unit. The
 * pick takes a never-held (or released) unit first, then the longest-expired hold, in the order of the
 * units_offerable_pick_idx index: its first entry is the answer, however many units are held. Returns null, and
 * writes nothing, when no unit is free.
 */
export async function holdOfferableUnit(
  tx: Tx,
  { modelId, now, until, client }: { modelId: string | null; now: Date; until: Date; client: string },
  order: CheckoutOrderValues,
): Promise<{ orderId: string; modelId: string; btuTier: string } | null> {
  const picked = sql`select ${units.id} as unit_id, ${units.modelId} as model_id, ${unitModels.btuTier} as btu_tier
    from ${units} inner join ${unitModels} on ${unitModels.id} = ${units.modelId}
    where ${and(unitIsOfferable(now), eq(unitModels.active, true), modelId ? eq(units.modelId, modelId) : undefined)}
    order by ${units.heldUntil} asc nulls first, ${units.serial} asc limit 1
    for update of ${units} skip locked`;
  // The order is created on the app clock, like the hold: the orphan sweep and /success compare it with `now`.
  const result = await tx.execute(sql`with picked as (${picked}),
    placed as (
      insert into ${orders} (order_number, customer_id, model_id, type, btu_tier, start_date, months_min, price_cents,
        address, city, zip_code, building_notes, checkout_key, delivery_charge_cents, delivery_miles, created_at)
      select ${order.orderNumber}, ${order.customerId}, picked.model_id, 'monthly', picked.btu_tier, ${order.startDate},
        ${order.monthsMin}, ${order.priceCents}, ${order.address}, ${order.city}, ${order.zipCode},
        ${order.buildingNotes}, ${order.checkoutKey}, ${order.deliveryChargeCents}, ${order.deliveryMiles},
        ${now.toISOString()}::timestamptz
      from picked
      returning id, model_id, btu_tier
    )
    update ${units} set held_by_order_id = placed.id, held_until = ${until.toISOString()}::timestamptz,
      held_for_client = ${client.slice(0, 64)}, updated_at = now()
    from placed, picked where ${units.id} = picked.unit_id
    returning placed.id as order_id, placed.model_id, placed.btu_tier`);
  const [row] = (result as unknown as { rows: { order_id: string; model_id: string; btu_tier: string }[] }).rows;
  return row ? { orderId: row.order_id, modelId: row.model_id, btuTier: row.btu_tier } : null;
}

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

/** The order's checkout is over without a rental: whatever it holds is offered again at once. */
export async function releaseHolds(tx: Tx, orderId: string): Promise<void> {
  await tx.update(units).set(noHold).where(eq(units.heldByOrderId, orderId));
}

/**
 * A checkout still waiting for payment was abandoned (its payment page left, or a card declined on it): its unit
 * is offered again at once. The order stays pending until its payment session ends; if it is paid after all,
 * fulfilment rents any free unit of the model (rentUnitForPaidOrder). Returns whether a pending order was found.
 */
export async function releasePendingHold(tx: Tx, orderId: string): Promise<boolean> {
  const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for('update');
  if (order?.status !== 'pending') return false;
  await releaseHolds(tx, orderId);
  return true;
}
