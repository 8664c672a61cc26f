import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '@/server/platform/db/client';
import {
  localGatewayCustomers,
  localGatewayInvoiceItems,
  type localGatewaySessions,
} from '@/server/platform/db/schema';
import { Conflict, NotFound } from '@/server/platform/errors';
import { randomId } from './invoices';

/** An amount waiting for the customer's next invoice (renewal or final), as Stripe's pending invoice items. */
export async function createLocalInvoiceItem(
  db: Db,
  request: { gatewayCustomerId: string; amountCents: number; description: string; idempotencyKey?: string },
  now: Date,
): Promise<{ id: string }> {
  const [customer] = await db
    .select({ id: localGatewayCustomers.id })
    .from(localGatewayCustomers)
    .where(eq(localGatewayCustomers.id, request.gatewayCustomerId));
  if (!customer) throw new NotFound('No payment profile found for this customer');
  const [item] = await db
    .insert(localGatewayInvoiceItems)
    .values({ id: randomId('ii_local'), ...request, createdAt: now })
    .onConflictDoNothing({ target: localGatewayInvoiceItems.idempotencyKey })
    .returning({ id: localGatewayInvoiceItems.id });
  if (item) return item;
  // The key was used before: the same answer as the first time, as Stripe does.
  const [first] = await db
    .select({ id: localGatewayInvoiceItems.id })
    .from(localGatewayInvoiceItems)
    .where(eq(localGatewayInvoiceItems.idempotencyKey, request.idempotencyKey!));
  return first!;
}

/** Removes an item not yet on an invoice; one already billed cannot be removed (Stripe refuses the same). */
export async function deleteLocalInvoiceItem(db: Db, invoiceItemId: string): Promise<void> {
  const removed = await db
    .delete(localGatewayInvoiceItems)
    .where(and(eq(localGatewayInvoiceItems.id, invoiceItemId), isNull(localGatewayInvoiceItems.invoiceId)))
    .returning({ id: localGatewayInvoiceItems.id });
  if (removed.length > 0) return;
  const [billed] = await db
    .select({ invoiceId: localGatewayInvoiceItems.invoiceId })
    .from(localGatewayInvoiceItems)
    .where(eq(localGatewayInvoiceItems.id, invoiceItemId));
  if (!billed) throw new NotFound(`No such invoiceitem: '${invoiceItemId}'`);
  throw new Conflict(`The invoice item is already on invoice ${billed.invoiceId} and can no longer be removed.`);
}

/**
 * A paid checkout's one-time prices (`items`) as pending invoice items of its customer, so the subscription's first
 * invoice bills them with the first period (Checkout does the same with one-time prices in subscription mode).
 */
export async function addOneTimeItems(
  tx: Tx,
  session: typeof localGatewaySessions.$inferSelect,
  items: Array<{ amountCents: number; description: string }>,
  now: Date,
): Promise<void> {
  for (const [index, item] of items.entries()) {
    await tx
      .insert(localGatewayInvoiceItems)
      .values({
        id: randomId('ii_local'),
        gatewayCustomerId: session.gatewayCustomerId,
        amountCents: item.amountCents,
        description: item.description,
        idempotencyKey: `${session.id}:one-time:${index}`,
        createdAt: now,
      })
      .onConflictDoNothing({ target: localGatewayInvoiceItems.idempotencyKey });
  }
}
