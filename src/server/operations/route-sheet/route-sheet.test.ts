import { afterAll, describe, expect, it } from 'vitest';
import type { RouteSheet } from '@/contracts/admin/route-sheet';
import { milesBetweenZips } from '@/server/rentals/service-area/zip-codes';
import { writeServiceArea } from '@/server/rentals/service-area/settings';
import { DAY, expectedOrder, startRouteSheetTestApp } from '@tests/support/route-sheet-fixtures';

const { t, admin, staff, stopsOfTheDay } = await startRouteSheetTestApp();
afterAll(async () => t.close());
const { irvine, southLa, santaAna, afternoon } = await stopsOfTheDay();

describe('GET /api/admin/route-sheet', () => {
  it('lists the day’s scheduled visits window by window, nearest first from the depot, with legs and totals', async () => {
    const response = await staff.request({ method: 'GET', url: `/api/admin/route-sheet?date=${DAY}` });
    expect(response.statusCode).toBe(200);
    const sheet = response.json<RouteSheet>();
    expect(sheet.date).toBe(DAY);
    expect(sheet.depot).toEqual({ zipCode: '92701', place: 'Santa Ana, CA' });
    expect(sheet.stops.map((stop) => stop.customer)).toEqual(expectedOrder);
    expect(sheet.stops.map((stop) => stop.sequence)).toEqual([1, 2, 3, 4, 5]);
    expect(sheet.stops.map((stop) => stop.windowLabel)).toEqual([
      '8AM-11AM',
      '8AM-11AM',
      '8AM-11AM',
      '2PM-5PM',
      '2PM-5PM',
    ]);
    const legs = [
      milesBetweenZips('92701', '92705'),
      milesBetweenZips('92705', '92612'),
      milesBetweenZips('92612', '90044'),
      milesBetweenZips('90044', '92701'),
      null,
    ];
    expect(sheet.stops.map((stop) => stop.legMiles)).toEqual(legs);
    expect(sheet.totalMiles).toBeCloseTo(
      legs.reduce<number>((sum, leg) => sum + (leg ?? 0), 0),
      5,
    );
    expect(sheet.returnMiles).toBe(0);
    expect(sheet.unscheduledCount).toBe(1);
    expect(sheet.notes.join(' ')).toMatch(/straight lines between ZIP code centres/);
    expect(sheet.notes.join(' ')).toMatch(/1 stop has a ZIP code with no known location/);
    expect(sheet.notes.join(' ')).toMatch(/1 more visit is dated this day but not scheduled yet/);
  });

  it('says what to bring and collect at each kind of visit, with the address, its map and the notes', async () => {
    const sheet = (
      await admin.request({ method: 'GET', url: `/api/admin/route-sheet?date=${DAY}` })
    ).json<RouteSheet>();
    const [service, delivery, pickup, swap, unknown] = sheet.stops;
    const unitLine = (serial: string) => `Medium 14K unit, serial ${serial}`;
    expect(service).toMatchObject({
      type: 'service',
      typeLabel: 'Service visit',
      bring: ['Tools and a service kit'],
      collect: [],
      problem: 'Blows warm air after an hour',
      phone: '(714) 555-0100',
      address: '3 Seventeenth St, Somewhere, CA 92705',
      buildingNotes: 'Notes for Santa Ana Service',
      orderNumber: santaAna.order.orderNumber,
      located: true,
    });
    expect(service!.mapUrl).toBe(
      'https://www.google.com/maps/search/?api=1&query=3%20Seventeenth%20St%2C%20Somewhere%2C%20CA%2092705',
    );
    expect(delivery).toMatchObject({ type: 'delivery', bring: [unitLine(irvine.unit.serial)], collect: [] });
    // A pickup without its own unit collects the order's.
    expect(pickup).toMatchObject({ type: 'pickup', bring: [], collect: [unitLine(southLa.unit.serial)] });
    expect(swap).toMatchObject({
      type: 'swap',
      bring: [unitLine(afternoon.replacement!.serial)],
      collect: [unitLine(afternoon.unit.serial)],
    });
    expect(unknown).toMatchObject({ located: false, legMiles: null, zipCode: '00000' });
  });

  it('starts from the depot the owner set', async () => {
    await writeServiceArea(t.db, {
      depotZip: '90044',
      serviceRadiusMiles: 35,
      freeDeliveryMiles: 10,
      deliveryChargeCents: 2500,
    });
    try {
      const sheet = (
        await staff.request({ method: 'GET', url: `/api/admin/route-sheet?date=${DAY}` })
      ).json<RouteSheet>();
      expect(sheet.depot.zipCode).toBe('90044');
      expect(sheet.stops.slice(0, 3).map((stop) => stop.customer)).toEqual([
        'South LA Pickup',
        'Santa Ana Service',
        'Irvine Delivery',
      ]);
      expect(sheet.stops[0]!.legMiles).toBe(0);
    } finally {
      await writeServiceArea(t.db, {
        depotZip: '92701',
        serviceRadiusMiles: 35,
        freeDeliveryMiles: 10,
        deliveryChargeCents: 2500,
      });
    }
  });

  it('answers an empty day with no stops', async () => {
    const sheet = (
      await staff.request({ method: 'GET', url: '/api/admin/route-sheet?date=2026-07-16' })
    ).json<RouteSheet>();
    expect(sheet).toMatchObject({ stops: [], totalMiles: 0, returnMiles: 0, unscheduledCount: 0 });
  });

  it.each(['', 'tomorrow', '2026-02-30', '2026-13-01', '0000-01-01', '2026-7-4'])(
    'refuses the date %j with a 400 and a clear message',
    async (date) => {
      for (const path of ['/api/admin/route-sheet', '/api/admin/route-sheet.pdf']) {
        const response = await staff.request({ method: 'GET', url: `${path}?date=${encodeURIComponent(date)}` });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(/Choose a real date in the form YYYY-MM-DD/);
      }
    },
  );

  it('refuses a missing date and a visitor without a session', async () => {
    const missing = await staff.request({ method: 'GET', url: '/api/admin/route-sheet' });
    expect(missing.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/route-sheet?date=${DAY}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/route-sheet.pdf?date=${DAY}` })).statusCode).toBe(401);
  });
});
