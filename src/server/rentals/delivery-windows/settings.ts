import {
  defaultDeliveryCapacity,
  deliveryCapacitySettings,
  type DeliveryCapacitySettings,
} from '@/contracts/delivery-windows';
import { readSetting, settingOf, writeSetting, type BusinessSetting } from '@/server/platform/db/business-settings';
import type { Db, Tx } from '@/server/platform/db/client';
import { takenWithSetting, type Taken } from './windows';

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

/**
 * The owner's windows and what the days `from`..`to` have taken at `now`, in one statement: the read a checkout makes
 * before its hold (take.ts), one round trip where it made two.
 */
export async function readDeliveryCapacityWithTaken(
  db: Db | Tx,
  from: string,
  to: string,
  now: Date,
): Promise<{ settings: DeliveryCapacitySettings; taken: Taken }> {
  const { taken, stored } = await takenWithSetting(db, DELIVERY_CAPACITY_KEY, from, to, now);
  return { settings: settingOf(DELIVERY_CAPACITY, stored).value, taken };
}

/** Stores the owner's windows (validated by the route's schema), audited with what they replaced. */
export const writeDeliveryCapacity = (db: Db, adminUserId: string, next: DeliveryCapacitySettings) =>
  writeSetting(db, adminUserId, DELIVERY_CAPACITY, next);
