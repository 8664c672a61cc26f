import { eq, sql } from 'drizzle-orm';
import {
  defaultDeliveryCapacity,
  deliveryCapacitySettings,
  type DeliveryCapacitySettings,
} from '@/contracts/delivery-windows';
import { adminAudit, recordAudit } from '@/server/platform/audit-log';
import type { Db } from '@/server/platform/db/client';
import { businessSettings } from '@/server/platform/db/schema';

/** Its row in business_settings. */
export const DELIVERY_CAPACITY_KEY = 'delivery_capacity';
/** The audit trail's id for this one setting (audit_events entity_type 'business_setting'). */
export const DELIVERY_CAPACITY_SETTING_ID = '00000000-0000-4000-8000-5e7713a00002';

/** The windows as the owner set them, or the defaults until they do. */
export async function readDeliveryCapacity(db: Pick<Db, 'select'>): Promise<DeliveryCapacitySettings> {
  const [row] = await db
    .select({ value: businessSettings.value })
    .from(businessSettings)
    .where(eq(businessSettings.key, DELIVERY_CAPACITY_KEY));
  const parsed = deliveryCapacitySettings.safeParse(row?.value);
  return parsed.success ? parsed.data : defaultDeliveryCapacity;
}

/** Stores the owner's windows (validated by the route's schema), audited with what they replaced. */
export async function writeDeliveryCapacity(
  db: Db,
  adminUserId: string,
  next: DeliveryCapacitySettings,
): Promise<DeliveryCapacitySettings> {
  await db.transaction(async (tx) => {
    const before = await readDeliveryCapacity(tx);
    await tx
      .insert(businessSettings)
      .values({ key: DELIVERY_CAPACITY_KEY, value: next })
      .onConflictDoUpdate({ target: businessSettings.key, set: { value: next, updatedAt: sql`now()` } });
    await recordAudit(
      tx,
      adminAudit(adminUserId, 'settings.delivery_capacity.updated', 'business_setting', DELIVERY_CAPACITY_SETTING_ID, {
        from: before,
        to: next,
      }),
    );
  });
  return next;
}
