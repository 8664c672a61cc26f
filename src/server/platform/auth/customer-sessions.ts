import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '@/server/platform/db/client';
import { customerSessions, customers } from '@/server/platform/db/schema';
import { sessionClock } from '@/server/platform/clock';

export const CUSTOMER_SESSION_COOKIE = 'cr_session';
export const CUSTOMER_SESSION_DAYS = 30;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

interface SessionOptions {
  customerId: string;
  secureCookie: boolean;
}

function newSession(options: SessionOptions) {
  const token = newToken();
  const expiresAt = new Date(sessionClock.now().getTime() + CUSTOMER_SESSION_DAYS * 86_400_000);
  return { token, row: { customerId: options.customerId, token: hashToken(token), expiresAt } };
}

function setSessionCookie(reply: FastifyReply, token: string, expires: Date, secure: boolean): void {
  reply.setCookie(CUSTOMER_SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires });
}

/**
 * Signs the customer in on this browser: a random token in an httpOnly, SameSite=Lax cookie (Secure in
 * production); the database keeps only its hash. 30 days, revocable.
 */
export async function startCustomerSession(db: Db, reply: FastifyReply, options: SessionOptions): Promise<void> {
  const { token, row } = newSession(options);
  await db.insert(customerSessions).values(row);
  setSessionCookie(reply, token, row.expiresAt, options.secureCookie);
}

/**
 * Signs the customer in only when they have never had a session: the sign-in that paying grants (/success) is
 * given once per checkout, however often the page is loaded. The customer's row is locked, so loads arriving
 * together take turns and only the first creates a session. Returns whether it did.
 */
export async function startFirstCustomerSession(
  db: Db,
  reply: FastifyReply,
  options: SessionOptions,
): Promise<boolean> {
  const { token, row } = newSession(options);
  const started = await db.transaction(async (tx) => {
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, options.customerId)).for('update');
    const [existing] = await tx
      .select({ id: customerSessions.id })
      .from(customerSessions)
      .where(eq(customerSessions.customerId, options.customerId))
      .limit(1);
    if (existing) return false;
    await tx.insert(customerSessions).values(row);
    return true;
  });
  if (started) setSessionCookie(reply, token, row.expiresAt, options.secureCookie);
  return started;
}

export interface CustomerSession {
  sessionId: string;
  customerId: string;
}

/** findCustomerSession's statement, built once per database (a named statement on node-postgres). */
function customerSessionStatement(db: Db) {
  return db
    .select({ sessionId: customerSessions.id, customerId: customerSessions.customerId })
    .from(customerSessions)
    .where(
      and(
        eq(customerSessions.token, sql.placeholder('tokenHash')),
        gt(customerSessions.expiresAt, sql.placeholder('now')),
        isNull(customerSessions.revokedAt),
      ),
    )
    .prepare('customer_session');
}
const sessionStatements = new WeakMap<Db, ReturnType<typeof customerSessionStatement>>();

/** The signed-in customer of this request, or null: no cookie, unknown, expired and revoked all look the same. */
export async function findCustomerSession(db: Db, request: FastifyRequest): Promise<CustomerSession | null> {
  const token = request.cookies[CUSTOMER_SESSION_COOKIE];
  if (!token) return null;
  let statement = sessionStatements.get(db);
  if (!statement) sessionStatements.set(db, (statement = customerSessionStatement(db)));
  const [session] = await statement.execute({ tokenHash: hashToken(token), now: sessionClock.now() });
  return session ?? null;
}

export async function endCustomerSession(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[CUSTOMER_SESSION_COOKIE];
  if (token) {
    await db
      .update(customerSessions)
      .set({ revokedAt: sessionClock.now() })
      .where(eq(customerSessions.token, hashToken(token)));
  }
  reply.clearCookie(CUSTOMER_SESSION_COOKIE, { path: '/' });
}
