import { and, eq, or } from 'drizzle-orm';
import { business } from '@/contracts/business';
import { minimumTermEndDate } from '@/contracts/cancellation';
import type { Db } from '@/server/platform/db/client';
import { customers, orders } from '@/server/platform/db/schema';
import { NotFound } from '@/server/platform/errors';
import { isUuid } from '@/server/platform/lib/uuid';

/** The same answer for an unknown order, another customer's order and no session: nothing to tell apart. */
export const rentalNotFound = () => new NotFound('Rental not found');

/**
 * Finds an order by its number (any case) or its id, but only if the e-mail on it matches. Order numbers are stored
 * as 'order-' plus upper-case characters and e-mails lower-cased (every write path normalises them), so the input is
 * normalised once and the unique indexes answer.
 */
export async function findOrderForAccess(db: Db, orderNumberOrId: string, email: string) {
  const key = orderNumberOrId.trim();
  const orderNumber = key.toLowerCase().startsWith('order-') ? `order-${key.slice(6).toUpperCase()}` : key;
  const matchesKey = isUuid(key)
    ? or(eq(orders.id, key), eq(orders.orderNumber, orderNumber))
    : eq(orders.orderNumber, orderNumber);
  const [row] = await db
    .select({ orderId: orders.id, customerId: orders.customerId })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(matchesKey, eq(customers.email, email.trim().toLowerCase())));
  return row ?? null;
}

/** The order, if it belongs to this customer; otherwise the same NotFound as for an unknown id. */
export async function ownedOrder(db: Db, customerId: string, orderId: string) {
  if (!isUuid(orderId)) throw rentalNotFound();
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)));
  if (!order) throw rentalNotFound();
  return order;
}

/** The contract terms a cancellation is judged by, as of `today`: the order's plan decides which rules apply. */
export function cancellationTerms(order: { type: string; startDate: string; monthsMin: number }, today: string) {
  return {
    today,
    planType: order.type === 'weekly' ? ('weekly' as const) : ('monthly' as const),
    startDate: order.startDate,
    monthsMin: order.monthsMin,
    minimumTermEndDate: minimumTermEndDate(order.startDate, order.monthsMin),
    earlyTerminationFeeCents: business.earlyTerminationFeeCents,
    noticeDays: business.cancellationNoticeDays,
  };
}
