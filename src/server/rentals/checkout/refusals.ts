import { AppError, Conflict, NotFound, TooManyRequests } from '@/server/platform/errors';
import { HOLD_LIMITS } from '@/server/rentals/units/hold-limits';
import type { HoldOutcome } from '@/server/rentals/units/holds';
import { CHECKOUT_FIRST_HOLD_MINUTES, CHECKOUT_HOLD_MINUTES } from './checkout-limits';

export class PaymentProviderUnavailable extends AppError {
  constructor() {
    super('We could not reach our payment provider. Nothing was charged; please try again in a minute.', 503);
  }
}

export const tooManyHolds = () =>
  new TooManyRequests(
    `You already have ${HOLD_LIMITS.perCustomer} checkouts waiting for payment. Please complete or cancel one of them, or try again in ${CHECKOUT_HOLD_MINUTES} minutes.`,
    // A hold lasts at most this long: by then a place is free (Retry-After).
    CHECKOUT_HOLD_MINUTES * 60,
  );

/**
 * Unpaid checkouts hold their share of the stock (ADR 037): the rest is kept for customers who pay. Holds whose
 * payment page was never opened end within CHECKOUT_FIRST_HOLD_MINUTES, so that is when to try again.
 */
export const stockBusy = () =>
  new TooManyRequests(
    `Many checkouts are waiting for payment right now, so the remaining units are kept for a moment. Please try again in ${CHECKOUT_FIRST_HOLD_MINUTES} minutes.`,
    CHECKOUT_FIRST_HOLD_MINUTES * 60,
  );

/** Nothing of the model free: a Conflict of its own kind, so analytics can count it (refusal-log.ts). */
export class OutOfStock extends Conflict {
  constructor() {
    super('Sorry, that AC unit is out of stock right now. Please choose another model or check back later.');
  }
}
export const outOfStock = () => new OutOfStock();

/** An unknown model and one the owner took out of the catalog (inactive) read the same to a customer. */
const modelNotOffered = () =>
  new NotFound('That AC model is no longer offered. Please choose a unit from the catalog.');

/**
 * The unit held, or the refusal as the customer reads it (thrown, so a transaction rolls back): a share of live
 * holds reached (ADR 016), unpaid checkouts holding their share of the stock (ADR 037), a model out of the catalog,
 * out of stock.
 */
export function heldOrThrow(outcome: HoldOutcome) {
  if ('held' in outcome) return outcome.held;
  if (outcome.refused === 'not_offered') throw modelNotOffered();
  if (outcome.refused === 'out_of_stock') throw outOfStock();
  if (outcome.refused === 'busy') throw stockBusy();
  throw tooManyHolds();
}
