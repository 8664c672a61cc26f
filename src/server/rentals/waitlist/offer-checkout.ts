import { and, eq } from 'drizzle-orm';
import { invalidWaitlistLink, offerEnded, offerForAnotherEmail } from '@/contracts/waitlist';
import type { Tx } from '@/server/platform/db/client';
import { orders, unitModels, units, waitlistEntries } from '@/server/platform/db/schema';
import { Conflict, Invalid } from '@/server/platform/errors';
import type { CheckoutOrderValues, HoldRequest } from '@/server/rentals/units/holds';
import { holdIsLive } from '@/server/rentals/units/predicates';
import { moveOfferHoldToOrder, waitlistHolder } from '@/server/rentals/units/offer-holds';
import { placeLimitKey } from '@/server/rentals/units/limit-keys';
import { entryIdOfToken } from './tokens';

/** The entry an offer link's token names, or a 400 on the checkout's field: the link is not ours. */
export function offerEntryOf(secret: string, token: string): string {
  const entryId = entryIdOfToken(secret, token, 'offer');
  if (!entryId) throw new Invalid(invalidWaitlistLink, { waitlistOffer: invalidWaitlistLink });
  return entryId;
}

/**
 * The checkout of a waitlist offer, inside the checkout's transaction (after its locks): the unit held for the
 * offer moves to a new pending order of this customer, for at least the checkout's hold. Only the e-mail that joined
 * the line may use it (a forwarded link is refused, with nothing written); an offer that ended is a 409. The hold
 * limits do not apply: the unit is this person's already. Leaving the payment page gives the unit back to the offer
 * (units/holds.ts releaseHolds), so the link works again while the offer lasts.
 */
export async function holdOfferedUnit(
  tx: Tx,
  offer: { entryId: string; customerId: string; email: string },
  hold: HoldRequest,
  values: CheckoutOrderValues,
): Promise<{ orderId: string; modelId: string; btuTier: string }> {
  const [entry] = await tx
    .select({ status: waitlistEntries.status, email: waitlistEntries.email })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.id, offer.entryId))
    .for('update');
  if (!entry || entry.status !== 'offered') throw new Conflict(offerEnded);
  if (entry.email !== offer.email) throw new Invalid(offerForAnotherEmail, { email: offerForAnotherEmail });
  const [unit] = await tx
    .select({ id: units.id, modelId: units.modelId, btuTier: unitModels.btuTier })
    .from(units)
    .innerJoin(unitModels, eq(unitModels.id, units.modelId))
    .where(
      and(eq(units.heldForClient, waitlistHolder(offer.entryId)), eq(units.status, 'available'), holdIsLive(hold.now)),
    )
    .for('update', { of: units });
  if (!unit) throw new Conflict(offerEnded);
  const [order] = await tx
    .insert(orders)
    .values({
      ...values,
      placeKey: placeLimitKey(values),
      customerId: offer.customerId,
      modelId: unit.modelId,
      type: 'monthly',
      btuTier: unit.btuTier,
      createdAt: hold.now,
    })
    .returning({ id: orders.id });
  await moveOfferHoldToOrder(tx, unit.id, order!.id, hold.until);
  await tx.update(waitlistEntries).set({ orderId: order!.id }).where(eq(waitlistEntries.id, offer.entryId));
  return { orderId: order!.id, modelId: unit.modelId, btuTier: unit.btuTier };
}
