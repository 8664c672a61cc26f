import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '@/server/platform/db/client';
import { customerLoginLinks } from '@/server/platform/db/schema';
import { hashToken, newToken } from './customer-sessions';

export const LOGIN_LINK_DAYS = 7;

/**
 * A one-time sign-in link for the e-mail: opening it signs the customer in and lands on the order's portal.
 * Single use, 7 days. Returns the absolute URL to put in the message.
 */
export async function createLoginLink(
  db: Db,
  options: { customerId: string; orderId: string; publicUrl: string; now: Date },
): Promise<string> {
  const token = newToken();
  const expiresAt = new Date(options.now.getTime() + LOGIN_LINK_DAYS * 86_400_000);
  await db.insert(customerLoginLinks).values({
    customerId: options.customerId,
    orderId: options.orderId,
    token: hashToken(token),
    expiresAt,
  });
  return `${options.publicUrl}/auth/link/${token}`;
}

/** Marks the link used and returns whom it signs in; null when unknown, used or expired (all alike). */
export async function consumeLoginLink(
  db: Db,
  token: string,
  now: Date,
): Promise<{ customerId: string; orderId: string } | null> {
  const [link] = await db
    .update(customerLoginLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(customerLoginLinks.token, hashToken(token)),
        isNull(customerLoginLinks.usedAt),
        gt(customerLoginLinks.expiresAt, now),
      ),
    )
    .returning({ customerId: customerLoginLinks.customerId, orderId: customerLoginLinks.orderId });
  return link ?? null;
}

/** Whom a link was made for, used or expired alike (a used link offers to send a fresh one); null when unknown. */
export async function loginLinkOwner(db: Db, token: string): Promise<{ customerId: string; orderId: string } | null> {
  const [link] = await db
    .select({ customerId: customerLoginLinks.customerId, orderId: customerLoginLinks.orderId })
    .from(customerLoginLinks)
    .where(eq(customerLoginLinks.token, hashToken(token)));
  return link ?? null;
}
