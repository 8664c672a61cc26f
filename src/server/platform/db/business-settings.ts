import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { adminAudit, recordAudit } from '@/server/platform/audit-log';
import type { Db } from './client';
import { businessSettings } from './schema';

/**
 * One of the owner's settings kept as a row of business_settings: its key, the schema its value must meet, the value
 * that applies until the owner sets one, and how its changes are audited (the audit trail keys records by uuid, so
 * each setting has a fixed id; its history is audit_events where entity_type = 'business_setting' and that id).
 */
export interface BusinessSetting<T> {
  key: string;
  schema: z.ZodType<T>;
  fallback: T;
  auditId: string;
  /** The audit action of a change, e.g. 'settings.waitlist.updated'. */
  action: string;
}

/**
 * The setting as the owner set it (the defaults until they do, or when the stored row no longer meets the schema),
 * and the row's value as stored (null: none yet), for a reader that checks later that it is still the one it used.
 */
export async function readSetting<T>(
  db: Pick<Db, 'select'>,
  setting: BusinessSetting<T>,
): Promise<{ value: T; stored: unknown }> {
  const [row] = await db
    .select({ value: businessSettings.value })
    .from(businessSettings)
    .where(eq(businessSettings.key, setting.key));
  return settingOf(setting, row?.value);
}

/** A setting's value from its row's stored value, read by a caller's own statement (undefined: no row yet). */
export function settingOf<T>(setting: BusinessSetting<T>, stored: unknown): { value: T; stored: unknown } {
  const parsed = setting.schema.safeParse(stored);
  return { value: parsed.success ? parsed.data : setting.fallback, stored: stored ?? null };
}

/** Stores a new value (validated by the caller's schema), audited with the value it replaced, in one transaction. */
export async function writeSetting<T>(db: Db, adminUserId: string, setting: BusinessSetting<T>, next: T): Promise<T> {
  await db.transaction(async (tx) => {
    const before = (await readSetting(tx, setting)).value;
    await tx
      .insert(businessSettings)
      .values({ key: setting.key, value: next })
      .onConflictDoUpdate({ target: businessSettings.key, set: { value: next, updatedAt: sql`now()` } });
    await recordAudit(
      tx,
      adminAudit(adminUserId, setting.action, 'business_setting', setting.auditId, { from: before, to: next }),
    );
  });
  return next;
}
