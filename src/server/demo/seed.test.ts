import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/platform/config';
import { ensureAdmin, seedDemoData } from './seed';
import { systemEmailTemplates } from '@/server/platform/db/system-email-templates';
import { adminUsers, emailTemplates, orders, unitModels, units } from '@/server/platform/db/schema';
import { verifyPassword } from '@/server/platform/lib/password';
import { businessFigures } from '@/server/admin/shared/figures';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-app';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

describe('demo seed', () => {
  it('creates the reference data, then a fleet over all five statuses on both models, once', async () => {
    expect(await seedDemoData(t.db)).toEqual({ seeded: true });
    expect(await seedDemoData(t.db)).toEqual({ seeded: false });

    const models = await t.db.select().from(unitModels);
    expect(models.map((m) => [m.btuTier, m.monthlyPrice, m.hoseType]).sort()).toEqual([
      ['12-14k', 3900, 'dual'],
      ['8-10k', 3900, 'single'],
    ]);
    const fleet = await t.db.select().from(units);
    expect(fleet.length).toBeGreaterThanOrEqual(24);
    expect(new Set(fleet.map((u) => u.status))).toEqual(
      new Set(['available', 'rented', 'maintenance', 'damaged', 'retired']),
    );
    for (const unit of fleet.filter((u) => u.status === 'rented')) {
      const [order] = await t.db.select().from(orders).where(eq(orders.id, unit.currentOrderId!));
      expect(order).toMatchObject({ status: 'active', unitId: unit.id });
    }
    expect(fleet.every((u) => u.btu >= 10_000)).toBe(true);
    // Every demo rental is billed: the dashboard's recurring revenue is their rent, and each renter a customer.
    const rented = fleet.filter((u) => u.status === 'rented').length;
    expect(await businessFigures(t.db, new Date())).toMatchObject({
      activeRentals: rented,
      mrrCents: rented * 3900,
      customers: rented,
      leads: 0,
    });

    const templates = await t.db.select().from(emailTemplates);
    expect(templates.map((tpl) => tpl.templateType).sort()).toEqual(
      systemEmailTemplates.map((tpl) => tpl.templateType).sort(),
    );
  });

  it('creates the configured admin once, and a demo admin only when none exists outside production', async () => {
    const config = loadConfig({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'long enough secret' });
    await ensureAdmin(t.db, config);
    await ensureAdmin(t.db, config);
    const admins = await t.db.select().from(adminUsers);
    expect(admins.map((a) => a.username)).toEqual(['owner']);
    expect(await verifyPassword(admins[0]!.password, 'long enough secret')).toBe(true);

    await ensureAdmin(t.db, loadConfig({}));
    const [row] = await t.db.select({ n: count() }).from(adminUsers);
    expect(row?.n).toBe(1);
  });
});
