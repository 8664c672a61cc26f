import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { orders, units } from '../db/schema';
import { holdIsLive } from './predicates';

/**
 * How many units checkouts not yet paid may hold at once: per client address, per customer (e-mail) and per
 * delivery address. A real customer needs one; two leaves room for a second unit or a changed mind. Past these,
 * a new checkout is refused until one of them is paid, cancelled or runs out (docs/decisions/016-...).
 */
export const HOLD_LIMITS = { perClient: 2, perCustomer: 2, perAddress: 2 };

/** Street, city and ZIP compared without case or repeated spaces: '12 Main St' and '12  main st' are one address. */
const normalized = (value: SQL | string) => sql`lower(regexp_replace(trim(${value}), '\\s+', ' ', 'g'))`;

export interface HoldClaimant {
  client: string;
  customerId: string;
  address: string;
  city: string;
  zipCode: string;
}

/**
 * Which share of live holds a new hold would exceed: the client address's, the customer's or the delivery
 * address's; null when it may be taken. Runs inside the checkout's transaction, after the per-e-mail lock, so one
 * customer's checkouts are counted one at a time; per client and per address a few racing checkouts may overshoot.
 */
export async function holdLimitReached(
  tx: Tx,
  claimant: HoldClaimant,
  now: Date,
): Promise<'client' | 'customer' | 'address' | null> {
  // The three counts in one statement (one round trip inside the checkout's transaction), each read through its
  // own index (units_held_for_client_idx, orders_customer_id_idx, orders_delivery_place_idx) so that it costs the
  // claimant's few holds, not every live hold of the fleet.
  const live = holdIsLive(now);
  const heldFor = (where: SQL | undefined) =>
    sql`(select count(*)::int from ${orders} inner join ${units} on ${units.heldByOrderId} = ${orders.id} where ${and(where, live)})`;
  const byAddress = and(
    eq(orders.zipCode, claimant.zipCode),
    sql`${normalized(sql`${orders.address}`)} = ${normalized(claimant.address)}`,
    sql`${normalized(sql`${orders.city}`)} = ${normalized(claimant.city)}`,
  );
  const result = await tx.execute(
    sql`select (select count(*)::int from ${units} where ${and(eq(units.heldForClient, claimant.client.slice(0, 64)), live)}) as by_client,
      ${heldFor(eq(orders.customerId, claimant.customerId))} as by_customer, ${heldFor(byAddress)} as by_address`,
  );
  const [row] = (result as unknown as { rows: { by_client: number; by_customer: number; by_address: number }[] }).rows;
  if ((row?.by_client ?? 0) >= HOLD_LIMITS.perClient) return 'client';
  if ((row?.by_customer ?? 0) >= HOLD_LIMITS.perCustomer) return 'customer';
  return (row?.by_address ?? 0) >= HOLD_LIMITS.perAddress ? 'address' : null;
}
