import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a waitlist link does: check out the unit held for an offer, or leave the line. */
export type WaitlistLinkPurpose = 'offer' | 'leave';

function keyFor(secret: string, entryId: string, purpose: WaitlistLinkPurpose): string {
  return createHmac('sha256', secret).update(`waitlist-${purpose}:${entryId}`).digest('base64url');
}

/**
 * A waitlist link's token (ADR 036): "<entry id>.<HMAC-SHA256 of the id and the purpose under SESSION_SECRET>", so
 * no live token is stored and a leave link cannot check out, nor an offer link be made from the id alone.
 */
export function waitlistTokenFor(secret: string, entryId: string, purpose: WaitlistLinkPurpose): string {
  return `${entryId}.${keyFor(secret, entryId, purpose)}`;
}

/** The entry a token names when it is ours for that purpose; null for anything else. */
export function entryIdOfToken(secret: string, token: string, purpose: WaitlistLinkPurpose): string | null {
  const dot = token.indexOf('.');
  if (dot < 0) return null;
  const entryId = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(keyFor(secret, entryId, purpose));
  return given.length === expected.length && timingSafeEqual(given, expected) ? entryId : null;
}

/** The links an entry's e-mails carry, on the site the owner works on. */
export function waitlistLinks(
  site: { publicUrl: string; secret: string },
  entry: { id: string; modelId: string },
): { offerUrl: string; leaveUrl: string } {
  const offer = encodeURIComponent(waitlistTokenFor(site.secret, entry.id, 'offer'));
  const leave = encodeURIComponent(waitlistTokenFor(site.secret, entry.id, 'leave'));
  return {
    offerUrl: `${site.publicUrl}/checkout?model=${entry.modelId}&waitlist=${offer}`,
    leaveUrl: `${site.publicUrl}/waitlist/leave?token=${leave}`,
  };
}
