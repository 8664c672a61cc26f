import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Locale } from '@/contracts/locale';
import {
  invalidWaitlistLink,
  leftWaitlistMessage,
  modelInStockMessage,
  offerAlreadyHeldMessage,
  WAITLIST_JOINED_TEMPLATE,
  waitlistJoinedMessage,
  type waitlistJoinInput,
  type WaitlistEntryView,
  type WaitlistOfferView,
  type WaitlistPlace,
} from '@/contracts/waitlist';
import type { z } from 'zod';
import type { Db, Tx } from '@/server/platform/db/client';
import { unitModels, units, waitlistEntries } from '@/server/platform/db/schema';
import { Conflict, Invalid, NotFound } from '@/server/platform/errors';
import { enqueueNotification } from '@/server/platform/mail/outbox';
import { OutOfServiceArea } from '@/server/rentals/checkout/delivery';
import { quoteZip } from '@/server/rentals/service-area/quote';
import { readStoredServiceArea } from '@/server/rentals/service-area/settings';
import { holdIsLive, unitIsOfferable } from '@/server/rentals/units/predicates';
import { LEAD_AUDIENCE } from './messages';
import { releaseOfferHold, waitlistHolder } from '@/server/rentals/units/offer-holds';
import { entryIdOfToken, waitlistLinks, type WaitlistLinkPurpose } from './tokens';
import { modelNameIn } from '@/server/platform/db/model-name';

/** What the line's writers need: the database, and the site and secret its links are made on. */
export interface WaitlistDeps {
  db: Db;
  publicUrl: string;
  secret: string;
}

/**
 * The line's order, in SQL: the owner's moved-up entries first (by when they were moved), then everyone by when they
 * joined (the id settles a tie). Every reader of a place in line uses it.
 */
export const lineOrder = [
  sql`${waitlistEntries.movedUpAt} asc nulls last`,
  asc(waitlistEntries.createdAt),
  asc(waitlistEntries.id),
];

/** One model's line is changed by one transaction at a time (joins, offers, moves): places never tie. */
export async function lockLine(tx: Tx, modelId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(5, hashtext(${modelId}))`);
}

/** The places of a model's waiting entries, 1 first (a line is people, not a fleet: read whole). */
export async function linePlaces(db: Pick<Db, 'select'>, modelId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.modelId, modelId), eq(waitlistEntries.status, 'waiting')))
    .orderBy(...lineOrder);
  return new Map(rows.map((row, index) => [row.id, index + 1]));
}

/** Refuses a ZIP that does not exist or that we do not deliver to, with the checkout's own words. */
async function checkZip(db: Db, zipCode: string): Promise<void> {
  const { settings } = await readStoredServiceArea(db);
  const quote = quoteZip(settings, zipCode);
  if (quote.status === 'unknown') throw new Invalid(quote.message!, { zipCode: quote.message! });
  if (quote.status === 'out_of_area') throw new OutOfServiceArea(quote.message!);
}

/**
 * "Join the waitlist" on an out-of-stock model (POST /api/stock-alerts): one live place per e-mail and model, so
 * asking again answers the same place. A model that can be rented now (free units and nobody waiting) is a 409 and
 * keeps nothing; so is a ZIP we cannot deliver to (400 / 422). The first join is confirmed by e-mail, with the link
 * that leaves the line. A filled spam trap is answered like a join and keeps nothing.
 */
export async function joinWaitlist(
  deps: WaitlistDeps,
  input: z.output<typeof waitlistJoinInput>,
  locale: Locale,
  now: Date,
): Promise<WaitlistPlace> {
  const { db } = deps;
  const [model] = await db
    // Its name as the joiner's e-mail says it: in their language where the owner wrote one (migration 0026).
    .select({ id: unitModels.id, name: modelNameIn(sql`${locale}`) })
    .from(unitModels)
    .where(and(eq(unitModels.id, input.modelId), eq(unitModels.active, true)));
  if (!model) throw new Invalid('Please choose a unit model', { modelId: 'Please choose a unit model' });
  if (input.website && input.website.trim() !== '') {
    const position = (await linePlaces(db, model.id)).size + 1;
    return { position, message: waitlistJoinedMessage(position) };
  }
  await checkZip(db, input.zipCode);
  return db.transaction(async (tx) => {
    await lockLine(tx, model.id);
    const places = await linePlaces(tx, model.id);
    if (places.size === 0 && (await hasOfferableUnit(tx, model.id, now))) throw new Conflict(modelInStockMessage);
    const [joined] = await tx
      .insert(waitlistEntries)
      .values({ modelId: model.id, email: input.email, zipCode: input.zipCode, locale, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: waitlistEntries.id });
    if (!joined) {
      const [live] = await tx
        .select({ id: waitlistEntries.id, status: waitlistEntries.status })
        .from(waitlistEntries)
        .where(
          and(
            eq(waitlistEntries.modelId, model.id),
            eq(waitlistEntries.email, input.email),
            inArray(waitlistEntries.status, ['waiting', 'offered']),
          ),
        );
      if (live?.status === 'offered') return { position: 1, message: offerAlreadyHeldMessage };
      const position = (live && places.get(live.id)) || places.size + 1;
      return { position, message: waitlistJoinedMessage(position) };
    }
    const position = places.size + 1;
    const { leaveUrl } = waitlistLinks(
      { publicUrl: deps.publicUrl, secret: deps.secret },
      { id: joined.id, modelId: model.id },
    );
    await enqueueNotification(tx, {
      key: `${WAITLIST_JOINED_TEMPLATE}:${joined.id}`,
      audience: LEAD_AUDIENCE,
      kind: WAITLIST_JOINED_TEMPLATE,
      customerId: null,
      orderId: null,
      values: {
        recipientEmail: input.email,
        modelName: model.name,
        modelId: model.id,
        locale,
        position: String(position),
        leaveUrl,
      },
    });
    return { position, message: waitlistJoinedMessage(position) };
  });
}

async function hasOfferableUnit(tx: Tx, modelId: string, now: Date): Promise<boolean> {
  const [unit] = await tx
    .select({ id: units.id })
    .from(units)
    .where(and(eq(units.modelId, modelId), unitIsOfferable(now)))
    .limit(1);
  return !!unit;
}

/** The entry a link names, or a 404 that says the link is not ours. */
async function entryOfLink(deps: WaitlistDeps, token: string, purpose: WaitlistLinkPurpose) {
  const entryId = entryIdOfToken(deps.secret, token, purpose);
  if (!entryId) throw new NotFound(invalidWaitlistLink);
  const [entry] = await deps.db
    .select({ entry: waitlistEntries, modelName: modelNameIn(waitlistEntries.locale) })
    .from(waitlistEntries)
    .innerJoin(unitModels, eq(unitModels.id, waitlistEntries.modelId))
    .where(eq(waitlistEntries.id, entryId));
  if (!entry) throw new NotFound(invalidWaitlistLink);
  return entry;
}

/** The leave link's page: the model, where the entry stands and its place while it waits. */
export async function waitlistEntryView(deps: WaitlistDeps, token: string): Promise<WaitlistEntryView> {
  const { entry, modelName } = await entryOfLink(deps, token, 'leave');
  const position =
    entry.status === 'waiting' ? ((await linePlaces(deps.db, entry.modelId)).get(entry.id) ?? null) : null;
  return { modelName, status: entry.status as WaitlistEntryView['status'], position };
}

/**
 * Leaves the line by the e-mail's link: a waiting place ends; an offer ends too and its unit goes to the next in
 * line at once (unless a checkout from the offer is paying for it right now). Leaving twice is leaving once.
 */
export async function leaveWaitlist(deps: WaitlistDeps, token: string, now: Date): Promise<{ message: string }> {
  const { entry } = await entryOfLink(deps, token, 'leave');
  await deps.db.transaction(async (tx) => {
    await lockLine(tx, entry.modelId);
    await endEntry(tx, entry.id, 'left', 'Left by the link in the e-mail', now);
  });
  return { message: leftWaitlistMessage };
}

/**
 * Ends a live entry (waiting or offered) as `status`, with why, inside the caller's transaction; an offer's unit is
 * given back to the line. Answers whether it was live.
 */
export async function endEntry(
  tx: Tx,
  entryId: string,
  status: 'left' | 'removed' | 'lapsed',
  reason: string,
  now: Date,
): Promise<boolean> {
  const [ended] = await tx
    .update(waitlistEntries)
    .set({ status, endedAt: now, endedReason: reason })
    .where(and(eq(waitlistEntries.id, entryId), inArray(waitlistEntries.status, ['waiting', 'offered'])))
    .returning({ id: waitlistEntries.id });
  if (!ended) return false;
  await releaseOfferHold(tx, entryId);
  return true;
}

/**
 * What the checkout shows when opened from an offer's link: the model, and whether the unit is still held for it
 * (an offer whose unit a checkout from the link holds counts as held until that hold ends).
 */
export async function waitlistOfferView(deps: WaitlistDeps, token: string, now: Date): Promise<WaitlistOfferView> {
  const { entry, modelName } = await entryOfLink(deps, token, 'offer');
  const [held] =
    entry.status === 'offered'
      ? await deps.db
          .select({ heldUntil: units.heldUntil })
          .from(units)
          .where(and(eq(units.heldForClient, waitlistHolder(entry.id)), eq(units.status, 'available'), holdIsLive(now)))
      : [];
  return {
    modelId: entry.modelId,
    modelName,
    state: held ? 'held' : 'ended',
    heldUntil: held?.heldUntil ? held.heldUntil.toISOString() : null,
  };
}
