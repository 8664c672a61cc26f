import type { WaitlistOfferView } from '@/contracts/waitlist';
import { findServerMessage } from '@/web/i18n/server-message';
import { ApiError } from '@/web/lib/api';
import type { ModelStock } from './api';

/**
 * The checkout opened from a waitlist offer's link (/checkout?model=…&waitlist=…, ADR 036): what its notice says,
 * which token create-session gets, and the model the unit is held for.
 */
export type OfferNotice =
  | { kind: 'checking' }
  | { kind: 'held'; modelId: string; modelName: string; heldUntil: string | null }
  | { kind: 'ended' }
  | { kind: 'invalid' }
  | { kind: 'failed' };

/** GET /api/waitlist/offer's answer as the notice says it: a 400 or 404 is a link that is not ours. */
export function offerNoticeOf({ data, error }: { data: WaitlistOfferView | undefined; error: unknown }): OfferNotice {
  if (data) {
    return data.state === 'held'
      ? { kind: 'held', modelId: data.modelId, modelName: data.modelName, heldUntil: data.heldUntil }
      : { kind: 'ended' };
  }
  if (error instanceof ApiError && (error.status === 400 || error.status === 404)) return { kind: 'invalid' };
  return error ? { kind: 'failed' } : { kind: 'checking' };
}

/**
 * The token create-session gets: the link's, unless the offer is known to be over, the link is not ours, or another
 * model was chosen; then the checkout goes on as any other (the unit in stock, if there is one), since the server
 * books the offer's own unit whatever model is asked for.
 */
export function offerTokenToSend(
  token: string | undefined,
  notice: OfferNotice,
  models: { selected: string | undefined; ofLink: string | undefined },
): string | undefined {
  if (!token || notice.kind === 'ended' || notice.kind === 'invalid') return undefined;
  // The offer's model once known, else the one its link names (?model=).
  const offerModel = notice.kind === 'held' ? notice.modelId : models.ofLink;
  return models.selected !== undefined && models.selected === offerModel ? token : undefined;
}

/** Create-session's refusal of an offer that ended meanwhile (409): the notice asks the offer again. */
export const isOfferEndedMessage = (message: string) => findServerMessage(message)?.key === 'offerEnded';

/**
 * The models as this visitor can rent them: the one held for their offer can be chosen, though the catalog counts it
 * out of stock for everyone else (its units go to the line).
 */
export function withUnitHeldForYou(items: ModelStock[], modelId: string | undefined): ModelStock[] {
  if (!modelId) return items;
  return items.map((item) =>
    item.model.id === modelId
      ? { ...item, stock: { available: Math.max(item.stock?.available ?? 0, 1), held: item.stock?.held ?? 0 } }
      : item,
  );
}
