/**
 * How many units checkouts not yet paid may hold at once: per client address, per customer (e-mail) and per
 * delivery address. A real customer needs one; two leaves room for a second unit or a changed mind. Past these,
 * a new checkout is refused until one of them is paid, cancelled or runs out (docs/decisions/016-...).
 *
 * A customer and an address are counted by their keys (limit-keys.ts, ADR 037): 'ana+1@gmail.com' and
 * 'a.na@googlemail.com' are one customer, '9 Spell Street' and 'Nine Spell St.' one address (with its ZIP). Many
 * client addresses with many spellings still cannot hold the fleet: unpaid checkouts together may hold at most
 * `unpaidShare` of the offerable units of the model asked for (of the fleet, when none is named) that are not held
 * for anything else, and at least one, so that no model can be cornered; a phone order (ADR 034) or a waitlist offer (ADR 036) is the owner's
 * promise and neither counts nor is bounded.
 *
 * They are counted where the hold is taken, in the same round trip (holds.ts, holdUnitWithinLimits: the SQL
 * function checkout_hold_unit_by_keys of migration 0025), inside the checkout's transaction after its advisory locks
 * (taken on the same keys), so one client's, customer's and address's checkouts are counted one at a time. Each
 * limit's count goes through its own index (units_held_for_client_idx, customers_email_key_idx then
 * orders_customer_id_idx, orders_place_key_idx): it costs the claimant's few holds, not every live hold of the
 * fleet; the share reads the model's available units once, under a lock per model so that it too is exact.
 */
export const HOLD_LIMITS = { perClient: 2, perCustomer: 2, perAddress: 2, unpaidShare: 0.5 };

/** Whose share of live holds a new hold would exceed: the client address's, the customer's or the delivery address's. */
export type HoldLimit = 'client' | 'customer' | 'address';
