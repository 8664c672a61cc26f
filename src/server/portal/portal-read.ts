import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { customerSessions, customers, orders, unitModels } from '../db/schema';
import { CUSTOMER_SESSION_COOKIE, hashToken } from '../customer-auth/sessions';
import { isUuid } from '../lib/uuid';

export interface PortalCancellationRow {
  id: string;
  status: string;
  requestDate: Date;
  effectiveDate: string;
  reason: string | null;
  processedAt: Date | null;
  notes: string | null;
}

/**
 * GET /api/portal/:id's first and main read, one statement (PGlite runs one statement at a time, so each round
 * trip queues behind every other request's): the signed-in session of this request's cookie, the order if it is
 * that customer's, the customer, the model's name, the latest agreement's PDF, the latest cancellation request,
 * and whether the billing ledger has anything for the order. Null when any of session, order or ownership fails:
 * the caller answers all of them alike ('Rental not found').
 */
export async function readPortalOrder(db: Db, request: FastifyRequest, orderId: string) {
  const token = request.cookies[CUSTOMER_SESSION_COOKIE];
  if (!token || !isUuid(orderId)) return null;
  const [row] = await db
    .select({
      order: orders,
      customer: { id: customers.id, name: customers.name, email: customers.email, phone: customers.phone },
      stripeCustomerId: customers.stripeCustomerId,
      modelName: unitModels.name,
      agreementPdfUrl: sql<string | null>`(select a.pdf_url from agreements a where a.order_id = ${orders.id}
        order by a.created_at desc limit 1)`,
      cancellation: sql<Record<string, string | null> | null>`(select json_build_object('id', c.id,
        'status', c.status, 'requestDate', c.request_date, 'effectiveDate', c.effective_date, 'reason', c.reason,
        'processedAt', c.processed_at, 'notes', c.notes)
        from cancellation_requests c where c.order_id = ${orders.id} order by c.created_at desc limit 1)`,
      hasLedger: sql<boolean>`exists (select 1 from subscriptions s where s.order_id = ${orders.id}
        or s.id = ${orders.stripeSubscriptionId})`,
    })
    .from(customerSessions)
    .innerJoin(orders, and(eq(orders.id, orderId), eq(orders.customerId, customerSessions.customerId)))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(unitModels, eq(unitModels.id, orders.modelId))
    .where(
      and(
        eq(customerSessions.token, hashToken(token)),
        gt(customerSessions.expiresAt, new Date()),
        isNull(customerSessions.revokedAt),
      ),
    );
  if (!row) return null;
  const c = typeof row.cancellation === 'string' ? JSON.parse(row.cancellation) : row.cancellation;
  const cancellation: PortalCancellationRow | null = c
    ? {
        id: c.id,
        status: c.status,
        requestDate: new Date(c.requestDate),
        effectiveDate: c.effectiveDate,
        reason: c.reason,
        processedAt: c.processedAt ? new Date(c.processedAt) : null,
        notes: c.notes,
      }
    : null;
  return { ...row, cancellation, hasLedger: row.hasLedger === true || String(row.hasLedger) === 't' };
}
