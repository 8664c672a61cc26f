import { eq } from 'drizzle-orm';
import type { Db, Tx } from '@/server/platform/db/client';
import { orders } from '@/server/platform/db/schema';
import { NotFound } from '@/server/platform/errors';

export const orderNotFound = () => new NotFound('Order not found');

/** The order, locked for the rest of the transaction: the admin's operations on one order take turns. */
export async function lockOrder(tx: Tx, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw orderNotFound();
  return order;
}

/** The order as it stands, unlocked: for checks made before asking a third party. */
export async function findOrder(db: Db, orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw orderNotFound();
  return order;
}
