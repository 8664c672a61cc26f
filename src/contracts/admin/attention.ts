import { z } from 'zod';
import { calendarDate } from '../calendar-date';

/**
 * GET /api/admin/needs-attention: what the owner should act on now. One list, oldest first within each kind:
 * - past_due / suspended: active rentals whose last charge failed (suspended after 2 failures);
 * - cancellation_request: requests waiting for a decision;
 * - delivery_due / pickup_due: open deliveries and pickups due within 2 days (or overdue) with no date or, for a
 *   delivery, no unit;
 * - unit_out: units still at the customer's on an order that has ended (no pickup done yet).
 */
export const attentionKinds = [
  'suspended',
  'past_due',
  'cancellation_request',
  'delivery_due',
  'pickup_due',
  'unit_out',
] as const;
export type AttentionKind = (typeof attentionKinds)[number];

export const attentionItem = z.object({
  kind: z.enum(attentionKinds),
  orderId: z.string(),
  orderNumber: z.string(),
  customerName: z.string(),
  /** One line that says why, e.g. "$39.00 unpaid after 2 failed payments". */
  detail: z.string(),
  /** The date the item is about (YYYY-MM-DD), when it has one. */
  date: z.string().nullable(),
  /**
   * Whether "Schedule pickup" applies: a suspended rental or a unit out on an ended order with no pickup booked (none
   * open, or one with no day yet), or a pickup due with no day. It opens the booking (day and window), never books.
   */
  canSchedulePickup: z.boolean(),
  /** The open pickup that has no day yet, which "Schedule pickup" books; null when one is to be opened first. */
  pickupId: z.string().nullable(),
});
export type AttentionItem = z.infer<typeof attentionItem>;

export const needsAttention = z.object({ items: z.array(attentionItem) });
export type NeedsAttention = z.infer<typeof needsAttention>;

/**
 * POST /api/admin/orders/{orderId}/pickup: opens a pickup with no day booked (then booked as any visit, at
 * POST /api/admin/deliveries/{id}/schedule). `scheduledDate` is the day asked for, tomorrow unless given.
 */
export const schedulePickupInput = z.object({
  scheduledDate: calendarDate('Enter the pickup date as a real date (YYYY-MM-DD)').optional(),
});
export const schedulePickupResult = z.object({ id: z.string(), preferredDate: z.string() });
