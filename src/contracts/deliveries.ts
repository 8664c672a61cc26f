/**
 * Visits to a customer's address (src/server/platform/db/schema.ts `delivery_tasks`): what kinds there are, the states
 * they pass through, and the time windows a visit is booked in. Shared by the dashboard, the portal, the route
 * sheet and the e-mails.
 */
export const visitTypes = ['delivery', 'pickup', 'service', 'swap'] as const;
export type VisitType = (typeof visitTypes)[number];

/** pending: not yet given a day; scheduled: a day and window; then completed or cancelled. */
export const visitStatuses = ['pending', 'scheduled', 'completed', 'cancelled'] as const;
export type VisitStatus = (typeof visitStatuses)[number];
export const openVisitStatuses = ['pending', 'scheduled'] as const satisfies readonly VisitStatus[];

export const timeWindows = ['morning', 'midday', 'afternoon', 'evening'] as const;
export type TimeWindow = (typeof timeWindows)[number];

/** How a window reads to a customer and on the route sheet (office hours are 8AM-8PM). */
export const timeWindowLabels: Record<TimeWindow, string> = {
  morning: '8AM-11AM',
  midday: '11AM-2PM',
  afternoon: '2PM-5PM',
  evening: '5PM-8PM',
};

export const visitTypeLabels: Record<VisitType, string> = {
  delivery: 'Delivery',
  pickup: 'Pickup',
  service: 'Service visit',
  swap: 'Swap-out',
};
