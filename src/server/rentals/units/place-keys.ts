import { asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/server/platform/db/client';
import { orders } from '@/server/platform/db/schema';
import { placeLimitKey } from './limit-keys';

/** Orders keyed per statement: a small business's history is a few batches, once. */
const BATCH = 500;

/**
 * Keys the orders written before their delivery address had a key (migration 0025): the per-address hold limit
 * counts by orders.place_key, which only this app can compute (limit-keys.ts). Run at each start, after the
 * migrations; once every order has its key, it is one look-up in orders_place_key_missing_idx. Returns how many
 * orders it keyed.
 */
export async function fillMissingPlaceKeys(db: Db): Promise<number> {
  let keyed = 0;
  for (;;) {
    const batch = await db
      .select({ id: orders.id, address: orders.address, zipCode: orders.zipCode })
      .from(orders)
      .where(isNull(orders.placeKey))
      .orderBy(asc(orders.createdAt))
      .limit(BATCH);
    for (const order of batch) {
      await db
        .update(orders)
        .set({ placeKey: placeLimitKey(order) })
        .where(eq(orders.id, order.id));
    }
    keyed += batch.length;
    if (batch.length < BATCH) return keyed;
  }
}
