/** How long a checkout keeps its unit while the customer pays; the payment session expires with it. */
export const CHECKOUT_HOLD_MINUTES = 30;
/**
 * Checkouts started per IP: enough for real retries. What keeps one client from holding the fleet is the bound
 * on its live holds (units/hold-limits.ts); this only caps how fast it can ask. Counted once per checkout that
 * reaches the database (a date or ZIP refused before it costs nothing to refuse).
 */
export const CHECKOUT_RATE_LIMIT = { limit: 30, windowMs: 15 * 60_000 };
