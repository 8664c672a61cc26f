import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { PortalFee } from '@/contracts/portal';
import type { Db } from '@/server/platform/db/client';
import { customerSessions, customers, orders, unitModels } from '@/server/platform/db/schema';
import { CUSTOMER_SESSION_COOKIE, hashToken } from '@/server/platform/auth/customer-sessions';
import { isUuid } from '@/server/platform/lib/uuid';
import { sessionClock } from '@/server/platform/clock';

export interface PortalCancellationRow {
  id: string;
  status: string;
  requestDate: Date;
  effectiveDate: string;
  reason: string | null;
  processedAt: Date | null;
  notes: string | null;
}

/** What readPortalOrder's statement is built from, once per database (drizzle's `.prepare`). */
function portalOrderStatement(db: Db) {
  return db
    .select({
      order: orders,
      customer: { id: customers.id, name: customers.name, email: customers.email, phone: customers.phone },
      stripeCustomerId: customers.stripeCustomerId,
      modelName: unitModels.name,
      modelNameEs: unitModels.nameEs,
      // The photo's version only (its bytes are served by GET /api/unit-models/:id/photo), as the catalog reads it.
      modelPhotoUpdatedAt: unitModels.photoUpdatedAt,
      agreementPdfUrl: sql<string | null>`(select a.pdf_url from agreements a where a.order_id = ${orders.id}
        order by a.created_at desc limit 1)`,
      cancellation: sql<Record<string, string | null> | null>`(select json_build_object('id', c.id,
        'status', c.status, 'requestDate', c.request_date, 'effectiveDate', c.effective_date, 'reason', c.reason,
        'processedAt', c.processed_at, 'notes', c.notes)
        from cancellation_requests c where c.order_id = ${orders.id} order by c.created_at desc limit 1)`,
      // The fees on this rental the customer should know of, newest first: pending, failed and paid (waived ones are gone).
      fees: sql<Record<string, string | number | null>[] | string>`(select coalesce(json_agg(json_build_object(
        'id', f.id, 'feeType', f.fee_type, 'description', f.description, 'amountCents', f.amount_cents,
        'status', f.status, 'createdAt', f.created_at, 'paidAt', f.paid_at, 'ownInvoice', f.invoice_id is not null,
        'invoice', (select json_build_object('status', i.status, 'url', i.hosted_invoice_url) from invoices i
          where i.id = f.invoice_id
            or i.id in (select l.invoice_id from invoice_lines l where l.invoice_item_id = f.stripe_invoice_id)
          order by i.issued_at desc limit 1)) order by f.created_at desc), '[]')
        from additional_fees f where f.order_id = ${orders.id} and f.status in ('pending', 'failed', 'paid'))`,
      hasLedger: sql<boolean>`exists (select 1 from subscriptions s where s.order_id = ${orders.id}
        or s.id = ${orders.stripeSubscriptionId}) or exists (select 1 from invoices i where i.order_id = ${orders.id})`,
    })
    .from(customerSessions)
    .innerJoin(
      orders,
      and(eq(orders.id, sql.placeholder('orderId')), eq(orders.customerId, customerSessions.customerId)),
    )
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(unitModels, eq(unitModels.id, orders.modelId))
    .where(
      and(
        eq(customerSessions.token, sql.placeholder('tokenHash')),
        gt(customerSessions.expiresAt, sql.placeholder('now')),
        isNull(customerSessions.revokedAt),
      ),
    )
    .prepare('portal_order');
}

/**
 * Built once per database: drizzle does not rebuild the SQL for each request (28% of node's CPU on PostgreSQL,
 * docs/perf/), and on node-postgres it is a named statement, parsed and planned once per connection.
 */
const statements = new WeakMap<Db, ReturnType<typeof portalOrderStatement>>();

/**
 * GET /api/portal/:id's read, one statement (PGlite runs one statement at a time, so each round trip queues behind
 * every other request's): the signed-in session of this request's cookie, the order if it is that customer's, the
 * customer, the model's name, the latest agreement's PDF, the latest cancellation request, the order's fees, and
 * whether the billing ledger has anything for the order. Null when any of session, order or ownership fails: the
 * caller answers all of them alike ('Rental not found').
 */
export async function readPortalOrder(db: Db, request: FastifyRequest, orderId: string) {
  const token = request.cookies[CUSTOMER_SESSION_COOKIE];
  if (!token || !isUuid(orderId)) return null;
  let statement = statements.get(db);
  if (!statement) statements.set(db, (statement = portalOrderStatement(db)));
  const [row] = await statement.execute({ orderId, tokenHash: hashToken(token), now: sessionClock.now() });
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
  const feeRows = (typeof row.fees === 'string' ? JSON.parse(row.fees) : row.fees) as Record<string, unknown>[];
  const fees: PortalFee[] = feeRows.map((fee) => ({
    id: fee.id as string,
    feeType: fee.feeType as string,
    description: fee.description as string,
    amountCents: fee.amountCents as number,
    status: fee.status as string,
    createdAt: new Date(fee.createdAt as string).toISOString(),
    paidAt: fee.paidAt ? new Date(fee.paidAt as string).toISOString() : null,
    ownInvoice: fee.ownInvoice === true,
    invoice: (fee.invoice as PortalFee['invoice']) ?? null,
  }));
  return { ...row, cancellation, fees, hasLedger: row.hasLedger === true || String(row.hasLedger) === 't' };
}
