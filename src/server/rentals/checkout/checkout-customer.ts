import { eq } from 'drizzle-orm';
import type { CreateSessionInput } from '@/contracts/checkout';
import type { Tx } from '@/server/platform/db/client';
import type { Locale } from '@/contracts/locale';
import { customers } from '@/server/platform/db/schema';

export type Customer = typeof customers.$inferSelect;

/**
 * An existing customer is found by e-mail and left as they are: a checkout proves nobody's identity, so it may
 * not change a name or phone number someone else gave. A new customer is created with what was typed. Only the
 * language follows the latest checkout (a preference, not an identity: it decides the language of e-mails).
 */
export async function findOrCreateCustomer(
  tx: Tx,
  input: Pick<CreateSessionInput, 'email' | 'name' | 'phone'>,
  locale?: Locale,
): Promise<{ customer: Customer; created: boolean }> {
  // Most checkouts are by new customers: the insert comes first, so theirs is one statement. Every writer stores
  // e-mails lower-cased (the contracts lower-case them), so the unique index answers the conflict and the look-up.
  const [created] = await tx
    .insert(customers)
    .values({ email: input.email, name: input.name, phone: input.phone, ...(locale && { locale }) })
    .onConflictDoNothing({ target: customers.email })
    .returning();
  if (created) return { customer: created, created: true };
  const [existing] = await tx.select().from(customers).where(eq(customers.email, input.email));
  if (locale && existing!.locale !== locale) {
    await tx.update(customers).set({ locale }).where(eq(customers.id, existing!.id));
    return { customer: { ...existing!, locale }, created: false };
  }
  return { customer: existing!, created: false };
}
