import { z } from 'zod';
import { formatCalendarDate } from './dates';
import { isVisitWindow, visitWindowLabel } from './deliveries';

/**
 * An ended rental whose unit is still at the customer's (issue 33; ADR 040): its order is completed or cancelled
 * (billing has ended), but nothing is over until the pickup. Every screen says so instead of "Completed": the pickup
 * not scheduled yet, or the day and window it is booked for. Null when the rental has not ended or the unit is back.
 */
export const unitReturn = z.object({
  /** The open pickup's booked day (YYYY-MM-DD) and window ("8AM-12PM"); null while it is not scheduled. */
  pickupDate: z.string().nullable(),
  pickupWindow: z.string().nullable(),
});
export type UnitReturn = z.infer<typeof unitReturn>;

const ENDED = ['completed', 'cancelled'];
const OPEN = ['pending', 'scheduled'];

/**
 * What an order's unit return is, from the order, its visits and its unit: the rental ended and either a pickup is
 * still open or the unit is still rented by the order (no pickup opened yet).
 */
export function unitReturnOf(
  order: { id: string; status: string },
  visits: readonly { type: string; status: string; scheduledDate: string | null; timeWindow: string | null }[],
  unit: { status: string; currentOrderId: string | null } | null,
): UnitReturn | null {
  if (!ENDED.includes(order.status)) return null;
  const pickup = visits.find((visit) => visit.type === 'pickup' && OPEN.includes(visit.status));
  const unitOut = unit?.status === 'rented' && unit.currentOrderId === order.id;
  if (!pickup && !unitOut) return null;
  const booked = pickup?.status === 'scheduled' && pickup.scheduledDate ? pickup : null;
  const window = booked?.timeWindow && isVisitWindow(booked.timeWindow) ? visitWindowLabel(booked.timeWindow) : null;
  return { pickupDate: booked?.scheduledDate ?? null, pickupWindow: window };
}

/** The owner's words for it, where the status would say "Completed": "Ended — pickup not scheduled". */
export function unitReturnText(state: UnitReturn): string {
  if (!state.pickupDate) return 'Ended — pickup not scheduled';
  const window = state.pickupWindow ? `, ${state.pickupWindow}` : '';
  return `Ended — pickup booked for ${formatCalendarDate(state.pickupDate)}${window}`;
}
