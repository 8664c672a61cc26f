import { and, asc, eq } from 'drizzle-orm';
import { startDateProblem, type CreateSessionInput, type CreateSessionResult } from '@/contracts/checkout';
import { todayInLosAngeles } from '@/contracts/dates';
import type { Clock } from '@/server/platform/clock';
import type { Db } from '@/server/platform/db/client';
import { unitModels } from '@/server/platform/db/schema';
import { Invalid } from '@/server/platform/errors';
import { enforceRateLimit, rateLimitWindow, sweepOldWindowsSometimes } from '@/server/platform/http/rate-limit';
import type { PaymentGateway } from '@/server/billing/provider/gateway';
import { isShareRecountRaise, type HoldRequest } from '@/server/rentals/units/holds';
import type { DayWindowsCopy } from '@/server/rentals/delivery-windows/day-copy';
import {
  chooseDeliveryWindow,
  isWindowFilled,
  isWindowRecountRaise,
  type BookedWindow,
} from '@/server/rentals/delivery-windows/take';
import { HOLD_LIMITS } from '@/server/rentals/units/hold-limits';
import { CHECKOUT_FIRST_HOLD_MINUTES, CHECKOUT_HOLD_MINUTES, CHECKOUT_RATE_LIMIT } from './checkout-limits';
import { deliveryFor, type Delivery, type ServiceAreaCopy } from './delivery';
import { startFirstCheckout, type FirstCheckout } from './first-checkout';
import { waitForCheckoutUrl } from './in-flight';
import { checkoutLocks, type CheckoutLocks } from './locks';
import { paymentPageUrl } from './payment-page';
import { openPaymentSession } from './payment-session';
import { heldOrThrow } from './refusals';
import { noteRefusal } from './refusal-log';
import { offerEntryOf } from '@/server/rentals/waitlist/offer-checkout';
import { orderValues, reserveCheckout, type CheckoutClient, type Reservation } from './reservation';

/** How often a new customer's statement is retried when the service area changed under it before giving up on it. */
const FIRST_CHECKOUT_TRIES = 3;
/**
 * How often a checkout that left the window to us tries the next earliest one when the one it took filled; and how
 * often any checkout starts again when the unpaid share's budget ran out under it (it counts exactly then).
 */
const WINDOW_TRIES = 4;

export interface CheckoutDeps {
  db: Db;
  clock: Clock;
  payments: PaymentGateway;
  publicUrl: string;
  /** This app's copy of the service area, which prices deliveries (delivery.ts). */
  serviceArea: ServiceAreaCopy;
  /** SESSION_SECRET: a waitlist offer's link is checked with it (waitlist/tokens.ts). */
  secret: string;
  /** This app's copy of the days' window bookings, which proposes a checkout's window (delivery-windows/day-copy.ts). */
  windows: DayWindowsCopy;
}

/** What a new customer's one statement needs, worked out before anything is written. */
interface CheckoutPlan {
  now: Date;
  heldUntil: Date;
  hold: HoldRequest;
  locks: CheckoutLocks;
  rateLimit: { key: string; window: ReturnType<typeof rateLimitWindow> };
  /** The delivery window the order books, counted again under its lock in the hold's transaction. */
  window: BookedWindow;
}

/**
 * create-session: finds or creates the customer, creates a pending order and holds one unit for it in one
 * transaction, then asks the payment provider for a hosted page. A double submit (the same idempotency key, or
 * the same details while the first hold lasts) gets the first order's page instead of a second order. A model
 * not offered answers 404 and out of stock 409, both rolling everything back. A new customer's transaction is one
 * statement (first-checkout.ts); anyone else's, or a browser leaving a checkout for another, takes the several
 * statements of reserveCheckout (reservation.ts).
 */
export async function startCheckout(
  deps: CheckoutDeps,
  input: CreateSessionInput,
  client: CheckoutClient,
): Promise<CreateSessionResult> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await checkout(deps, input, client);
    } catch (error) {
      // The earliest window filled between choosing it and taking it: a customer who left the choice to us gets the
      // next one (everything the try wrote was rolled back), as often as windows keep filling under them; the copy
      // that proposed the full window has it full from now on (delivery-windows/day-copy.ts).
      if (isWindowFilled(error)) deps.windows.filled(error.filled);
      if (!input.deliveryWindow && isWindowFilled(error) && attempt < WINDOW_TRIES) continue;
      // The share's or the window's budget ran out between the look and the turn (migrations 0034, 0036): everything
      // was undone; count.
      if ((isShareRecountRaise(error) || isWindowRecountRaise(error)) && attempt < WINDOW_TRIES) continue;
      // A checkout turned away for the area, stock or capacity is demand the owner could not meet (analytics).
      await noteRefusal(deps.db, error, { ...input, client: client.ip }, deps.clock.now());
      throw error;
    }
  }
}

async function checkout(
  deps: CheckoutDeps,
  input: CreateSessionInput,
  client: CheckoutClient,
): Promise<CreateSessionResult> {
  const now = deps.clock.now();
  // Refusals come before anything is written: no customer, order or hold for a date or a ZIP we cannot serve.
  const startProblem = startDateProblem(input.startDate, todayInLosAngeles(now));
  if (startProblem) throw new Invalid(startProblem, { startDate: startProblem });
  // A waitlist offer's link that is not ours is refused before anything else (ADR 036).
  const offerEntryId = input.waitlistOffer ? offerEntryOf(deps.secret, input.waitlistOffer) : null;
  let delivery = await deliveryFor(deps.serviceArea, input.zipCode);
  const modelId = input.modelId ?? (await modelOfTier(deps.db, input.btuTier));
  const window = await chooseDeliveryWindow(deps.db, input.startDate, input.deliveryWindow, now, {
    locale: client.locale,
    copy: deps.windows,
  });
  // The payment page lasts the full time; the unit is held for it only once the page is opened (payment-page.ts),
  // a few minutes until then. A waitlist offer's unit stays held for the offer as it was (ADR 036).
  const heldUntil = new Date(now.getTime() + CHECKOUT_HOLD_MINUTES * 60_000);
  const firstHold = offerEntryId ? CHECKOUT_HOLD_MINUTES : CHECKOUT_FIRST_HOLD_MINUTES;
  const until = new Date(now.getTime() + firstHold * 60_000);
  const hold: HoldRequest = { ...input, client: client.ip, modelId, now, until, unpaidShare: HOLD_LIMITS.unpaidShare };
  const locks = checkoutLocks(input, client.ip);
  const rateLimit = { key: `checkout:ip:${client.ip}`, window: rateLimitWindow(CHECKOUT_RATE_LIMIT, now) };

  const plan: CheckoutPlan = { now, heldUntil, hold, locks, rateLimit, window };

  // A waitlist offer's checkout moves the unit held for it, in the several statements of reserveCheckout.
  const firstTry = offerEntryId
    ? { reservation: null, hitCounted: false, delivery }
    : await reserveFirstCheckout(deps, input, client, delivery, plan);
  let reservation = firstTry.reservation;
  delivery = firstTry.delivery;
  if (!reservation) {
    if (!firstTry.hitCounted) await enforceRateLimit(deps.db, rateLimit.key, CHECKOUT_RATE_LIMIT, now);
    // Priced on the stored settings, as the transaction does not check them.
    delivery = await deliveryFor(deps.serviceArea, input.zipCode, true);
    const reserve = { modelId, delivery, hold, locks, window, offerEntryId };
    reservation = await deps.db.transaction((tx) => reserveCheckout(tx, input, reserve, now, client));
  }
  if (reservation.kind === 'existing') {
    if (!reservation.checkoutUrl) await waitForCheckoutUrl(deps.db, reservation.orderId);
    return { orderId: reservation.orderId, sessionUrl: paymentPageUrl(deps.publicUrl, reservation.orderId) };
  }
  // The provider's page lasts the checkout's full time, whatever the unit's first hold (ADR 037).
  const opened = await openPaymentSession(deps, { ...reservation, heldUntil }, delivery);
  // The browser goes to the page through our own route, which holds the unit for it (payment-page.ts).
  return { orderId: opened.orderId, sessionUrl: paymentPageUrl(deps.publicUrl, opened.orderId) };
}

/**
 * A new customer's checkout as the one statement of first-checkout.ts, tried again with the service area read
 * afresh when it changed under the statement; never for a browser leaving a checkout for another. Answers the
 * reservation when it made one (null otherwise), whether the rate limit counted this checkout, and the delivery
 * as last priced.
 */
async function reserveFirstCheckout(
  deps: CheckoutDeps,
  input: CreateSessionInput,
  client: CheckoutClient,
  pricedDelivery: Delivery,
  plan: CheckoutPlan,
): Promise<{ reservation: Reservation | null; hitCounted: boolean; delivery: Delivery }> {
  const { now, hold, locks, rateLimit, heldUntil, window } = plan;
  let delivery = pricedDelivery;
  let reservation: Reservation | null = null;
  let hitCounted = false;
  for (let tries = client.previousOrderId ? 0 : FIRST_CHECKOUT_TRIES; tries > 0 && !hitCounted; tries -= 1) {
    const order = orderValues(input, delivery);
    const unbook = deps.windows.booking(window);
    let first: FirstCheckout;
    try {
      first = await startFirstCheckout(deps.db, {
        customer: { email: input.email, name: input.name, phone: input.phone ?? null, locale: client.locale ?? null },
        pricedOn: delivery.pricedOn,
        rateLimit: { key: rateLimit.key, windowStart: rateLimit.window.start, limit: CHECKOUT_RATE_LIMIT.limit },
        locks,
        hold,
        order,
        window,
      });
    } catch (error) {
      unbook();
      throw error;
    }
    if (first.kind !== 'hold' || !('held' in first.outcome)) unbook();
    if (first.kind === 'stale_settings') {
      delivery = await deliveryFor(deps.serviceArea, input.zipCode, true);
      continue;
    }
    hitCounted = true;
    await sweepOldWindowsSometimes(deps.db, now);
    if (first.kind === 'rate_limited') throw rateLimit.window.refusal();
    if (first.kind === 'hold') {
      const held = heldOrThrow(first.outcome);
      const customer = { email: input.email, stripeCustomerId: null };
      reservation = {
        kind: 'new',
        order: { ...order, ...held, id: held.orderId, planType: 'monthly' },
        customer,
        heldUntil,
      };
    }
  }
  return { reservation, hitCounted, delivery };
}

/**
 * ?model= wins; else ?btu= names a tier, of the models offered; else any offered model will do (the unit query
 * keeps to 10,000 BTU and up).
 */
async function modelOfTier(db: Db, btuTier: string | undefined): Promise<string | null> {
  if (!btuTier) return null;
  const [model] = await db
    .select({ id: unitModels.id })
    .from(unitModels)
    .where(and(eq(unitModels.btuTier, btuTier), eq(unitModels.active, true)))
    .orderBy(asc(unitModels.createdAt))
    .limit(1);
  return model?.id ?? null;
}
