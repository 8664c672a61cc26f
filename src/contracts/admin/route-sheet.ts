import { z } from 'zod';
import { calendarDate } from '../calendar-date';
import { visitTypes, visitWindow } from '../deliveries';

/**
 * A day's route sheet (GET /api/admin/route-sheet, its PDF at /api/admin/route-sheet.pdf): the day's scheduled
 * visits in driving order from the depot, each with what the crew brings and collects. Admin-only module (the
 * route sheet page is in the admin chunk).
 */
export const routeSheetDateMessage = 'Choose a real date in the form YYYY-MM-DD';

export const routeSheetQuery = z.object({ date: calendarDate(routeSheetDateMessage) });
export type RouteSheetQuery = z.infer<typeof routeSheetQuery>;

/** Why the miles are what they are: printed on the sheet and the PDF. */
export const routeSheetMilesNote =
  'Miles are approximate: straight lines between ZIP code centres, not driving distances.';
export const routeSheetOrderNote =
  'Stops follow the promised time windows; within a window, each next stop is the nearest to the previous one (from the depot first).';

export const routeStop = z.object({
  sequence: z.number().int().min(1),
  taskId: z.uuid(),
  orderId: z.uuid(),
  orderNumber: z.string(),
  /** null: scheduled without a window (listed after the windows). */
  window: visitWindow.nullable(),
  windowLabel: z.string(),
  type: z.enum(visitTypes),
  typeLabel: z.string(),
  customer: z.string(),
  phone: z.string().nullable(),
  street: z.string(),
  city: z.string(),
  zipCode: z.string(),
  /** One line: street, city, CA ZIP. */
  address: z.string(),
  buildingNotes: z.string().nullable(),
  /** A Google Maps search for the address. */
  mapUrl: z.string(),
  bring: z.array(z.string()),
  collect: z.array(z.string()),
  notes: z.string().nullable(),
  /** A service visit: what the customer says is wrong. */
  problem: z.string().nullable(),
  /** Straight-line miles from the previous located point (the depot first); null when the ZIP is unknown. */
  legMiles: z.number().nullable(),
  /** False when the ZIP has no known centre: the stop is put last in its window. */
  located: z.boolean(),
});
export type RouteStop = z.infer<typeof routeStop>;

export const routeSheet = z.object({
  date: z.string(),
  depot: z.object({ zipCode: z.string(), place: z.string().nullable() }),
  stops: z.array(routeStop),
  /** Depot to the last stop, leg by leg. */
  totalMiles: z.number(),
  /** From the last located stop back to the depot (0 with no stop). */
  returnMiles: z.number(),
  /** Visits dated this day but not yet scheduled (status pending): not on the route. */
  unscheduledCount: z.number().int().min(0),
  /** Plain-language notes for the crew (how the order was made, unknown ZIPs, unscheduled visits). */
  notes: z.array(z.string()),
});
export type RouteSheet = z.infer<typeof routeSheet>;

/** "Tuesday, June 2, 2026" for the sheet's day, without the browser's time zone shifting it. */
export function formatRouteDate(isoDate: string): string {
  return new Date(`${isoDate}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** "4.2 mi", or a dash when unknown. */
export const formatMiles = (miles: number | null) => (miles === null ? '-' : `${miles.toFixed(1)} mi`);
