/**
 * How long a checkout keeps its unit while the customer pays, from the moment it started; the payment session
 * expires with it (Stripe's own minimum is 30 minutes). The unit is held this long only once the payment page is
 * opened (payment-page.ts); until then, for CHECKOUT_FIRST_HOLD_MINUTES (ADR 037).
 */
export const CHECKOUT_HOLD_MINUTES = 30;
/** How long a checkout holds its unit before its payment page is opened: a browser goes there within seconds. */
export const CHECKOUT_FIRST_HOLD_MINUTES = 5;
/**
 * When stock is low, an opened payment page holds its unit this long (from the checkout's start) instead: low is
 * fewer free units than `share` of the fleet (units not retired), counted when the page is opened.
 */
export const LOW_STOCK_HOLD = { minutes: 10, share: 0.2 };
/**
 * Checkouts started per IP: enough for real retries. What keeps one client from holding the fleet is the bound
 * on its live holds (units/hold-limits.ts); this only caps how fast it can ask. Counted once per checkout that
 * reaches the database (a date or ZIP refused before it costs nothing to refuse).
 */
export const CHECKOUT_RATE_LIMIT = { limit: 30, windowMs: 15 * 60_000 };
