import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, startOfDayInLosAngeles } from '@/contracts/dates';
import { defaultDeliveryCapacity, type DeliveryCapacityInput } from '@/contracts/delivery-windows';
import { auditEvents } from '@/server/platform/db/schema';
import { DELIVERY_CAPACITY_SETTING_ID } from '@/server/rentals/delivery-windows/settings';
import { signInAdmin, type AdminClient } from '@tests/support/admin-client';
import { snapshotTables } from '@tests/support/table-snapshot';
import { createTestApp } from '@tests/support/test-app';

/** Monday, July 13, 2026, 8 in the morning in Los Angeles: the windows offered depend on the day. */
const monday = '2026-07-13';
const now = new Date(startOfDayInLosAngeles(monday).getTime() + 8 * 3_600_000);
const t = await createTestApp({ deps: { clock: { now: () => now } } });
const admin = await signInAdmin(t);
const staff = await signInAdmin(t, 'correct horse battery', { role: 'staff' });
afterAll(async () => t.close());

const path = '/api/admin/settings/delivery-capacity';
const put = (client: AdminClient, payload: object) => client.request({ method: 'PUT', url: path, payload });

/** As an owner might type them: Tuesday before Monday, a day's windows out of order, a blackout day twice. */
const typed: DeliveryCapacityInput = {
  windows: [
    { weekday: 2, start: '13:00', end: '17:00', visits: 5 },
    { weekday: 1, start: '13:00', end: '17:00', visits: 2 },
    { weekday: 1, start: '09:00', end: '12:00', visits: 6 },
  ],
  sameDayCutoff: '10:30',
  blackoutDates: ['2026-07-20', '2026-07-14', '2026-07-20'],
};
const stored = {
  windows: [
    { weekday: 1, start: '09:00', end: '12:00', visits: 6 },
    { weekday: 1, start: '13:00', end: '17:00', visits: 2 },
    { weekday: 2, start: '13:00', end: '17:00', visits: 5 },
  ],
  sameDayCutoff: '10:30',
  blackoutDates: ['2026-07-14', '2026-07-20'],
};

describe('the delivery-capacity setting', () => {
  it('shows the defaults until the owner sets it', async () => {
    const response = await admin.request({ url: path });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(defaultDeliveryCapacity);
    expect(response.json().windows).toHaveLength(18);
  });

  it('stores the windows sorted, answers them, audits the change, and the checkout offers them', async () => {
    const saved = await put(admin, typed);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(stored);
    expect((await admin.request({ url: path })).json()).toEqual(stored);

    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, DELIVERY_CAPACITY_SETTING_ID), eq(auditEvents.actorId, admin.adminUserId)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'settings.delivery_capacity.updated', entityType: 'business_setting' });
    expect(audits[0]!.details).toEqual({ from: defaultDeliveryCapacity, to: stored });

    // Today (Monday, 8 AM, before the 10:30 cut-off) has both windows; Tuesday the 14th is a blackout day, so the
    // next window is Tuesday the 21st's (the 20th, a Monday, is blacked out too).
    const offered = await t.app.inject({ url: `/api/delivery-windows?zip=92612&from=${monday}` });
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json()).toEqual([
      { date: monday, start: '09:00', end: '12:00', open: 6 },
      { date: monday, start: '13:00', end: '17:00', open: 2 },
      { date: addDays(monday, 8), start: '13:00', end: '17:00', open: 5 },
    ]);
  });

  it('refuses overlapping windows, bad times and impossible days with the field named, and changes nothing', async () => {
    const before = await snapshotTables(t.db);
    const window = { weekday: 3, start: '08:00', end: '12:00', visits: 4 };
    const cases: Array<[Partial<DeliveryCapacityInput>, string, string]> = [
      [
        { windows: [window, { ...window, start: '11:00', end: '15:00' }] },
        'windows',
        'The windows of Wednesday overlap (08:00-12:00 and 11:00-15:00)',
      ],
      [{ windows: [{ ...window, start: '8:00' }] }, 'windows.0.start', 'Start must be a time like 08:00'],
      [{ windows: [window, { ...window, end: '24:00' }] }, 'windows.1.end', 'End must be a time like 12:00'],
      [{ windows: [{ ...window, end: '07:00' }] }, 'windows.0.end', 'A window must end after it starts'],
      [{ windows: [{ ...window, visits: 201 }] }, 'windows.0.visits', 'Visits must be a whole number from 0 to 200'],
      [{ windows: [{ ...window, weekday: 7 }] }, 'windows.0.weekday', 'Weekday must be 0 (Sunday) to 6 (Saturday)'],
      [{ sameDayCutoff: '12:60' }, 'sameDayCutoff', 'Same-day cut-off must be a time like 12:00'],
      [
        { blackoutDates: ['2026-07-04', '2026-02-30'] },
        'blackoutDates.1',
        'Blackout dates must be real days (YYYY-MM-DD)',
      ],
    ];
    for (const [change, field, message] of cases) {
      const response = await put(admin, { ...typed, ...change });
      expect({ field, status: response.statusCode }).toEqual({ field, status: 400 });
      expect(response.json().fieldErrors).toMatchObject({ [field]: message });
    }
    expect(await snapshotTables(t.db)).toEqual(before);
    expect((await admin.request({ url: path })).json()).toEqual(stored);
  });

  it('is the admin role’s: staff get 403 and change nothing', async () => {
    const before = await snapshotTables(t.db);
    expect((await staff.request({ url: path })).statusCode).toBe(403);
    const refused = await put(staff, { ...typed, sameDayCutoff: '09:00' });
    expect(refused.statusCode).toBe(403);
    expect(await snapshotTables(t.db)).toEqual(before);
  });
});
