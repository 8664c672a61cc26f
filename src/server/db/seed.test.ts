import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { ensureAdmin, ensureSystemTemplates, seedDemoData, systemEmailTemplates } from './seed';
import { adminUsers, emailTemplates, orders, unitModels, units } from './schema';
import { verifyPassword } from '../lib/password';
import { businessFigures } from '../admin/shared/figures';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-app';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

describe('demo seed', () => {
  it('creates both models, a fleet over all five statuses and the system templates, once', async () => {
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

  it("gives every system e-mail type a template at start-up, keeping the owner's edits", async () => {
    const fresh = await createTestDatabase();
    try {
      // A production start: no demo data, yet every system e-mail has a template.
      expect(await ensureSystemTemplates(fresh.db)).toBe(systemEmailTemplates.length);
      expect(await ensureSystemTemplates(fresh.db)).toBe(0);

      // The owner rewrote one, and an upgrade brought a type the database did not have.
      await fresh.db
        .update(emailTemplates)
        .set({ subject: 'Thanks! Order {{orderNumber}}' })
        .where(eq(emailTemplates.templateType, 'order_confirmation'));
      await fresh.db.delete(emailTemplates).where(eq(emailTemplates.templateType, 'cancellation_decision'));
      expect(await ensureSystemTemplates(fresh.db)).toBe(1);
      const templates = await fresh.db.select().from(emailTemplates);
      expect(templates).toHaveLength(systemEmailTemplates.length);
      expect(templates.find((tpl) => tpl.templateType === 'order_confirmation')!.subject).toBe(
        'Thanks! Order {{orderNumber}}',
      );
    } finally {
      await fresh.close();
    }
  });
});
