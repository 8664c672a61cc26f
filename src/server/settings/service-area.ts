import { eq } from 'drizzle-orm';
import { defaultServiceArea, serviceAreaSettings, type ServiceAreaSettings } from '@/contracts/service-area';
import type { Db } from '@/server/db/client';
import { businessSettings } from '@/server/db/schema';

const KEY = 'service_area';

/** The service area as the owner set it, or the defaults until they do. */
export async function readServiceArea(db: Db): Promise<ServiceAreaSettings> {
  const [row] = await db
    .select({ value: businessSettings.value })
    .from(businessSettings)
    .where(eq(businessSettings.key, KEY));
  const parsed = serviceAreaSettings.safeParse(row?.value);
  return parsed.success ? parsed.data : defaultServiceArea;
}

/** Stores the service area (already validated by the caller's schema). */
export async function writeServiceArea(db: Db, value: ServiceAreaSettings): Promise<void> {
  await db
    .insert(businessSettings)
    .values({ key: KEY, value })
    .onConflictDoUpdate({ target: businessSettings.key, set: { value, updatedAt: new Date() } });
}
