import { sql } from 'drizzle-orm';
import { deliveryCapacitySettings } from '@/contracts/delivery-windows';
import type { Db } from '@/server/platform/db/client';
import { businessSettings } from '@/server/platform/db/schema';
import { DELIVERY_CAPACITY_KEY } from '@/server/rentals/delivery-windows/settings';

/**
 * The most delivery capacity the settings allow (every day, ten windows of 200 visits from 8 to 6), for load runs
 * that start thousands of checkouts (bench, chaos): what they measure is the checkout, not a full van.
 */
export async function giveRoomyDeliveryCapacity(db: Db): Promise<void> {
  const value = deliveryCapacitySettings.parse({
    windows: [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) =>
      Array.from({ length: 10 }, (_, hour) => ({
        weekday,
        start: `${String(8 + hour).padStart(2, '0')}:00`,
        end: `${String(9 + hour).padStart(2, '0')}:00`,
        visits: 200,
      })),
    ),
    sameDayCutoff: '23:59',
    blackoutDates: [],
  });
  await db
    .insert(businessSettings)
    .values({ key: DELIVERY_CAPACITY_KEY, value })
    .onConflictDoUpdate({ target: businessSettings.key, set: { value, updatedAt: sql`now()` } });
}
