import { and, eq, lte } from 'drizzle-orm';
import type { BillingInterval } from '@/contracts/plan-terms';
import type { Db } from '@/server/platform/db/client';
import { localGatewayCustomers, localGatewaySessions, orders } from '@/server/platform/db/schema';
import { NotFound } from '@/server/platform/errors';
import type { CheckoutSession, CheckoutSessionRequest } from './gateway';
import { findLocalCustomer } from './local/customers';
import { randomId } from './local/invoices';

/** The embedded provider's sessions (local_gateway_sessions): the hosted checkout and billing pages. */
export type SessionRow = typeof localGatewaySessions.$inferSelect;

type OneTimeItem = SessionRow['oneTimeItems'][number];

/** A session's one-time prices. */
export const oneTimeItemsOf = (session: SessionRow): OneTimeItem[] => session.oneTimeItems;

/** How often the subscription a checkout session opens renews, as its request said. */
export const intervalOfSession = (session: SessionRow): BillingInterval =>
  session.interval === 'week' ? 'week' : 'month';

/** Where the provider sends the customer once a session is paid: its success URL, naming the session. */
export const redirectUrlOf = (session: SessionRow) => session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id);

/**
 * This app serves the page, on the origin the customer is sent back to: the one the checkout (or the portal)
 * was opened on, which holds the customer's cookies (ADR 015).
 */
export function payPageUrl(id: string, returnUrl: string): string {
  return `${new URL(returnUrl).origin}/pay/${id}`;
}

/** Opens a checkout session for the order, creating the provider's customer when the request names none it knows. */
export async function createLocalCheckoutSession(db: Db, request: CheckoutSessionRequest): Promise<CheckoutSession> {
  const id = randomId('cs_local');
  const session = (gatewayCustomerId: string) => ({
    id,
    kind: 'checkout' as const,
    gatewayCustomerId,
    orderId: request.orderId,
    amountCents: request.amountCents,
    oneTimeItems: request.oneTimeItems ?? [],
    interval: request.interval,
    trialEnd: request.renewsAt,
    successUrl: request.successUrl,
    cancelUrl: request.cancelUrl,
    expiresAt: request.expiresAt,
  });
  const known = request.gatewayCustomerId ? await findLocalCustomer(db, request.gatewayCustomerId) : undefined;
  if (known) {
    await db.insert(localGatewaySessions).values(session(known.id));
  } else {
    // A new customer (every first checkout): the provider's customer and the session in one statement.
    const customerId = randomId('cus_local');
    const customer = db
      .$with('customer')
      .as(
        db
          .insert(localGatewayCustomers)
          .values({ id: customerId, email: request.customerEmail })
          .returning({ id: localGatewayCustomers.id }),
      );
    await db.with(customer).insert(localGatewaySessions).values(session(customerId));
  }
  return { id, url: payPageUrl(id, request.successUrl) };
}

export async function findSession(db: Db, id: string): Promise<SessionRow> {
  const [session] = await db.select().from(localGatewaySessions).where(eq(localGatewaySessions.id, id));
  if (!session) throw new NotFound('Payment session not found');
  return session;
}

/** Expires the session if it is still open; undefined when another request completed or expired it first. */
export async function expireOpenSession(db: Db, id: string): Promise<SessionRow | undefined> {
  const [expired] = await db
    .update(localGatewaySessions)
    .set({ status: 'expired' })
    .where(and(eq(localGatewaySessions.id, id), eq(localGatewaySessions.status, 'open')))
    .returning();
  return expired;
}

/** Expires every open session past its time, answering the sessions it expired. */
export function expireDueSessionRows(db: Db, now: Date): Promise<SessionRow[]> {
  return db
    .update(localGatewaySessions)
    .set({ status: 'expired' })
    .where(and(eq(localGatewaySessions.status, 'open'), lte(localGatewaySessions.expiresAt, now)))
    .returning();
}

/** The order number a session's page and events show (null for a billing-page session, which has no order). */
export async function orderNumberOf(db: Db, orderId: string): Promise<string | null> {
  const [order] = await db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, orderId));
  return order?.orderNumber ?? null;
}
