import { sql } from 'drizzle-orm';
import { defaultServiceArea, serviceAreaSettings, type ServiceAreaSettings } from '@/contracts/service-area';
import { readSetting, type BusinessSetting } from '@/server/platform/db/business-settings';
import type { Db } from '@/server/platform/db/client';
import { businessSettings } from '@/server/platform/db/schema';

/** Its row in business_settings. */
export const SERVICE_AREA_KEY = 'service_area';

/** The service area as the owner set it, or the defaults until they do. */
export async function readServiceArea(db: Db): Promise<ServiceAreaSettings> {
  return (await readStoredServiceArea(db)).settings;
}

/**
 * The audit trail keys records by uuid; the service-area setting is one record, so it has this fixed id (the
 * history of its changes is audit_events where entity_type = 'business_setting' and this id).
 */
export const SERVICE_AREA_SETTING_ID = '00000000-0000-4000-8000-5e7713a00001';

export const SERVICE_AREA_SETTING: BusinessSetting<ServiceAreaSettings> = {
  key: SERVICE_AREA_KEY,
  schema: serviceAreaSettings,
  fallback: defaultServiceArea,
  auditId: SERVICE_AREA_SETTING_ID,
  action: 'settings.service_area.updated',
};

/**
 * The service area and the row's value as stored (null: none yet, the defaults apply), for a reader that keeps a
 * copy and checks later, in the same statement as its write, that the stored value is still the one it used
 * (checkout's delivery charge: checkout/delivery.ts).
 */
export async function readStoredServiceArea(db: Db): Promise<{ settings: ServiceAreaSettings; stored: unknown }> {
  const { value, stored } = await readSetting(db, SERVICE_AREA_SETTING);
  return { settings: value, stored };
}

/** Stores the service area (already validated by the caller's schema), unaudited: for tests and scripts. */
export async function writeServiceArea(db: Db, value: ServiceAreaSettings): Promise<void> {
  await db
    .insert(businessSettings)
    .values({ key: SERVICE_AREA_KEY, value })
    .onConflictDoUpdate({ target: businessSettings.key, set: { value, updatedAt: sql`now()` } });
}
