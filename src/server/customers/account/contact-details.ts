import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '@/server/platform/audit-log';
import type { Db, Tx } from '@/server/platform/db/client';
import { customers } from '@/server/platform/db/schema';
import { Conflict, PaymentProviderFailed } from '@/server/platform/errors';
import type { PaymentGateway } from '@/server/billing/provider/gateway';
import { ownedOrder, rentalNotFound } from './rentals';

export interface ContactUpdate {
  name: string;
  email: string;
  phone: string;
}

const emailTaken = async (db: Db | Tx, customerId: string, email: string) =>
  (
    await db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.email, email), sql`${customers.id} <> ${customerId}`))
  ).length > 0;
const EMAIL_TAKEN = 'That e-mail address belongs to another account. Please use a different one.';

/**
 * Saves the customer's new contact details and records who changed what, and when. The payment provider's customer
 * is updated first (its receipts and billing page use the e-mail); if it refuses, nothing changes here either.
 */
export async function updateContactDetails(
  { db, payments }: { db: Db; payments: Pick<PaymentGateway, 'updateCustomer'> },
  customerId: string,
  orderId: string,
  update: ContactUpdate,
): Promise<void> {
  await ownedOrder(db, customerId, orderId);
  const [current] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!current) throw rentalNotFound();
  if (await emailTaken(db, customerId, update.email)) throw new Conflict(EMAIL_TAKEN);
  const gatewayCustomerId = current.stripeCustomerId;
  const contactChanged = (['name', 'email', 'phone'] as const).some((key) => current[key] !== update[key]);
  if (gatewayCustomerId && contactChanged) {
    await payments.updateCustomer({ gatewayCustomerId, ...update }).catch((error) => {
      throw new PaymentProviderFailed('did not accept the new contact details, so nothing was changed', error);
    });
  }
  try {
    await saveContactDetails(db, customerId, update);
  } catch (error) {
    // Our save failed after the provider took the change: put the provider back, so the two still agree.
    if (gatewayCustomerId && contactChanged) {
      const { name, email, phone } = current;
      await payments.updateCustomer({ gatewayCustomerId, name, email, phone: phone ?? '' }).catch(() => undefined);
    }
    throw error;
  }
}

async function saveContactDetails(db: Db, customerId: string, update: ContactUpdate): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(customers).where(eq(customers.id, customerId)).for('update');
    if (!before) throw rentalNotFound();
    if (await emailTaken(tx, customerId, update.email)) throw new Conflict(EMAIL_TAKEN);
    await tx.update(customers).set(update).where(eq(customers.id, customerId));
    const changed = (Object.keys(update) as Array<keyof ContactUpdate>).filter((key) => before[key] !== update[key]);
    await recordAudit(tx, {
      actorType: 'customer',
      actorId: customerId,
      action: 'customer.contact_updated',
      entityType: 'customer',
      entityId: customerId,
      details: Object.fromEntries(changed.map((key) => [key, { from: before[key], to: update[key] }])),
    });
  });
}
