import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { business } from '@/contracts/business';
import { startDateProblem, type CreateSessionInput, type CreateSessionResult } from '@/contracts/checkout';
import { todayInLosAngeles } from '@/contracts/dates';
import type { Clock } from '@/server/platform/clock';
import type { Db, Tx } from '@/server/platform/db/client';
import type { Locale } from '@/i18n/locale';
import { customers, orders, unitModels, units } from '@/server/platform/db/schema';
import { AppError, Conflict, Invalid, NotFound, TooManyRequests } from '@/server/platform/errors';
import { enforceRateLimit, rateLimitWindow, sweepOldWindowsSometimes } from '@/server/platform/http/rate-limit';
import { newOrderNumber } from '@/server/platform/lib/order-number';
import type { PaymentGateway } from '@/server/billing/provider/gateway';
import { HOLD_LIMITS } from '@/server/rentals/units/hold-limits';
import {
  holdUnitWithinLimits,
  orderHasLiveHold,
  releaseHolds,
  releasePendingHold,
  type CheckoutOrderValues,
  type HoldOutcome,
  type HoldRequest,
} from '@/server/rentals/units/holds';
import { holdIsLive } from '@/server/rentals/units/predicates';
import { deliveryFor, type Delivery, type ServiceAreaCopy } from './delivery';
import { startFirstCheckout } from './first-checkout';
import { checkoutLocks, takeCheckoutLocks } from './locks';

/** How long a checkout keeps its unit while the customer pays; the payment session expires with it. */
export const CHECKOUT_HOLD_MINUTES = 30;
/** A double submit that arrives while the first is still talking to the provider waits this long for its URL. */
const IN_FLIGHT_WAIT_MS = 10_000;
/**
 * Checkouts started per IP: enough for real retries. What keeps one client from holding the fleet is the bound
 * on its live holds (units/hold-limits.ts); this only caps how fast it can ask. Counted once per checkout that
 * reaches the database (a date or ZIP refused before it costs nothing to refuse).
 */
export const CHECKOUT_RATE_LIMIT = { limit: 30, windowMs: 15 * 60_000 };
/** How often a new customer's statement is retried when the service area changed under it before giving up on it. */
const FIRST_CHECKOUT_TRIES = 3;

export class PaymentProviderUnavailable extends AppError {
  constructor() {
    super('We could not reach our payment provider. Nothing was charged; please try again in a minute.', 503);
  }
}

export const tooManyHolds = () =>
  new TooManyRequests(
    `You already have ${HOLD_LIMITS.perCustomer} checkouts waiting for payment. Please complete or cancel one of them, or try again in ${CHECKOUT_HOLD_MINUTES} minutes.`,
  );

export const outOfStock = () =>
  new Conflict('Sorry, that AC unit is out of stock right now. Please choose another model or check back later.');

/** An unknown model and one the owner took out of the catalog (inactive) read the same to a customer. */
const modelNotOffered = () =>
  new NotFound('That AC model is no longer offered. Please choose a unit from the catalog.');

export interface CheckoutDeps {
  db: Db;
  clock: Clock;
  payments: PaymentGateway;
  publicUrl: string;
  /** This app's copy of the service area, which prices deliveries (delivery.ts). */
  serviceArea: ServiceAreaCopy;
}

/** Who is checking out: the client's address (request.ip) and the order this browser checked out before. */
export interface CheckoutClient {
  ip: string;
  previousOrderId: string | null;
  /** The language the customer checks out in: stored on the customer, so e-mails follow it (ADR 026). */
  locale?: Locale;
}

type Customer = typeof customers.$inferSelect;
/** What the payment session needs of the customer. */
type Payer = Pick<Customer, 'email' | 'stripeCustomerId'>;
/** What the payment session needs of the order just created. */
interface NewOrder {
  id: string;
  orderNumber: string;
  modelId: string;
  btuTier: string;
  priceCents: number;
  deliveryChargeCents: number;
}
type Reservation =
  | { kind: 'existing'; orderId: string; checkoutUrl: string | null }
  | { kind: 'new'; order: NewOrder; customer: Payer; heldUntil: Date };

/**
 * create-session: finds or creates the customer, creates a pending order and holds one unit for it in one
 * transaction, then asks the payment provider for a hosted page. A double submit (the same idempotency key, or
 * the same details while the first hold lasts) gets the first order's page instead of a second order. A model
 * not offered answers 404 and out of stock 409, both rolling everything back. A new customer's transaction is one
 * statement (first-checkout.ts); anyone else's, or a browser leaving a checkout for another, takes the several
 * statements of reserveCheckout.
 */
export async function startCheckout(
  deps: CheckoutDeps,
  input: CreateSessionInput,
  client: CheckoutClient,
): Promise<CreateSessionResult> {
  const now = deps.clock.now();
  // Refusals come before anything is written: no customer, order or hold for a date or a ZIP we cannot serve.
  const startProblem = startDateProblem(input.startDate, todayInLosAngeles(now));
  if (startProblem) throw new Invalid(startProblem, { startDate: startProblem });
  let delivery = await deliveryFor(deps.serviceArea, input.zipCode);
  const modelId = input.modelId ?? (await modelOfTier(deps.db, input.btuTier));
  const heldUntil = new Date(now.getTime() + CHECKOUT_HOLD_MINUTES * 60_000);
  const hold: HoldRequest = { ...input, client: client.ip, modelId, now, until: heldUntil };
  const locks = checkoutLocks(input, client.ip);
  const rateLimit = { key: `checkout:ip:${client.ip}`, window: rateLimitWindow(CHECKOUT_RATE_LIMIT, now) };

  let reservation: Reservation | null = null;
  let hitCounted = false;
  for (let tries = client.previousOrderId ? 0 : FIRST_CHECKOUT_TRIES; tries > 0 && !hitCounted; tries -= 1) {
    const order = orderValues(input, delivery);
    const first = await startFirstCheckout(deps.db, {
      customer: { email: input.email, name: input.name, phone: input.phone ?? null, locale: client.locale ?? null },
      pricedOn: delivery.pricedOn,
      rateLimit: { key: rateLimit.key, windowStart: rateLimit.window.start, limit: CHECKOUT_RATE_LIMIT.limit },
      locks,
      hold,
      order,
    });
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
      reservation = { kind: 'new', order: { ...order, ...held, id: held.orderId }, customer, heldUntil };
    }
  }
  if (!reservation) {
    if (!hitCounted) await enforceRateLimit(deps.db, rateLimit.key, CHECKOUT_RATE_LIMIT, now);
    // Priced on the stored settings, as the transaction does not check them.
    delivery = await deliveryFor(deps.serviceArea, input.zipCode, true);
    const reserve = { modelId, delivery, hold, locks };
    reservation = await deps.db.transaction((tx) => reserveCheckout(tx, input, reserve, now, client));
  }
  if (reservation.kind === 'existing') {
    return {
      orderId: reservation.orderId,
      sessionUrl: reservation.checkoutUrl ?? (await waitForCheckoutUrl(deps.db, reservation.orderId)),
    };
  }

  const { order, customer } = reservation;
  let session;
  try {
    session = await deps.payments.createCheckoutSession({
      orderId: order.id,
      orderNumber: order.orderNumber,
      customerEmail: customer.email,
      gatewayCustomerId: customer.stripeCustomerId,
      amountCents: order.priceCents,
      description: `Monthly AC Rental (${order.btuTier} BTU)`,
      // The delivery charge beyond the free radius: a one-time line on the first invoice (ADR 022).
      oneTimeItems:
        order.deliveryChargeCents > 0
          ? [{ amountCents: order.deliveryChargeCents, description: delivery.description }]
          : [],
      successUrl: `${deps.publicUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
      // The checkout page seeing ?cancelled=1 tells us the payment page was left (POST /api/checkout/cancel).
      cancelUrl: `${deps.publicUrl}/checkout?model=${order.modelId}&cancelled=1`,
      expiresAt: reservation.heldUntil,
    });
  } catch (error) {
    await releaseCheckout(deps.db, order.id);
    throw Object.assign(new PaymentProviderUnavailable(), { cause: error });
  }
  const [recorded] = await deps.db
    .update(orders)
    .set({ stripeSessionId: session.id, checkoutUrl: session.url })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
    .returning({ id: orders.id });
  if (!recorded) {
    // The provider took longer than the orphan sweep's grace period and the order was cancelled meanwhile
    // (./orphans.ts): its page must not be paid, and the customer starts again.
    await deps.payments.expireCheckoutSession(session.id).catch(() => false);
    throw new PaymentProviderUnavailable();
  }
  return { orderId: order.id, sessionUrl: session.url };
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

/** The new order as create-session writes it (its model and BTU tier come from the unit held). */
function orderValues(input: CreateSessionInput, delivery: Delivery): CheckoutOrderValues {
  return {
    orderNumber: newOrderNumber(),
    startDate: input.startDate,
    monthsMin: business.minimumMonths,
    priceCents: business.monthlyPriceCents,
    address: input.address,
    city: input.city,
    zipCode: input.zipCode,
    buildingNotes: input.buildingNotes ?? null,
    checkoutKey: input.checkoutKey ?? null,
    deliveryChargeCents: delivery.chargeCents,
    deliveryMiles: delivery.miles.toFixed(1),
  };
}

/**
 * The unit held, or the refusal as the customer reads it (thrown, so a transaction rolls back): a share of live
 * holds reached (ADR 016), a model out of the catalog, out of stock.
 */
function heldOrThrow(outcome: HoldOutcome) {
  if ('held' in outcome) return outcome.held;
  if (outcome.refused === 'not_offered') throw modelNotOffered();
  if (outcome.refused === 'out_of_stock') throw outOfStock();
  throw tooManyHolds();
}

async function reserveCheckout(
  tx: Tx,
  input: CreateSessionInput,
  reserve: { modelId: string | null; delivery: Delivery; hold: HoldRequest; locks: ReturnType<typeof checkoutLocks> },
  now: Date,
  client: CheckoutClient,
): Promise<Reservation> {
  const { modelId, delivery, hold } = reserve;
  await takeCheckoutLocks(tx, reserve.locks);
  const { customer, created } = await findOrCreateCustomer(tx, input, client.locale);

  if (input.checkoutKey) {
    const [keyed] = await tx.select().from(orders).where(eq(orders.checkoutKey, input.checkoutKey));
    if (keyed) {
      if (keyed.customerId !== customer.id) {
        throw new Conflict('This checkout was started with different details. Please submit the form again.');
      }
      if (keyed.status === 'active' || keyed.status === 'completed') {
        throw new Conflict('This checkout is already paid. Please check your e-mail for the confirmation.');
      }
      if (keyed.status === 'pending' && (await orderHasLiveHold(tx, keyed.id, now))) {
        return { kind: 'existing', orderId: keyed.id, checkoutUrl: keyed.checkoutUrl };
      }
      // Its hold ran out: the key starts a new checkout.
      await tx.update(orders).set({ checkoutKey: null }).where(eq(orders.id, keyed.id));
    }
  }

  // A customer created just now has no order yet: only a returning one can have a checkout under way.
  const [same] = created
    ? []
    : await tx
        .select({ id: orders.id, checkoutUrl: orders.checkoutUrl })
        .from(orders)
        .innerJoin(units, eq(units.heldByOrderId, orders.id))
        .where(
          and(
            eq(orders.customerId, customer.id),
            eq(orders.status, 'pending'),
            modelId ? eq(orders.modelId, modelId) : undefined,
            eq(orders.startDate, input.startDate),
            eq(orders.address, input.address),
            eq(orders.city, input.city),
            eq(orders.zipCode, input.zipCode),
            sql`${orders.buildingNotes} is not distinct from ${input.buildingNotes ?? null}`,
            holdIsLive(now),
          ),
        )
        .orderBy(desc(orders.createdAt))
        .limit(1);
  if (same) return { kind: 'existing', orderId: same.id, checkoutUrl: same.checkoutUrl };

  // This browser left the payment page of its previous checkout to start another: that hold ends now.
  if (client.previousOrderId) await releasePendingHold(tx, client.previousOrderId);
  // The hold limits and the hold in one round trip; a refusal throws, and the customer created above goes with it.
  const values = orderValues(input, delivery);
  const held = heldOrThrow(await holdUnitWithinLimits(tx, customer.id, hold, values));
  const order = { ...values, id: held.orderId, modelId: held.modelId, btuTier: held.btuTier };
  return { kind: 'new', order, customer, heldUntil: hold.until };
}

/**
 * An existing customer is found by e-mail and left as they are: a checkout proves nobody's identity, so it may
 * not change a name or phone number someone else gave. A new customer is created with what was typed. Only the
 * language follows the latest checkout (a preference, not an identity: it decides the language of e-mails).
 */
async function findOrCreateCustomer(
  tx: Tx,
  input: CreateSessionInput,
  locale?: Locale,
): Promise<{ customer: Customer; created: boolean }> {
  // Most checkouts are by new customers: the insert comes first, so theirs is one statement. Every writer stores
  // e-mails lower-cased (the contracts lower-case them), so the unique index answers the conflict and the look-up.
  const [created] = await tx
    .insert(customers)
    .values({ email: input.email, name: input.name, phone: input.phone, ...(locale && { locale }) })
    .onConflictDoNothing({ target: customers.email })
    .returning();
  if (created) return { customer: created, created: true };
  const [existing] = await tx.select().from(customers).where(eq(customers.email, input.email));
  if (locale && existing!.locale !== locale) {
    await tx.update(customers).set({ locale }).where(eq(customers.id, existing!.id));
    return { customer: { ...existing!, locale }, created: false };
  }
  return { customer: existing!, created: false };
}

/** The first submit is still asking the provider for its page: wait for it rather than start a second order. */
async function waitForCheckoutUrl(db: Db, orderId: string): Promise<string> {
  const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
  while (Date.now() < deadline) {
    const [order] = await db
      .select({ status: orders.status, checkoutUrl: orders.checkoutUrl })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (order?.checkoutUrl) return order.checkoutUrl;
    if (!order || order.status !== 'pending') throw new PaymentProviderUnavailable();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Conflict('Your checkout is still being prepared. Please try again in a moment.');
}

/** The provider could not open a page: the order goes and its unit is offered again at once. */
async function releaseCheckout(db: Db, orderId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await releaseHolds(tx, orderId);
    await tx.delete(orders).where(and(eq(orders.id, orderId), eq(orders.status, 'pending')));
  });
}
