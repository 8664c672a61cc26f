import { eq } from 'drizzle-orm';
import type { Tx } from '@/server/db/client';
import { orders } from '@/server/db/schema';
import { NotFound } from '@/server/http/errors';

export const orderNotFound = () => new NotFound('Order not found');

/** The order, locked for the rest of the transaction: the admin's operations on one order take turns. */
export async function lockOrder(tx: Tx, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw orderNotFound();
  return order;
}
