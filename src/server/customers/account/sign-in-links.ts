import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@/server/platform/db/client';
import { customers, orders } from '@/server/platform/db/schema';
import { loginLinkOwner } from '@/server/platform/auth/login-links';
import { isUuid } from '@/server/platform/lib/uuid';
import { enqueueNotification } from '@/server/platform/mail/outbox';

/** The e-mail template (and notification kind) that carries a fresh one-time link (db/system-email-templates.ts). */
export const SIGN_IN_LINK_KIND = 'sign_in_link';

/**
 * Queues a sign-in e-mail for one customer's rental. The message holds no secret: the one-time link is made when
 * it is sent (customers/outbox-dispatch.ts), on `siteUrl`, the site the request came to.
 */
async function queueSignInEmail(
  db: Db,
  target: { customerId: string; orderId: string; email: string; name: string; orderNumber: string },
  siteUrl: string,
): Promise<void> {
  await db.transaction((tx) =>
    enqueueNotification(tx, {
      key: `${SIGN_IN_LINK_KIND}:${target.customerId}:${randomUUID()}`,
      audience: 'customer',
      kind: SIGN_IN_LINK_KIND,
      customerId: target.customerId,
      orderId: target.orderId,
      values: {
        recipientEmail: target.email,
        customerName: target.name,
        orderNumber: target.orderNumber,
        siteUrl,
      },
    }),
  );
}

/**
 * "E-mail me a sign-in link" from a signed-out portal page. When the address is a customer's, queues a link to the
 * order the page was opened for if it is theirs, otherwise to their newest rental. Says nothing either way: the
 * route answers the same whether or not anything was queued.
 */
export async function requestSignInLink(
  db: Db,
  input: { email: string; orderId?: string },
  siteUrl: string,
): Promise<void> {
  const email = input.email.trim().toLowerCase();
  const wanted = input.orderId && isUuid(input.orderId) ? input.orderId : null;
  const [match] = await db
    .select({
      customerId: customers.id,
      name: customers.name,
      email: customers.email,
      orderId: orders.id,
      orderNumber: orders.orderNumber,
    })
    .from(customers)
    .innerJoin(orders, eq(orders.customerId, customers.id))
    .where(and(eq(customers.email, email), wanted ? eq(orders.id, wanted) : undefined))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  if (match) return queueSignInEmail(db, match, siteUrl);
  // The order asked for is not theirs (or not real): the customer still gets a link to their newest rental.
  if (wanted) return requestSignInLink(db, { email }, siteUrl);
}

/** "Send me a new link" from a used or expired one: the old token says whom to send it to. Silent when unknown. */
export async function resendLoginLink(db: Db, token: string, siteUrl: string): Promise<void> {
  const owner = await loginLinkOwner(db, token);
  if (!owner) return;
  const [target] = await db
    .select({ email: customers.email, name: customers.name, orderNumber: orders.orderNumber })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(orders.id, owner.orderId), eq(customers.id, owner.customerId)));
  if (!target) return;
  await queueSignInEmail(db, { ...owner, ...target }, siteUrl);
}
