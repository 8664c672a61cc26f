import { eq } from 'drizzle-orm';
import type { Db } from '@/server/platform/db/client';
import { localGatewayInvoiceItems, localGatewayInvoices, localGatewaySubscriptions } from '@/server/platform/db/schema';
import { NotFound } from '@/server/platform/errors';
import type { PaymentGateway, StandaloneInvoice } from '../gateway';
import { customerOf, finalizeDraft, hostedInvoicePath, invoiceShape, lockPendingItems, randomId } from './invoices';
import { invoiceEvent, queueEvents } from './outbox';

type Request = Parameters<PaymentGateway['invoicePendingItemsNow']>[0];
type InvoiceRow = typeof localGatewayInvoices.$inferSelect;

/** An invoice's hosted page: the app's route that opens a billing page where a card pays it (public/local-pay-page.ts). */

function standalone(row: InvoiceRow): StandaloneInvoice {
  const lines = row.lines as Array<{ invoiceItemId: string | null }>;
  return {
    id: row.id,
    status: row.status,
    amountDueCents: row.amountDueCents,
    hostedInvoiceUrl: row.status === 'draft' ? null : row.hostedInvoiceUrl,
    invoiceItemIds: lines.flatMap((line) => (line.invoiceItemId ? [line.invoiceItemId] : [])),
  };
}

/**
 * Stripe's invoices.create (pending_invoice_items_behavior 'include', auto_advance), finalize and pay, as one
 * transaction: the customer's pending items on an invoice of its own (billing_reason 'manual', no subscription,
 * metadata.orderId), charged to the card on file; its events queued for the webhook. A declined card leaves it open
 * with its hosted page and the retries of any invoice. The idempotency key answers with the invoice it made first.
 */
export async function invoicePendingItemsLocally(
  db: Db,
  request: Request,
  options: { now: Date; publicUrl: string | undefined },
): Promise<StandaloneInvoice | null> {
  const { now } = options;
  return db.transaction(async (tx) => {
    const pending = await lockPendingItems(tx, request.gatewayCustomerId);
    // After the lock: a request with the same key that got there first has committed its invoice.
    const [earlier] = await tx
      .select()
      .from(localGatewayInvoices)
      .where(eq(localGatewayInvoices.idempotencyKey, request.idempotencyKey));
    if (earlier) return standalone(earlier);
    const customer = await customerOf(tx, request.gatewayCustomerId);
    if (!customer) throw new NotFound(`No such customer: '${request.gatewayCustomerId}'`);
    if (pending.length === 0) return null;

    const id = randomId('in_local');
    const lines = pending.map((item) => ({
      id: randomId('il_local'),
      kind: 'item' as const,
      invoiceItemId: item.id,
      description: item.description,
      amountCents: item.amountCents,
      periodStart: item.createdAt.toISOString(),
      periodEnd: item.createdAt.toISOString(),
    }));
    const [draft] = await tx
      .insert(localGatewayInvoices)
      .values({
        id,
        subscriptionId: null,
        gatewayCustomerId: customer.id,
        orderId: request.orderId,
        hostedInvoiceUrl: options.publicUrl ? `${options.publicUrl}${hostedInvoicePath(id)}` : null,
        idempotencyKey: request.idempotencyKey,
        status: 'draft',
        billingReason: 'manual',
        amountDueCents: lines.reduce((sum, line) => sum + line.amountCents, 0),
        lines,
        issuedAt: now,
      })
      .returning();
    for (const item of pending) {
      await tx.update(localGatewayInvoiceItems).set({ invoiceId: id }).where(eq(localGatewayInvoiceItems.id, item.id));
    }
    const created = invoiceEvent('invoice.created', invoiceShape(draft!, customer), now);
    await queueEvents(tx, [created, ...(await finalizeDraft(tx, draft!, now))]);
    const [charged] = await tx.select().from(localGatewayInvoices).where(eq(localGatewayInvoices.id, id));
    return standalone(charged!);
  });
}

/**
 * Where an invoice's hosted page sends the customer: a billing page (where a new card pays what is open) while the
 * invoice is open, else straight back to the rental. `openBillingPage` makes the billing page for a return URL.
 */
export async function invoicePageTarget(
  db: Db,
  invoiceId: string,
  publicUrl: string,
  openBillingPage: (gatewayCustomerId: string, returnUrl: string) => Promise<string>,
): Promise<string> {
  const [row] = await db
    .select({ invoice: localGatewayInvoices, subscriptionOrderId: localGatewaySubscriptions.orderId })
    .from(localGatewayInvoices)
    .leftJoin(localGatewaySubscriptions, eq(localGatewaySubscriptions.id, localGatewayInvoices.subscriptionId))
    .where(eq(localGatewayInvoices.id, invoiceId));
  if (!row) throw new NotFound('Invoice not found');
  const { invoice } = row;
  // A renewal's invoice names its rental through its subscription; a fee's invoice names it itself.
  const orderId = invoice.orderId ?? row.subscriptionOrderId;
  const returnUrl = orderId ? `${publicUrl}/portal/${orderId}` : `${publicUrl}/account-access`;
  if (invoice.status !== 'open') return returnUrl;
  return openBillingPage(invoice.gatewayCustomerId, returnUrl);
}
