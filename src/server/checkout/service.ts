import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { business } from '@/contracts/business';
import { startDateProblem, type CreateSessionInput, type CreateSessionResult } from '@/contracts/checkout';
import { todayInLosAngeles } from '@/contracts/dates';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import type { Locale } from '@/i18n/locale';
import { customers, orders, unitModels, units } from '../db/schema';
import { AppError, Conflict, Invalid, NotFound, TooManyRequests } from '../http/errors';
import { newOrderNumber } from '../lib/order-number';
import type { PaymentGateway } from '../payment-gateway/gateway';
import { holdLimitReached, HOLD_LIMITS } from '../units/hold-limits';
import { holdOfferableUnit, orderHasLiveHold, releaseHolds, releasePendingHold } from '../units/holds';
import { holdIsLive } from '../units/predicates';
import { deliveryFor, type Delivery } from './delivery';

/** How long a checkout keeps its unit while the customer pays; the payment session expires with it. */
export const CHECKOUT_HOLD_MINUTES = 30;
/** A double submit that arrives while the first is still talking to the provider waits this long for its URL. */
const IN_FLIGHT_WAIT_MS = 10_000;

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
}

/** Who is checking out: the client's address (request.ip) and the order this browser checked out before. */
export interface CheckoutClient {
  ip: string;
  previousOrderId: string | null;
  /** The language the customer checks out in: stored on the customer, so e-mails follow it (ADR 026). */
  locale?: Locale;
}

type Customer = typeof customers.$inferSelect;
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
  | { kind: 'new'; order: NewOrder; customer: Customer; heldUntil: Date };

/**
 * create-session: finds or creates the customer, creates a pending order and holds one unit for it in one
 * transaction, then asks the payment provider for a hosted page. A double submit (the same idempotency key, or
 * the same details while the first hold lasts) gets the first order's page instead of a second order. A model
 * not offered answers 404 and out of stock 409, both rolling everything back.
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
  const delivery = await deliveryFor(deps.db, input.zipCode);
  const modelId = input.modelId ?? (await modelOfTier(deps.db, input.btuTier));
  const reservation = await deps.db.transaction((tx) => reserveCheckout(tx, input, { modelId, delivery }, now, client));
  if (reservation.kind === 'existing') {
    return {
      orderId: reservation.orderId,
      sessionUrl: reservation.checkoutUrl ?? (await waitForCheckoutUrl(deps.db, reservation.orderId)),
    };
  }

  const { order, customer, heldUntil } = reservation;
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
      expiresAt: heldUntil,
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

async function reserveCheckout(
  tx: Tx,
  input: CreateSessionInput,
  { modelId, delivery }: { modelId: string | null; delivery: Delivery },
  now: Date,
  client: CheckoutClient,
): Promise<Reservation> {
  // Checkouts for one e-mail take turns, so a double submit sees the first one's order; then those from one client
  // address and for one delivery address, so their live holds are counted one checkout at a time (hold limits).
  // One statement, the three locks taken left to right (always in this order, so two checkouts cannot deadlock).
  // The same statement lets this transaction commit without waiting for its WAL flush: the hold's NOTIFY (0013)
  // takes PostgreSQL's one notify lock from commit to flush, so flushed commits would take turns at disk speed.
  // Nothing is lost to the customer: no payment page is handed out before a later write of this checkout (the
  // payment session, its URL recorded on the order) commits synchronously, which flushes this commit first (ADR 008).
  const place = `${input.zipCode}:${input.address}`.trim().replace(/\s+/g, ' ').toLowerCase();
  await tx.execute(
    sql`select set_config('synchronous_commit', 'off', true), pg_advisory_xact_lock(hashtext(${`checkout:${input.email}`})), pg_advisory_xact_lock(1, hashtext(${client.ip})), pg_advisory_xact_lock(2, hashtext(${place}))`,
  );
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
  const claimant = { client: client.ip, customerId: customer.id, ...input };
  if (await holdLimitReached(tx, claimant, now)) throw tooManyHolds();

  const heldUntil = new Date(now.getTime() + CHECKOUT_HOLD_MINUTES * 60_000);
  const values = {
    orderNumber: newOrderNumber(),
    customerId: customer.id,
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
  const held = await holdOfferableUnit(tx, { modelId, now, until: heldUntil, client: client.ip }, values);
  // Nothing to hold: a model out of the catalog reads differently from one out of stock (throwing rolls back all).
  if (!held) throw modelId && !(await modelIsOffered(tx, modelId)) ? modelNotOffered() : outOfStock();
  const order = { ...values, id: held.orderId, modelId: held.modelId, btuTier: held.btuTier };
  return { kind: 'new', order, customer, heldUntil };
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

async function modelIsOffered(tx: Tx, modelId: string): Promise<boolean> {
  const [model] = await tx
    .select({ id: unitModels.id })
    .from(unitModels)
    .where(and(eq(unitModels.id, modelId), eq(unitModels.active, true)));
  return !!model;
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
