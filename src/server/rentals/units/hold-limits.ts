/**
 * How many units checkouts not yet paid may hold at once: per client address, per customer (e-mail) and per
 * delivery address. A real customer needs one; two leaves room for a second unit or a changed mind. Past these,
 * a new checkout is refused until one of them is paid, cancelled or runs out (docs/decisions/016-...).
 *
 * They are counted where the hold is taken, in the same round trip (holds.ts, holdUnitWithinLimits: the SQL
 * function checkout_hold_unit of migration 0016), inside the checkout's transaction after its advisory locks, so
 * one client's, customer's and address's checkouts are counted one at a time. Each count goes through its own
 * index (units_held_for_client_idx, orders_customer_id_idx, orders_delivery_place_idx): it costs the claimant's few
 * holds, not every live hold of the fleet. Addresses are compared as street, city and ZIP without case or repeated
 * spaces ('12 Main St' and '12  main st' are one address), as the index normalises them.
 */
export const HOLD_LIMITS = { perClient: 2, perCustomer: 2, perAddress: 2 };

/** Whose share of live holds a new hold would exceed: the client address's, the customer's or the delivery address's. */
export type HoldLimit = 'client' | 'customer' | 'address';
