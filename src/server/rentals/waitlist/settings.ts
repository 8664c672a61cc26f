import { DEFAULT_OFFER_HOURS, waitlistSettings, type WaitlistSettings } from '@/contracts/waitlist';
import { readSetting, writeSetting, type BusinessSetting } from '@/server/platform/db/business-settings';
import type { Db } from '@/server/platform/db/client';

/** How long an offer holds its unit: the owner's, or 12 hours until they set it. */
export const WAITLIST_SETTING: BusinessSetting<WaitlistSettings> = {
  key: 'waitlist',
  schema: waitlistSettings,
  fallback: { offerHours: DEFAULT_OFFER_HOURS },
  auditId: '00000000-0000-4000-8000-5e7713a00003',
  action: 'settings.waitlist.updated',
};

export async function readWaitlistSettings(db: Pick<Db, 'select'>): Promise<WaitlistSettings> {
  return (await readSetting(db, WAITLIST_SETTING)).value;
}

/** Stores the owner's offer time (validated by the route's schema), audited with what it replaced. */
export const writeWaitlistSettings = (db: Db, adminUserId: string, next: WaitlistSettings) =>
  writeSetting(db, adminUserId, WAITLIST_SETTING, next);
