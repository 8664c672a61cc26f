import { eq, sql } from 'drizzle-orm';
import type { CustomerLookupResult } from '@/contracts/phone-orders';
import type { Db } from '@/server/platform/db/client';
import { customers } from '@/server/platform/db/schema';

const customerFields = {
  id: customers.id,
  name: customers.name,
  email: customers.email,
  phone: customers.phone,
  locale: customers.locale,
};

/**
 * The existing customer the owner has on the phone: by e-mail (exactly, as stored: lower-cased), else by phone
 * number, digits compared (customers_phone_digits_idx), so "(949) 555-0100" finds "949-555-0100". A number is tried
 * with and without the US country code. Null when none matches; several on one number: the newest.
 */
export async function findCustomerForPhoneOrder(db: Db, query: string): Promise<CustomerLookupResult['customer']> {
  const wanted = query.trim();
  if (wanted.includes('@')) {
    const [byEmail] = await db.select(customerFields).from(customers).where(eq(customers.email, wanted.toLowerCase()));
    return byEmail ?? null;
  }
  const digits = wanted.replace(/\D/g, '');
  if (digits.length < 10) return null;
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  const candidates = [national, `1${national}`];
  const [byPhone] = await db
    .select(customerFields)
    .from(customers)
    .where(sql`regexp_replace(${customers.phone}, '\\D', '', 'g') in ${candidates}`)
    .orderBy(sql`${customers.createdAt} desc`)
    .limit(1);
  return byPhone ?? null;
}
