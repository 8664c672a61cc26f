import { sql } from 'drizzle-orm';
import type { Db } from '@/server/platform/db/client';
import { SERVICE_AREA_KEY } from '@/server/rentals/service-area/settings';
import {
  holdArguments,
  holdOutcomeOf,
  type CheckoutOrderValues,
  type HoldOutcome,
  type HoldRequest,
} from '@/server/rentals/units/holds';
import { isWindowFullRaise, windowFull, type BookedWindow } from '@/server/rentals/delivery-windows/take';
import type { CheckoutLocks } from './locks';

/** What a new customer's checkout statement did. */
export type FirstCheckout =
  /** The service area changed since it was priced: nothing written; price it again. */
  | { kind: 'stale_settings' }
  /** The per-address rate limit's window is full (this hit counted). */
  | { kind: 'rate_limited' }
  /** An existing customer's e-mail, or a checkout key in use: nothing but the rate-limit hit written. */
  | { kind: 'returning' }
  /** A hold taken for the new customer, or refused (and the customer not kept). */
  | { kind: 'hold'; outcome: HoldOutcome; customerId: string | null };

export interface FirstCheckoutRequest {
  customer: { email: string; name: string; phone: string | null; locale: string | null };
  /** The service area's stored row the delivery was priced on (Delivery.pricedOn). */
  pricedOn: unknown;
  rateLimit: { key: string; windowStart: Date; limit: number };
  locks: CheckoutLocks;
  hold: HoldRequest;
  order: CheckoutOrderValues;
  /** The delivery window booked with the hold (checkout_start_in_window_by_keys, migration 0025). */
  window: BookedWindow;
}

/**
 * A new customer's create-session transaction as one statement, one round trip (the SQL function
 * checkout_start_by_keys inside checkout_start_in_window_by_keys, migration 0025, as 0016 and 0023 had them): the service area still as priced, the
 * rate-limit hit, the checkout's advisory locks, the customer, the hold limits and the hold (units/holds.ts's
 * checkout_hold_unit_by_keys), then the delivery window under its lock (a full one undoes the whole statement), committed without waiting for its
 * WAL flush like the several-statement transaction it stands for (ADR 008 addendum). Anything but a new customer's
 * first try (an e-mail known already, a checkout key in use) comes back as 'returning', for that transaction.
 */
export async function startFirstCheckout(db: Db, request: FirstCheckoutRequest): Promise<FirstCheckout> {
  const { customer, rateLimit, locks, window } = request;
  const pricedOn = request.pricedOn === null ? null : JSON.stringify(request.pricedOn);
  const result = await db
    .execute(
      sql`select outcome, customer_id, order_id, model_id, btu_tier from checkout_start_in_window_by_keys(
      ${window.date}::date, ${window.start}, ${window.end}, ${window.visits},
      ${SERVICE_AREA_KEY}, ${pricedOn}::jsonb,
      ${rateLimit.key}, ${rateLimit.windowStart.toISOString()}::timestamptz, ${rateLimit.limit},
      ${locks.email}, ${locks.client}, ${locks.place},
      ${customer.email}, ${customer.name}, ${customer.phone}, ${customer.locale},
      ${holdArguments(request.hold, request.order)})`,
    )
    .catch((error: unknown) => {
      throw isWindowFullRaise(error) ? windowFull(window) : error;
    });
  type Row = { outcome: string; customer_id: string | null; order_id: string; model_id: string; btu_tier: string };
  const [row] = (result as unknown as { rows: Row[] }).rows;
  const { outcome, customer_id: customerId } = row!;
  if (outcome === 'stale_settings' || outcome === 'rate_limited' || outcome === 'returning') return { kind: outcome };
  return {
    kind: 'hold',
    outcome: holdOutcomeOf({ ...row!, refused: outcome === 'held' ? null : outcome }),
    customerId,
  };
}
