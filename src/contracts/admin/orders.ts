import { z } from 'zod';
import { rentalBilling } from '../billing';
import { refundableFee } from './money-back';
import { customerRef, dateFilter, emptyAsUndefined, optionalSearch, pageOf, pageParams } from './common';
import { datesInOrder, reversedDates } from './date-range';
import { unitReturn } from '../unit-return';

export const orderStatuses = ['pending', 'active', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
export const planTypes = ['monthly', 'weekly'] as const;
export type PlanType = (typeof planTypes)[number];

/** Where a phone order's link stands, as the owner reads it: "link sent / opened / signed / paid". */
export const phoneLinkStatuses = ['sent', 'opened', 'signed', 'paid'] as const;
export type PhoneLinkStatus = (typeof phoneLinkStatuses)[number];

/** A phone order as the order detail shows it (null for a checkout's order). */
export const adminPhoneOrder = z.object({
  linkStatus: z.enum(phoneLinkStatuses),
  linkSentAt: z.string().nullable(),
  linkOpenedAt: z.string().nullable(),
  linkSignedAt: z.string().nullable(),
  /** When the unit's hold ends (null once it has ended or the order is paid). */
  heldUntil: z.string().nullable(),
  /** The current link, for the owner to read out or send again; null once the order is no longer pending. */
  linkUrl: z.string().nullable(),
});
export type AdminPhoneOrder = z.infer<typeof adminPhoneOrder>;

/**
 * The list's status filter: an order status, or 'abandoned' (pending checkouts whose unit hold is over:
 * checkoutIsAbandoned in ./figures.ts). 'all' is every order but abandoned checkouts, and 'pending' only the
 * checkouts still open, so abandoned ones show only when asked for.
 */
export const orderListStatuses = ['all', 'pending', 'active', 'completed', 'cancelled', 'abandoned'] as const;

/**
 * The filters of GET /api/admin/orders/filtered and of its CSV export. startDate/endDate bound the order's start
 * date (inclusive); search matches the customer's name or e-mail or the order number, case-insensitively.
 */
export const orderFilterFields = {
  status: z.enum(orderListStatuses).default('all'),
  planType: z.enum(['all', ...planTypes]).default('all'),
  startDate: z.preprocess(emptyAsUndefined, dateFilter.optional()),
  endDate: z.preprocess(emptyAsUndefined, dateFilter.optional()),
  search: optionalSearch,
  sort: z.enum(['createdAt', 'startDate']).default('createdAt'),
  direction: z.enum(['asc', 'desc']).default('desc'),
};
export const orderListQuery = z.object({ ...orderFilterFields, ...pageParams }).refine(datesInOrder, reversedDates());
export type OrderListQuery = z.infer<typeof orderListQuery>;

export const adminOrderListItem = z.object({
  id: z.uuid(),
  orderNumber: z.string(),
  customer: customerRef,
  btuTier: z.string(),
  type: z.string(),
  unit: z.object({ id: z.uuid(), serial: z.string() }).nullable(),
  status: z.string(),
  /** Why the system cancelled it (e.g. a checkout that never reached the payment page); null otherwise. */
  cancelReason: z.string().nullable(),
  startDate: z.string(),
  priceCents: z.number().int(),
  createdAt: z.string(),
  /** A phone order's link: where it stands ("link sent / opened / signed / paid"); null for a checkout's order. */
  linkStatus: z.enum(phoneLinkStatuses).nullable(),
});
export type AdminOrderListItem = z.infer<typeof adminOrderListItem>;
export const adminOrderList = pageOf(adminOrderListItem);

export const adminCancellationRequest = z.object({
  id: z.uuid(),
  requestDate: z.string(),
  effectiveDate: z.string(),
  reason: z.string().nullable(),
  status: z.string(),
  processedAt: z.string().nullable(),
  processedBy: z.string().nullable(),
  notes: z.string().nullable(),
});
export type AdminCancellationRequest = z.infer<typeof adminCancellationRequest>;

export const adminDeliveryTask = z.object({
  id: z.uuid(),
  type: z.string(),
  scheduledDate: z.string().nullable(),
  /** The booked window as it reads ("8AM-12PM"); null until the visit is scheduled. */
  timeWindow: z.string().nullable(),
  completedAt: z.string().nullable(),
  status: z.string(),
  notes: z.string().nullable(),
});
export type AdminDeliveryTask = z.infer<typeof adminDeliveryTask>;

export const adminOrderDetail = z.object({
  order: z.object({
    id: z.uuid(),
    orderNumber: z.string(),
    type: z.string(),
    btuTier: z.string(),
    status: z.string(),
    cancelReason: z.string().nullable(),
    startDate: z.string(),
    endDate: z.string().nullable(),
    monthsMin: z.number().int(),
    priceCents: z.number().int(),
    address: z.string(),
    city: z.string(),
    zipCode: z.string(),
    buildingNotes: z.string().nullable(),
    /** Billed once on the first invoice for an address past the free radius; 0 within it. */
    deliveryChargeCents: z.number().int(),
    /** The distance from the depot that set the charge, in miles (null for orders placed before it was kept). */
    deliveryMiles: z.number().nullable(),
    createdAt: z.string(),
  }),
  customer: customerRef.extend({ phone: z.string().nullable() }),
  model: z.object({ id: z.uuid(), name: z.string(), btuTier: z.string() }),
  unit: z.object({ id: z.uuid(), serial: z.string(), status: z.string() }).nullable(),
  agreement: z
    .object({ signedAt: z.string(), typedName: z.string(), version: z.string(), pdfUrl: z.string().nullable() })
    .nullable(),
  deliveryTasks: z.array(adminDeliveryTask),
  /** An ended rental whose unit is still out: what its status reads instead of "Completed" (contracts/unit-return.ts). */
  unitReturn: unitReturn.nullable(),
  cancellationRequests: z.array(adminCancellationRequest),
  /** The statuses this order may move to now (src/server/rentals/orders/transitions.ts). */
  allowedStatuses: z.array(z.enum(orderStatuses)),
  /** Available units of the order's model that can be assigned to it (active orders only). */
  assignableUnits: z.array(z.object({ id: z.uuid(), serial: z.string(), btu: z.number().int() })),
  /** The rental's billing as the provider reports it (the ledger), as the customer's portal shows it. */
  billing: rentalBilling,
  /** The order's paid fees, each with what was refunded of it (ADR 030). */
  paidFees: z.array(refundableFee),
  /** A phone order's link and hold (ADR 034); null for a checkout's order. */
  phoneOrder: adminPhoneOrder.nullable(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

export const orderStatusChangeInput = z.object({
  status: z.enum(orderStatuses, { message: 'Choose a status' }),
  note: z.string().trim().max(2000).optional(),
});
export type OrderStatusChangeInput = z.infer<typeof orderStatusChangeInput>;

export const assignUnitInput = z.object({ unitId: z.uuid({ message: 'Choose a unit' }) });

export const cancellationDecisionInput = z.object({
  decision: z.enum(['approved', 'declined'], { message: 'Choose approve or decline' }),
  notes: z.preprocess(emptyAsUndefined, z.string().trim().max(2000).optional()),
});
export type CancellationDecisionInput = z.infer<typeof cancellationDecisionInput>;

/**
 * POST /api/admin/cancellation-requests/{id}/decision answers the approval's pickup: a visit with no day yet (its
 * asked-for day the effective date), which the dashboard opens the booking for (day, window, the customer e-mailed).
 */
export const cancellationDecisionResult = z.object({ pickupId: z.string().nullable() });
export type CancellationDecisionResult = z.infer<typeof cancellationDecisionResult>;
