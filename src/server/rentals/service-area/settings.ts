import { eq, sql } from 'drizzle-orm';
import { defaultServiceArea, serviceAreaSettings, type ServiceAreaSettings } from '@/contracts/service-area';
import type { Db } from '@/server/platform/db/client';
import { businessSettings } from '@/server/platform/db/schema';

/** Its row in business_settings. */
export const SERVICE_AREA_KEY = 'service_area';

/** The service area as the owner set it, or the defaults until they do. */
export async function readServiceArea(db: Db): Promise<ServiceAreaSettings> {
  return (await readStoredServiceArea(db)).settings;
}

/**
 * The service area and the row's value as stored (null: none yet, the defaults apply), for a reader that keeps a
 * copy and checks later, in the same statement as its write, that the stored value is still the one it used
 * (checkout's delivery charge: checkout/delivery.ts).
 */
export async function readStoredServiceArea(db: Db): Promise<{ settings: ServiceAreaSettings; stored: unknown }> {
  const [row] = await db
    .select({ value: businessSettings.value })
    .from(businessSettings)
    .where(eq(businessSettings.key, SERVICE_AREA_KEY));
  const parsed = serviceAreaSettings.safeParse(row?.value);
  return { settings: parsed.success ? parsed.data : defaultServiceArea, stored: row?.value ?? null };
}

/** Stores the service area (already validated by the caller's schema). */
export async function writeServiceArea(db: Db, value: ServiceAreaSettings): Promise<void> {
  await db
    .insert(businessSettings)
    .values({ key: SERVICE_AREA_KEY, value })
    .onConflictDoUpdate({ target: businessSettings.key, set: { value, updatedAt: sql`now()` } });
}
