import {
  defaultDeliveryCapacity,
  deliveryCapacitySettings,
  type DeliveryCapacitySettings,
} from '@/contracts/delivery-windows';
import { readSetting, writeSetting, type BusinessSetting } from '@/server/platform/db/business-settings';
import type { Db } from '@/server/platform/db/client';

/** Its row in business_settings. */
export const DELIVERY_CAPACITY_KEY = 'delivery_capacity';
/** The audit trail's id for this one setting (audit_events entity_type 'business_setting'). */
export const DELIVERY_CAPACITY_SETTING_ID = '00000000-0000-4000-8000-5e7713a00002';

const DELIVERY_CAPACITY: BusinessSetting<DeliveryCapacitySettings> = {
  key: DELIVERY_CAPACITY_KEY,
  schema: deliveryCapacitySettings,
  fallback: defaultDeliveryCapacity,
  auditId: DELIVERY_CAPACITY_SETTING_ID,
  action: 'settings.delivery_capacity.updated',
};

/** The windows as the owner set them, or the defaults until they do. */
export async function readDeliveryCapacity(db: Pick<Db, 'select'>): Promise<DeliveryCapacitySettings> {
  return (await readSetting(db, DELIVERY_CAPACITY)).value;
}

/** Stores the owner's windows (validated by the route's schema), audited with what they replaced. */
export const writeDeliveryCapacity = (db: Db, adminUserId: string, next: DeliveryCapacitySettings) =>
  writeSetting(db, adminUserId, DELIVERY_CAPACITY, next);
