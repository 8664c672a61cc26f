import { eq, sql } from 'drizzle-orm';
import { DEFAULT_OFFER_HOURS, waitlistSettings, type WaitlistSettings } from '@/contracts/waitlist';
import { adminAudit, recordAudit } from '@/server/platform/audit-log';
import type { Db } from '@/server/platform/db/client';
import { businessSettings } from '@/server/platform/db/schema';

/** Its row in business_settings. */
export const WAITLIST_SETTINGS_KEY = 'waitlist';
/** The audit trail's id for this one setting (audit_events entity_type 'business_setting'). */
export const WAITLIST_SETTING_ID = '00000000-0000-4000-8000-5e7713a00003';

/** How long an offer holds its unit, as the owner set it, or the default (12 hours) until they do. */
export async function readWaitlistSettings(db: Pick<Db, 'select'>): Promise<WaitlistSettings> {
  const [row] = await db
    .select({ value: businessSettings.value })
    .from(businessSettings)
    .where(eq(businessSettings.key, WAITLIST_SETTINGS_KEY));
  const parsed = waitlistSettings.safeParse(row?.value);
  return parsed.success ? parsed.data : { offerHours: DEFAULT_OFFER_HOURS };
}

/** Stores the owner's offer time (validated by the route's schema), audited with what it replaced. */
export async function writeWaitlistSettings(
  db: Db,
  adminUserId: string,
  next: WaitlistSettings,
): Promise<WaitlistSettings> {
  await db.transaction(async (tx) => {
    const before = await readWaitlistSettings(tx);
    await tx
      .insert(businessSettings)
      .values({ key: WAITLIST_SETTINGS_KEY, value: next })
      .onConflictDoUpdate({ target: businessSettings.key, set: { value: next, updatedAt: sql`now()` } });
    await recordAudit(
      tx,
      adminAudit(adminUserId, 'settings.waitlist.updated', 'business_setting', WAITLIST_SETTING_ID, {
        from: before,
        to: next,
      }),
    );
  });
  return next;
}
