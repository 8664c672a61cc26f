import { and, asc, eq, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import { WAITLIST_OFFER_TEMPLATE } from '@/contracts/waitlist';
import { formatMomentIn } from '@/i18n/format';
import { localeOrDefault } from '@/i18n/locale';
import type { Db, Tx } from '@/server/platform/db/client';
import { orders, unitModels, units, waitlistEntries } from '@/server/platform/db/schema';
import { enqueueNotification } from '@/server/platform/mail/outbox';
import { holdUnitForOffer, releaseOfferHold, WAITLIST_HOLDER_PREFIX } from '@/server/rentals/units/offer-holds';
import { holdIsLive, unitIsOfferable } from '@/server/rentals/units/predicates';
import { endEntry, lineOrder, lockLine, type WaitlistDeps } from './line';
import { LEAD_AUDIENCE } from './messages';
import { readWaitlistSettings } from './settings';
import { waitlistLinks } from './tokens';
import { modelNameIn } from '@/server/platform/db/model-name';

/** How many offers one sweep makes at most, so one run never holds the timer for long. */
const OFFERS_PER_RUN = 200;

/**
 * The waitlist's minute (a scheduled sweep, any instance, idempotent): first the offers that are over are settled
 * (rented when their order was paid; lapsed when their time ran out with no checkout paying for the unit, which
 * then goes to the next in line), then each free unit of a model with a line is held for the first in line, with
 * their e-mail queued in the same transaction. Returns how many offers it made.
 */
export async function runWaitlist(deps: WaitlistDeps, now: Date): Promise<number> {
  await settleOffers(deps.db, now);
  await requeueOffersWithoutUnit(deps.db);
  return makeOffers(deps, now);
}

/**
 * An offer whose unit the owner took out of service (maintenance, damaged, retired) while it was held goes back to
 * its place in line (the front, as it was first), so the next free unit is offered to the same person, with a new
 * e-mail; nobody loses a turn to a broken unit.
 */
async function requeueOffersWithoutUnit(db: Db): Promise<void> {
  const lost = await db
    .select({ id: waitlistEntries.id, modelId: waitlistEntries.modelId })
    .from(waitlistEntries)
    .innerJoin(units, eq(units.heldForClient, sql`${WAITLIST_HOLDER_PREFIX} || ${waitlistEntries.id}::text`))
    .where(
      and(eq(waitlistEntries.status, 'offered'), ne(units.status, 'available'), sql`${units.heldByOrderId} is null`),
    );
  for (const offer of lost) {
    await db.transaction(async (tx) => {
      await lockLine(tx, offer.modelId);
      const [back] = await tx
        .update(waitlistEntries)
        .set({ status: 'waiting', offeredAt: null, offeredUntil: null, offeredUnitId: null })
        .where(and(eq(waitlistEntries.id, offer.id), eq(waitlistEntries.status, 'offered')))
        .returning({ id: waitlistEntries.id });
      if (back) await releaseOfferHold(tx, offer.id);
    });
  }
}

/** Offers whose order was paid become 'rented'; offers past their time with no live checkout become 'lapsed'. */
async function settleOffers(db: Db, now: Date): Promise<void> {
  const open = await db
    .select({
      id: waitlistEntries.id,
      modelId: waitlistEntries.modelId,
      offeredUntil: waitlistEntries.offeredUntil,
      orderStatus: orders.status,
      orderId: waitlistEntries.orderId,
    })
    .from(waitlistEntries)
    .leftJoin(orders, eq(orders.id, waitlistEntries.orderId))
    .where(
      and(
        eq(waitlistEntries.status, 'offered'),
        or(lte(waitlistEntries.offeredUntil, now), isNotNull(waitlistEntries.orderId)),
      ),
    );
  for (const offer of open) {
    const paid = offer.orderStatus === 'active' || offer.orderStatus === 'completed';
    if (paid) {
      await db
        .update(waitlistEntries)
        .set({ status: 'rented', endedAt: now, endedReason: 'Rented through the offer' })
        .where(and(eq(waitlistEntries.id, offer.id), eq(waitlistEntries.status, 'offered')));
      continue;
    }
    if (offer.offeredUntil && offer.offeredUntil > now) continue;
    await db.transaction(async (tx) => {
      // A checkout from the link still paying for the unit keeps the offer open until its own hold ends.
      if (offer.orderId && (await orderHoldsUnit(tx, offer.orderId, now))) return;
      await lockLine(tx, offer.modelId);
      await endEntry(tx, offer.id, 'lapsed', 'The offer ran out unused', now);
    });
  }
}

async function orderHoldsUnit(tx: Tx, orderId: string, now: Date): Promise<boolean> {
  const [unit] = await tx
    .select({ id: units.id })
    .from(units)
    .where(and(eq(units.heldByOrderId, orderId), eq(units.status, 'available'), holdIsLive(now)))
    .limit(1);
  return !!unit;
}

/** For each model with a line, a free unit for each first in line, until the units or the line run out. */
async function makeOffers(deps: WaitlistDeps, now: Date): Promise<number> {
  const lines = await deps.db
    .selectDistinct({ modelId: waitlistEntries.modelId })
    .from(waitlistEntries)
    .innerJoin(unitModels, eq(unitModels.id, waitlistEntries.modelId))
    .where(and(eq(waitlistEntries.status, 'waiting'), eq(unitModels.active, true)));
  if (lines.length === 0) return 0;
  const { offerHours } = await readWaitlistSettings(deps.db);
  let offers = 0;
  for (const { modelId } of lines) {
    while (offers < OFFERS_PER_RUN && (await offerOne(deps, modelId, offerHours, now))) offers += 1;
  }
  return offers;
}

/** Holds one free unit of the model for the first in its line and queues their e-mail; false when none is free. */
function offerOne(deps: WaitlistDeps, modelId: string, offerHours: number, now: Date): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    await lockLine(tx, modelId);
    const [first] = await tx
      .select({
        id: waitlistEntries.id,
        email: waitlistEntries.email,
        locale: waitlistEntries.locale,
        modelName: modelNameIn(waitlistEntries.locale),
      })
      .from(waitlistEntries)
      .innerJoin(unitModels, eq(unitModels.id, waitlistEntries.modelId))
      .where(and(eq(waitlistEntries.modelId, modelId), eq(waitlistEntries.status, 'waiting')))
      .orderBy(...lineOrder)
      .limit(1);
    if (!first) return false;
    const [unit] = await tx
      .select({ id: units.id })
      .from(units)
      .where(and(eq(units.modelId, modelId), unitIsOfferable(now)))
      .orderBy(sql`${units.heldUntil} asc nulls first`, asc(units.serial))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!unit) return false;
    const until = new Date(now.getTime() + offerHours * 3_600_000);
    await holdUnitForOffer(tx, unit.id, first.id, until);
    await tx
      .update(waitlistEntries)
      .set({ status: 'offered', offeredAt: now, offeredUntil: until, offeredUnitId: unit.id })
      .where(and(eq(waitlistEntries.id, first.id), eq(waitlistEntries.status, 'waiting')));
    const locale = localeOrDefault(first.locale);
    const links = waitlistLinks({ publicUrl: deps.publicUrl, secret: deps.secret }, { id: first.id, modelId });
    await enqueueNotification(tx, {
      // One e-mail per offer: an offer made again (its unit was taken out of service) is a new one.
      key: `${WAITLIST_OFFER_TEMPLATE}:${first.id}:${now.getTime()}`,
      audience: LEAD_AUDIENCE,
      kind: WAITLIST_OFFER_TEMPLATE,
      customerId: null,
      orderId: null,
      values: {
        recipientEmail: first.email,
        modelName: first.modelName,
        modelId,
        locale,
        heldUntil: formatMomentIn(locale, until, { zone: true }),
        offerHours: String(offerHours),
        offerUrl: links.offerUrl,
        leaveUrl: links.leaveUrl,
      },
    });
    return true;
  });
}
