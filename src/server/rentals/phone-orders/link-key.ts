import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A phone order's link key (ADR 034): an HMAC-SHA256 of the order id and its link version under SESSION_SECRET,
 * so no live token is stored (the outbox and the owner's screen make the link again when they need it). Sending the
 * link again raises the version: every older link stops opening the order and says a newer one was sent.
 */
export function linkKeyFor(secret: string, orderId: string, version: number): string {
  return createHmac('sha256', secret).update(`phone-order-link:${orderId}:${version}`).digest('base64url');
}

/** The link's version the key was made for, from the current one down to 0; null when it is no key of ours. */
export function versionOfKey(secret: string, orderId: string, currentVersion: number, key: string): number | null {
  const given = Buffer.from(key);
  for (let version = currentVersion; version >= 0; version -= 1) {
    const expected = Buffer.from(linkKeyFor(secret, orderId, version));
    if (expected.length === given.length && timingSafeEqual(expected, given)) return version;
  }
  return null;
}

/** The customer's page for the order: /order/{id}?key=… on the site the owner works on. */
export function orderLinkUrl(publicUrl: string, secret: string, order: { id: string; linkVersion: number }): string {
  return `${publicUrl}/order/${order.id}?key=${linkKeyFor(secret, order.id, order.linkVersion)}`;
}
