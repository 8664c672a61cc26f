import { eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { customers, orders, unitModels } from './schema';
import { modelNameForCustomer } from './model-name';

/**
 * The first order `where` picks, with its customer and its model's name: what an e-mail or a page about one order
 * (its confirmation, its receipt, the checkout's success page) reads. Undefined when no order matches.
 */
export async function findOrderWithCustomer(db: Db | Tx, where: SQL | undefined) {
  const [row] = await db
    .select({ order: orders, customer: customers, modelName: modelNameForCustomer() })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(unitModels, eq(unitModels.id, orders.modelId))
    .where(where)
    .limit(1);
  return row;
}
