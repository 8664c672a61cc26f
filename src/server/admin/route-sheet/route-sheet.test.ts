import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import type { RouteSheet } from '@/contracts/admin/route-sheet';
import type { TimeWindow, VisitType } from '@/contracts/deliveries';
import { createCustomer, createDeliveryTask, createOrder, createUnit, createUnitModel } from '@/server/db/factories';
import { milesBetweenZips } from '@/server/geo/zip-codes';
import { writeServiceArea } from '@/server/settings/service-area';
import { createTestApp } from '@tests/support/test-app';
import { signInAdmin } from '../test-support';

const t = await createTestApp();
afterAll(async () => t.close());
const admin = await signInAdmin(t);
const staff = await signInAdmin(t, 'correct horse battery', { role: 'staff' });
const model = await createUnitModel(t.db, { name: 'Medium 14K' });

const DAY = '2026-07-14';

/** A customer's rental at a ZIP, renting a unit of its own, and one visit to it. */
async function visit(options: {
  name: string;
  zipCode: string;
  street: string;
  type: VisitType;
  window: TimeWindow | null;
  status?: string;
  date?: string;
  problem?: string;
  swapIn?: boolean;
}) {
  const customer = await createCustomer(t.db, { name: options.name, phone: '(714) 555-0100' });
  const unit = await createUnit(t.db, { modelId: model.id, status: 'rented' });
  const order = await createOrder(t.db, {
    customerId: customer.id,
    modelId: model.id,
    unitId: unit.id,
    status: 'active',
    address: options.street,
    city: 'Somewhere',
    zipCode: options.zipCode,
    buildingNotes: `Notes for ${options.name}`,
  });
  const replacement = options.swapIn ? await createUnit(t.db, { modelId: model.id }) : undefined;
  const task = await createDeliveryTask(t.db, {
    orderId: order.id,
    type: options.type,
    status: options.status ?? 'scheduled',
    scheduledDate: options.date ?? DAY,
    timeWindow: options.window,
    problem: options.problem ?? null,
    unitId: options.type === 'delivery' ? unit.id : (replacement?.id ?? null),
    collectUnitId: options.type === 'swap' ? unit.id : null,
  });
  return { customer, unit, order, task, replacement };
}

// Depot 92701 (Santa Ana). Morning: 92705 (Santa Ana, nearest), then 92612 (Irvine), then 90044 (South LA).
const irvine = await visit({
  name: 'Irvine Delivery',
  zipCode: '92612',
  street: '1 Campus Dr',
  type: 'delivery',
  window: 'morning',
});
const southLa = await visit({
  name: 'South LA Pickup',
  zipCode: '90044',
  street: '2 Vermont Ave',
  type: 'pickup',
  window: 'morning',
});
const santaAna = await visit({
  name: 'Santa Ana Service',
  zipCode: '92705',
  street: '3 Seventeenth St',
  type: 'service',
  window: 'morning',
  problem: 'Blows warm air after an hour',
});
// Afternoon, although nearer the depot than anything: the promised window comes first.
const afternoon = await visit({
  name: 'Afternoon Swap',
  zipCode: '92701',
  street: '4 Main St',
  type: 'swap',
  window: 'afternoon',
  swapIn: true,
});
// Afternoon, ZIP unknown: last in its window.
await visit({ name: 'Nowhere Known', zipCode: '00000', street: '5 Lost Ln', type: 'service', window: 'afternoon' });
// Not on the route: pending (counted), another day, completed, cancelled.
await visit({
  name: 'Pending Only',
  zipCode: '92701',
  street: '6 Wait St',
  type: 'delivery',
  window: null,
  status: 'pending',
});
await visit({
  name: 'Other Day',
  zipCode: '92701',
  street: '7 Later St',
  type: 'delivery',
  window: 'morning',
  date: '2026-07-15',
});
await visit({
  name: 'Already Done',
  zipCode: '92701',
  street: '8 Done St',
  type: 'delivery',
  window: 'morning',
  status: 'completed',
});
await visit({
  name: 'Called Off',
  zipCode: '92701',
  street: '9 Gone St',
  type: 'pickup',
  window: 'morning',
  status: 'cancelled',
});

const expectedOrder = ['Santa Ana Service', 'Irvine Delivery', 'South LA Pickup', 'Afternoon Swap', 'Nowhere Known'];

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

describe('GET /api/admin/route-sheet.pdf', () => {
  it('is a PDF of the same stops in the same order, with the header and page numbers', async () => {
    const response = await staff.request({ method: 'GET', url: `/api/admin/route-sheet.pdf?date=${DAY}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="route-sheet-${DAY}.pdf"`);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: response.rawPayload }).toString();
    expect(text).toContain('Route sheet: Tuesday, July 14, 2026');
    expect(text).toMatch(/Depot 92701 \(Santa Ana, CA\) · 5 stops/);
    const positions = expectedOrder.map((name) => text.indexOf(name));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).toContain('Problem: Blows warm air after an hour');
    expect(text).toMatch(/Page 1 of \d/);
    expect(text).not.toContain('Pending Only');
  });

  it('keeps every stop whole on one page however many there are', async () => {
    const day = '2026-07-20';
    for (let i = 0; i < 14; i += 1) {
      await visit({
        name: `Crowd ${String(i).padStart(2, '0')}`,
        zipCode: '92701',
        street: `${100 + i} Crowd St`,
        type: 'service',
        window: 'midday',
        date: day,
        problem: 'Leaks water onto the floor near the window kit. '.repeat(1 + (i % 3)),
      });
    }
    const response = await staff.request({ method: 'GET', url: `/api/admin/route-sheet.pdf?date=${day}` });
    const pages = execFileSync('pdftotext', ['-layout', '-', '-'], { input: response.rawPayload })
      .toString()
      .split('\f')
      .filter((page) => page.trim());
    expect(pages.length).toBeGreaterThan(1);
    for (const [index, page] of pages.entries()) {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
      // Each stop's first line and its last (the order number) are on the same page.
      const heads = page.match(/^\s*\d+\. Service visit/gm)?.length ?? 0;
      const tails = page.match(/Order: /g)?.length ?? 0;
      expect(tails).toBe(heads);
    }
  });

  it('draws customer text the built-in fonts cannot as "?", keeping accents', async () => {
    const day = '2026-07-21';
    await visit({
      name: 'Zoë 😀 Núñez',
      zipCode: '92701',
      street: '1 café St',
      type: 'service',
      window: 'evening',
      date: day,
    });
    const response = await staff.request({ method: 'GET', url: `/api/admin/route-sheet.pdf?date=${day}` });
    const text = execFileSync('pdftotext', ['-', '-'], { input: response.rawPayload }).toString();
    expect(text).toContain('Customer: Zoë ? Núñez');
    expect(text).toContain('1 café St');
  });
});
