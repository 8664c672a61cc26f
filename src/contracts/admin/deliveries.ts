import { z } from 'zod';
import { calendarDate } from '../calendar-date';
import { visitStatuses, visitTypes, visitWindow } from '../deliveries';
import { emptyAsUndefined, pageOf, pageParams } from './common';

/**
 * The Deliveries & Pickups tab (GET/POST /api/admin/deliveries…; docs/decisions/023-visits-and-unit-movements.md).
 * Views: today, tomorrow, this week (today and the 6 days after) and any one day list the visits booked on those
 * days (status 'scheduled', and those already done: 'completed'), by day and window; unscheduled lists the visits
 * waiting for a day and window (status 'pending'), with the day asked for when there is one. Days are Los Angeles calendar dates from the app clock.
 */
export const deliveryViews = ['today', 'tomorrow', 'week', 'unscheduled', 'day'] as const;
export type DeliveryView = (typeof deliveryViews)[number];

export const deliveryListQuery = z
  .object({
    view: z.enum(deliveryViews, { message: 'Choose today, tomorrow, week, unscheduled or day' }).default('today'),
    date: z.preprocess(emptyAsUndefined, calendarDate('Use a real date in the form YYYY-MM-DD').optional()),
    type: z.preprocess(
      (value) => (value === 'all' ? undefined : emptyAsUndefined(value)),
      z.enum(visitTypes, { message: 'Choose delivery, pickup, service or swap' }).optional(),
    ),
    ...pageParams,
  })
  .refine((query) => query.view !== 'day' || query.date !== undefined, {
    message: 'Choose the day to show (YYYY-MM-DD)',
    path: ['date'],
  });
export type DeliveryListQuery = z.infer<typeof deliveryListQuery>;

const unitRef = z.object({ id: z.uuid(), serial: z.string(), status: z.string() });

export const adminVisit = z.object({
  id: z.uuid(),
  type: z.enum(visitTypes),
  status: z.enum(visitStatuses),
  scheduledDate: z.string().nullable(),
  /** A fixed window's name ('morning') or a booked window ('08:00-12:00'). */
  timeWindow: visitWindow.nullable(),
  /** The day the customer asked for (a service call), when they did. */
  preferredDate: z.string().nullable(),
  requestedBy: z.string(),
  problem: z.string().nullable(),
  resolution: z.string().nullable(),
  notes: z.string().nullable(),
  completedAt: z.string().nullable(),
  order: z.object({ id: z.uuid(), orderNumber: z.string(), status: z.string(), modelId: z.uuid() }),
  customer: z.object({ id: z.uuid(), name: z.string(), email: z.string(), phone: z.string().nullable() }),
  /** One line: street, city, ZIP; and the Google Maps search for it. */
  address: z.string(),
  buildingNotes: z.string().nullable(),
  mapUrl: z.string(),
  modelName: z.string(),
  /** The unit the crew brings (a delivery, a swap's replacement). */
  unit: unitRef.nullable(),
  /** The unit the crew takes away (a pickup, a swap's returned unit); for a pickup, the order's unit until done. */
  collectUnit: unitRef.nullable(),
  /** The order's unit now (the one a service visit looks at). */
  rentalUnit: unitRef.nullable(),
});
export type AdminVisit = z.infer<typeof adminVisit>;

export const adminVisitList = pageOf(adminVisit).extend({
  /** The days the view covers (one for today, tomorrow and day; seven for the week; none for unscheduled). */
  days: z.array(z.string()),
  today: z.string(),
});
export type AdminVisitList = z.infer<typeof adminVisitList>;

const bookingDate = calendarDate('Choose the visit date (YYYY-MM-DD)');

/**
 * POST /api/admin/deliveries/{id}/schedule: books (or moves) a visit; a delivery may name the unit it brings. The
 * visit counts against the owner's window of that day that holds its start: a full one is refused (409
 * 'delivery_window_full') unless `overbook` says to book it anyway.
 */
export const scheduleVisitInput = z.object({
  scheduledDate: bookingDate,
  timeWindow: visitWindow,
  unitId: z.preprocess(emptyAsUndefined, z.uuid({ message: 'Choose a unit' }).optional()),
  overbook: z.boolean().optional(),
});
export type ScheduleVisitInput = z.infer<typeof scheduleVisitInput>;

/** GET /api/admin/delivery-windows?date=YYYY-MM-DD: the day the schedule dialog books on. */
export const visitWindowDayQuery = z.object({ date: calendarDate('Choose a real date in the form YYYY-MM-DD') });

/** The owner's windows of that day ('HH:MM'), each with the visits it takes and those booked in it so far. */
export const visitWindowDay = z.array(
  z.object({ start: z.string(), end: z.string(), visits: z.int(), taken: z.int() }),
);
export type VisitWindowDay = z.infer<typeof visitWindowDay>;

/** POST /api/admin/deliveries/{id}/complete: a service visit needs what was done on site. */
export const completeVisitInput = z.object({
  resolution: z.preprocess(
    emptyAsUndefined,
    z.string().trim().min(1, 'Say what was done').max(2000, 'Keep the resolution under 2,000 characters').optional(),
  ),
});
export type CompleteVisitInput = z.infer<typeof completeVisitInput>;

export const cancelVisitInput = z.object({
  reason: z
    .string({ message: 'Give a reason for cancelling' })
    .trim()
    .min(1, 'Give a reason for cancelling')
    .max(500, 'Keep the reason under 500 characters'),
});
export type CancelVisitInput = z.infer<typeof cancelVisitInput>;

/** POST /api/admin/deliveries/{id}/swap: an open service visit becomes a swap (a free unit of the model if none named). */
export const swapVisitInput = z.object({
  unitId: z.preprocess(emptyAsUndefined, z.uuid({ message: 'Choose a unit' }).optional()),
});
export type SwapVisitInput = z.infer<typeof swapVisitInput>;

/** What an action answers: the visit as it now stands, and whether the customer was e-mailed. */
export const visitActionResult = z.object({
  visit: adminVisit,
  email: z.object({ sent: z.boolean(), message: z.string().nullable() }).nullable(),
});
export type VisitActionResult = z.infer<typeof visitActionResult>;

/** GET /api/admin/deliveries/{id}/units: the free units of the visit's model, for the unit picker. */
export const visitUnitChoices = z.object({
  units: z.array(z.object({ id: z.uuid(), serial: z.string(), btu: z.number().int() })),
});
export type VisitUnitChoices = z.infer<typeof visitUnitChoices>;

export const returnToStockResult = z.object({ id: z.uuid(), serial: z.string(), status: z.string() });

/** The link to a day's printable route sheet (its page is /admin/route-sheet). */
export const routeSheetPath = (date: string) => `/admin/route-sheet?date=${date}`;

/** A Google Maps search for an address. */
export const mapSearchUrl = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
