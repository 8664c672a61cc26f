import { z } from 'zod';
import { calendarDate } from './calendar-date';
import {
  visitStatuses,
  visitTypes,
  visitWindow,
  visitWindowLabel,
  type VisitStatus,
  type VisitWindow,
} from './deliveries';
import { formatCount } from './money';

/**
 * "My unit needs service" (issue 12, item 4): what the customer says is wrong and the day they would like a visit.
 * The day must fall between today and SERVICE_REQUEST_DAYS_AHEAD days on (Los Angeles days, on the app's clock):
 * the server checks the range, since only it knows today.
 */
export const SERVICE_REQUEST_DAYS_AHEAD = 30;
export const PROBLEM_MIN_LENGTH = 10;
export const PROBLEM_MAX_LENGTH = 2000;

export const serviceRequestMessages = {
  problemTooShort: `Please tell us what is wrong (at least ${PROBLEM_MIN_LENGTH} characters)`,
  problemTooLong: `Please keep the description under ${formatCount(PROBLEM_MAX_LENGTH)} characters`,
  preferredDateRequired: 'Please choose a preferred day',
  preferredDateInPast: 'The preferred day cannot be in the past.',
  preferredDateTooFar: `Please choose a day within the next ${SERVICE_REQUEST_DAYS_AHEAD} days.`,
  notActive: 'A service visit can only be requested for an active rental.',
  notDelivered: 'A service visit can be requested once your unit has been delivered.',
} as const;

export const serviceRequestInput = z.object({
  problem: z
    .string({ message: serviceRequestMessages.problemTooShort })
    .trim()
    .min(PROBLEM_MIN_LENGTH, serviceRequestMessages.problemTooShort)
    .max(PROBLEM_MAX_LENGTH, serviceRequestMessages.problemTooLong),
  preferredDate: calendarDate(serviceRequestMessages.preferredDateRequired),
});
export type ServiceRequestInput = z.infer<typeof serviceRequestInput>;

/** A visit to the customer's unit as the portal shows it: their service requests and swaps booked for them. */
export const serviceVisit = z.object({
  id: z.uuid(),
  type: z.enum(visitTypes),
  status: z.enum(visitStatuses),
  /** customer (their own request), owner or system. */
  requestedBy: z.string(),
  problem: z.string().nullable(),
  preferredDate: z.string().nullable(),
  scheduledDate: z.string().nullable(),
  timeWindow: visitWindow.nullable(),
  /** "8AM-11AM": the window as the customer reads it (contracts/deliveries.ts). */
  timeWindowLabel: z.string().nullable(),
  /** How the owner resolved it (or why it was cancelled). */
  resolution: z.string().nullable(),
  createdAt: z.string(),
});
export type ServiceVisit = z.infer<typeof serviceVisit>;

/** GET /api/portal/{orderId}/service-requests. */
export const serviceVisitsView = z.object({
  /** The first and last day a preferred day may be (Los Angeles, the app's clock). */
  today: z.string(),
  latestPreferredDate: z.string(),
  /** Null when a request can be made; otherwise why not, in words for the customer. */
  unavailableReason: z.string().nullable(),
  visits: z.array(serviceVisit),
});
export type ServiceVisitsView = z.infer<typeof serviceVisitsView>;

export const serviceRequestCreated = z.object({ id: z.uuid(), status: z.enum(visitStatuses) });

/** "Tuesday, November 25" for a YYYY-MM-DD date, without the browser's time zone shifting the day. */
export const formatVisitDay = (isoDate: string) =>
  new Date(`${isoDate}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** How a visit's state reads to the customer (the portal's list, the 409 for a second request). */
export function visitStateText(visit: {
  status: VisitStatus;
  scheduledDate: string | null;
  timeWindow: VisitWindow | null;
}): string {
  switch (visit.status) {
    case 'pending':
      return "Requested — we'll call you to book a time";
    case 'scheduled': {
      if (!visit.scheduledDate) return "Requested — we'll call you to book a time";
      const window = visit.timeWindow ? `, ${visitWindowLabel(visit.timeWindow)}` : '';
      return `Scheduled for ${formatVisitDay(visit.scheduledDate)}${window}`;
    }
    case 'completed':
      return 'Completed';
    case 'cancelled':
      return 'Cancelled';
  }
}

/** The 409 for a second request while one is open, naming the open one's state. */
export const visitAlreadyRequested = (state: string) =>
  `A service visit is already requested for this rental (${state}). We'll take care of it on that visit; call us if anything changes.`;
