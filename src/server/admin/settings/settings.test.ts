import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditEvents, leads } from '@/server/platform/db/schema';
import { createTestApp } from '@tests/support/test-app';
import { snapshotTables } from '@tests/support/table-snapshot';
import { signInAdmin } from '@tests/support/admin-client';
import { SERVICE_AREA_SETTING_ID } from '@/server/rentals/service-area/settings';

const t = await createTestApp();
const admin = await signInAdmin(t);
const staff = await signInAdmin(t, 'correct horse battery', { role: 'staff' });
afterAll(async () => t.close());

const settings = { depotZip: '92701', serviceRadiusMiles: 20, freeDeliveryMiles: 5, deliveryChargeCents: 3000 };
const put = (client: typeof admin, payload: Record<string, unknown>) =>
  client.request({ method: 'PUT', url: '/api/admin/settings/service-area', payload });

describe('the service-area settings', () => {
  it('shows the defaults with the depot place, and changes them for checkout and the home page, audited', async () => {
    const initial = await admin.request({ url: '/api/admin/settings/service-area' });
    expect(initial.json()).toEqual({
      depotZip: '92701',
      serviceRadiusMiles: 35,
      freeDeliveryMiles: 10,
      deliveryChargeCents: 2500,
      depotCity: 'Santa Ana',
      depotState: 'CA',
    });

    const saved = await put(admin, settings);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ ...settings, depotCity: 'Santa Ana' });
    // Irvine (6.5 mi) now pays $30.00; South LA (28.7 mi) is beyond 20 miles.
    const irvine = await t.app.inject({ url: '/api/service-area/quote?zip=92612' });
    expect(irvine.json()).toMatchObject({ status: 'charge', chargeCents: 3000 });
    const southLa = await t.app.inject({ url: '/api/service-area/quote?zip=90044' });
    expect(southLa.json()).toMatchObject({ status: 'out_of_area' });
    const area = await t.app.inject({ url: '/api/service-area' });
    expect(area.json().areas.map((a: { name: string }) => a.name)).toEqual([
      'Orange County',
      'Long Beach and the Gateway Cities',
    ]);

    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, SERVICE_AREA_SETTING_ID), eq(auditEvents.actorId, admin.adminUserId)));
    expect(audit).toMatchObject({ action: 'settings.service_area.updated' });
    expect(audit!.details).toMatchObject({ to: settings, from: { serviceRadiusMiles: 35 } });
  });

  it('refuses bad settings and changes nothing', async () => {
    const before = await snapshotTables(t.db);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...settings, depotZip: '00000' }, 'depotZip'],
      [{ ...settings, depotZip: '9270' }, 'depotZip'],
      [{ ...settings, freeDeliveryMiles: 25 }, 'freeDeliveryMiles'],
      [{ ...settings, serviceRadiusMiles: 500 }, 'serviceRadiusMiles'],
      [{ ...settings, deliveryChargeCents: -1 }, 'deliveryChargeCents'],
      [{ ...settings, deliveryChargeCents: 12.5 }, 'deliveryChargeCents'],
    ];
    for (const [payload, field] of cases) {
      const response = await put(admin, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors[field]).toBeTruthy();
    }
    expect(await snapshotTables(t.db)).toEqual(before);
  });

  it('is the admin role’s: staff get 403 and change nothing', async () => {
    expect((await staff.request({ url: '/api/admin/settings/service-area' })).statusCode).toBe(403);
    expect((await put(staff, settings)).statusCode).toBe(403);
    expect((await staff.request({ url: '/api/admin/leads' })).statusCode).toBe(403);
  });
});

describe('GET /api/admin/leads', () => {
  it('lists leads newest first, a page at a time, filtered by kind', async () => {
    const base = new Date('2026-06-01T12:00:00Z').getTime();
    await t.db.insert(leads).values(
      Array.from({ length: 5 }, (_, i) => ({
        kind: 'service_area',
        email: `lead${i}@example.com`,
        zipCode: i === 0 ? '10118' : '92363',
        dedupeKey: `service_area:lead${i}@example.com:x`,
        createdAt: new Date(base + i * 60_000),
      })),
    );
    await t.db.insert(leads).values({
      kind: 'restock',
      email: 'restock@example.com',
      dedupeKey: 'restock:restock@example.com',
      createdAt: new Date(base + 10 * 60_000),
    });

    const first = await admin.request({ url: '/api/admin/leads?kind=service_area&pageSize=2' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.json().items.map((lead: { email: string }) => lead.email)).toEqual([
      'lead4@example.com',
      'lead3@example.com',
    ]);
    expect(first.json().items[0]).toMatchObject({ zipCode: '92363', city: 'Needles, CA', miles: 199.7 });
    const last = await admin.request({ url: '/api/admin/leads?kind=service_area&pageSize=2&page=3' });
    expect(last.json().items).toEqual([expect.objectContaining({ email: 'lead0@example.com', zipCode: '10118' })]);
    const all = await admin.request({ url: '/api/admin/leads' });
    expect(all.json().total).toBe(6);
    expect(all.json().items[0]).toMatchObject({
      kind: 'restock',
      zipCode: null,
      city: null,
      miles: null,
      modelName: null,
      notifiedAt: null,
    });
  });
});
