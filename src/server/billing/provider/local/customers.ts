import { eq } from 'drizzle-orm';
import type { Db } from '@/server/platform/db/client';
import { localGatewayCustomers } from '@/server/platform/db/schema';
import { NotFound } from '@/server/platform/errors';

type CustomerRow = typeof localGatewayCustomers.$inferSelect;

/** The embedded provider's customers: an e-mail and the card on file. */
export async function findLocalCustomer(db: Db, id: string): Promise<CustomerRow | undefined> {
  const [customer] = await db.select().from(localGatewayCustomers).where(eq(localGatewayCustomers.id, id));
  return customer;
}

/** The embedded provider keeps only the e-mail (its pages show no name or phone). */
export async function updateLocalCustomer(db: Db, request: { gatewayCustomerId: string; email: string }) {
  const updated = await db
    .update(localGatewayCustomers)
    .set({ email: request.email })
    .where(eq(localGatewayCustomers.id, request.gatewayCustomerId))
    .returning({ id: localGatewayCustomers.id });
  if (updated.length === 0) throw new NotFound(`No such customer: '${request.gatewayCustomerId}'`);
}
