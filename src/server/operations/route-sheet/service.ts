import { and, count, eq, inArray } from 'drizzle-orm';
import {
  routeSheetMilesNote,
  routeSheetOrderNote,
  type RouteSheet,
  type RouteStop,
} from '@/contracts/admin/route-sheet';
import { isVisitWindow, visitTypeLabels, visitTypes, visitWindowLabel } from '@/contracts/deliveries';
import type { VisitType } from '@/contracts/deliveries';
import type { Db } from '@/server/platform/db/client';
import { customers, deliveryTasks, orders, unitModels, units } from '@/server/platform/db/schema';
import { lookupZip, milesBetween } from '@/server/rentals/service-area/zip-codes';
import { readServiceArea } from '@/server/rentals/service-area/settings';
import { planRoute } from './plan-route';

const isVisitType = (value: string): value is VisitType => visitTypes.includes(value as VisitType);

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const mapUrl = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** The day's scheduled visits with their order, customer and the order's model. */
async function scheduledVisits(db: Db, date: string) {
  return db
    .select({
      taskId: deliveryTasks.id,
      type: deliveryTasks.type,
      window: deliveryTasks.timeWindow,
      notes: deliveryTasks.notes,
      problem: deliveryTasks.problem,
      unitId: deliveryTasks.unitId,
      collectUnitId: deliveryTasks.collectUnitId,
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      orderUnitId: orders.unitId,
      street: orders.address,
      city: orders.city,
      zipCode: orders.zipCode,
      buildingNotes: orders.buildingNotes,
      modelName: unitModels.name,
      customer: customers.name,
      phone: customers.phone,
    })
    .from(deliveryTasks)
    .innerJoin(orders, eq(orders.id, deliveryTasks.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(unitModels, eq(unitModels.id, orders.modelId))
    .where(and(eq(deliveryTasks.scheduledDate, date), eq(deliveryTasks.status, 'scheduled')));
}

type Visit = Awaited<ReturnType<typeof scheduledVisits>>[number];

/** "Compact 10K unit, serial CR10-0003" for every unit a visit names. */
async function unitLines(db: Db, visits: Visit[]): Promise<Map<string, string>> {
  const ids = [
    ...new Set(visits.flatMap((v) => [v.unitId, v.collectUnitId, v.orderUnitId]).filter((id) => id !== null)),
  ];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: units.id, serial: units.serial, modelName: unitModels.name })
    .from(units)
    .innerJoin(unitModels, eq(unitModels.id, units.modelId))
    .where(inArray(units.id, ids));
  return new Map(rows.map((row) => [row.id, `${row.modelName} unit, serial ${row.serial}`]));
}

/** What the crew brings to and takes from one visit. */
function bringAndCollect(visit: Visit, type: VisitType, lines: Map<string, string>) {
  const line = (id: string | null) => (id ? lines.get(id) : undefined);
  const ordersUnit = () => line(visit.orderUnitId);
  switch (type) {
    case 'delivery':
      return {
        bring: [line(visit.unitId) ?? ordersUnit() ?? `A ${visit.modelName} unit (none assigned yet: assign one)`],
        collect: [],
      };
    case 'pickup':
      return {
        bring: [],
        collect: [line(visit.collectUnitId) ?? ordersUnit() ?? `The ${visit.modelName} unit (serial not recorded)`],
      };
    case 'service':
      return { bring: ['Tools and a service kit'], collect: [] };
    case 'swap':
      return {
        bring: [line(visit.unitId) ?? `A replacement ${visit.modelName} unit (none assigned yet: assign one)`],
        collect: [line(visit.collectUnitId) ?? ordersUnit() ?? `The ${visit.modelName} unit (serial not recorded)`],
      };
  }
}

/**
 * The route sheet of a day: the visits scheduled that day (status 'scheduled'; the day's pending visits are only
 * counted), ordered by plan-route.ts from the depot over ZIP centres, with what to bring and collect.
 */
export async function buildRouteSheet(db: Db, date: string): Promise<RouteSheet> {
  const [visits, [pending], area] = await Promise.all([
    scheduledVisits(db, date),
    db
      .select({ n: count() })
      .from(deliveryTasks)
      .where(and(eq(deliveryTasks.scheduledDate, date), eq(deliveryTasks.status, 'pending'))),
    readServiceArea(db),
  ]);
  const lines = await unitLines(db, visits);
  const depotPlace = lookupZip(area.depotZip);

  const plannable = visits.map((visit) => ({
    ...visit,
    id: visit.taskId,
    window: visit.window && isVisitWindow(visit.window) ? visit.window : null,
    address: `${visit.street}, ${visit.city}, CA ${visit.zipCode}`,
    point: lookupZip(visit.zipCode),
  }));
  const route = planRoute(depotPlace, plannable, milesBetween);

  const stops: RouteStop[] = route.stops.map(({ stop, legMiles }, index) => {
    const type = isVisitType(stop.type) ? stop.type : 'service';
    return {
      sequence: index + 1,
      taskId: stop.taskId,
      orderId: stop.orderId,
      orderNumber: stop.orderNumber,
      window: stop.window,
      windowLabel: stop.window ? visitWindowLabel(stop.window) : 'No window set',
      type,
      typeLabel: visitTypeLabels[type],
      customer: stop.customer,
      phone: stop.phone,
      street: stop.street,
      city: stop.city,
      zipCode: stop.zipCode,
      address: stop.address,
      buildingNotes: stop.buildingNotes,
      mapUrl: mapUrl(stop.address),
      ...bringAndCollect(stop, type, lines),
      notes: stop.notes,
      problem: stop.problem,
      legMiles,
      located: stop.point !== undefined,
    };
  });

  const unscheduledCount = pending?.n ?? 0;
  const unlocated = stops.filter((stop) => !stop.located).length;
  const notes = [routeSheetOrderNote, routeSheetMilesNote];
  if (!depotPlace) notes.push(`The depot ZIP ${area.depotZip} has no known location: the first leg is not counted.`);
  if (unlocated > 0) {
    notes.push(
      `${plural(unlocated, 'stop has a ZIP code', 'stops have ZIP codes')} with no known location: last in ${unlocated === 1 ? 'its' : 'their'} window, without miles.`,
    );
  }
  if (unscheduledCount > 0) {
    notes.push(
      `${plural(unscheduledCount, 'more visit is', 'more visits are')} dated this day but not scheduled yet, so not on this route.`,
    );
  }

  return {
    date,
    depot: { zipCode: area.depotZip, place: depotPlace ? `${depotPlace.city}, ${depotPlace.state}` : null },
    stops,
    totalMiles: route.totalMiles,
    returnMiles: route.returnMiles,
    unscheduledCount,
    notes,
  };
}
