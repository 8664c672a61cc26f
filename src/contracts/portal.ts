import { z } from 'zod';
import { unitReturn } from './unit-return';
import { planTypes } from './admin/orders';
import { rentalBilling } from './billing';
import { calendarDate } from './calendar-date';
import { customerEmail, customerName, customerPhone } from './checkout';
import { LOCALES } from './locale';

/** /account-access: the order number (or id) plus the e-mail on the order. Spec section 5 messages. */
export const accountAccessInput = z.object({
  orderNumber: z.string({ message: 'Order number is required' }).trim().min(1, 'Order number is required').max(64),
  email: z.string({ message: 'Please enter a valid email address' }).trim().email('Please enter a valid email address'),
});
export type AccountAccessInput = z.infer<typeof accountAccessInput>;

export const accountAccessResult = z.object({ orderId: z.uuid() });

export const portalOrderParams = z.object({ orderId: z.string().max(64) });

/** What the cancellation form says about its fields (spec section 5's words); the portal translates them (ADR 025). */
export const cancellationMessages = {
  effectiveDateRequired: 'Effective date is required',
  reasonMin: 'Please provide a reason for cancellation (minimum 10 characters)',
  reasonMax: 'Please keep the reason under 2,000 characters',
} as const;

/** Spec section 5's cancellation request; the order comes from the path, and the body may repeat it. */
export const cancellationRequestInput = z.object({
  orderId: z.uuid().optional(),
  effectiveDate: calendarDate(cancellationMessages.effectiveDateRequired),
  reason: z
    .string({ message: cancellationMessages.reasonMin })
    .trim()
    .min(10, cancellationMessages.reasonMin)
    .max(2000, cancellationMessages.reasonMax),
});
export type CancellationRequestInput = z.infer<typeof cancellationRequestInput>;

export const billingPortalInput = z.object({ customerId: z.uuid(), orderId: z.uuid().optional() });
export const billingPortalResult = z.object({ url: z.string() });

export const cancellationRequestView = z.object({
  id: z.uuid(),
  /** pending, approved or declined: the latest request stays in view after the owner's decision. */
  status: z.string(),
  requestDate: z.string(),
  effectiveDate: z.string(),
  reason: z.string().nullable(),
  earlyTerminationFeeCents: z.number().int(),
  decidedAt: z.string().nullable(),
  /** The owner's note with the decision (a declined request says why). */
  decisionNote: z.string().nullable(),
});

export const portalFee = z.object({
  id: z.uuid(),
  feeType: z.string(),
  description: z.string(),
  amountCents: z.number().int(),
  status: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** Billed at once on an invoice of its own, because no monthly bill was left to carry it. */
  ownInvoice: z.boolean(),
  /** The invoice that bills it, as the ledger has it (null while it waits): its status and the provider's page. */
  invoice: z.object({ status: z.string(), url: z.string().nullable() }).nullable(),
});
export type PortalFee = z.infer<typeof portalFee>;

/** What the portal knows about the cancellation rules for this order, so the form can state the consequence. */
export const cancellationTerms = z.object({
  today: z.string(),
  /** Monthly (minimum term, fee, notice) or weekly (no minimum: ends at the end of the paid week). */
  planType: z.enum(planTypes),
  startDate: z.string(),
  monthsMin: z.number().int(),
  minimumTermEndDate: z.string(),
  earlyTerminationFeeCents: z.number().int(),
  noticeDays: z.number().int(),
});

/** GET /api/portal/{orderId}: the spec's shape, plus what our portal adds. */
export const portalView = z.object({
  order: z.object({
    id: z.uuid(),
    orderNumber: z.string(),
    type: z.string(),
    btuTier: z.string(),
    startDate: z.string(),
    priceCents: z.number().int(),
    monthsMin: z.number().int(),
    status: z.string(),
    address: z.string(),
    city: z.string(),
    zipCode: z.string(),
    buildingNotes: z.string().nullable(),
    nextBillDate: z.string().nullable(),
  }),
  customer: z.object({ id: z.uuid(), name: z.string(), email: z.string(), phone: z.string().nullable() }),
  /** The model's uploaded photo (a versioned URL), or null: the portal draws the model then, as the catalog does. */
  /** The model's name, and the owner's Spanish for it (null where none is written). */
  unitModel: z.object({ name: z.string(), nameEs: z.string().nullable(), photoUrl: z.string().nullable() }),
  agreement: z.object({ pdfUrl: z.string().nullable() }).nullable(),
  paymentMethod: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  cancellationRequest: cancellationRequestView.nullable(),
  cancellationTerms,
  billing: rentalBilling,
  fees: z.array(portalFee),
  /** The rental ended but the unit is still with the customer: the pickup not scheduled yet, or its day and window. */
  unitReturn: unitReturn.nullable(),
});
export type PortalView = z.infer<typeof portalView>;

/** Update Contact Info: the checkout's rules and messages for name, e-mail and phone. */
export const contactUpdateInput = z.object({ name: customerName, email: customerEmail, phone: customerPhone });
export type ContactUpdateInput = z.infer<typeof contactUpdateInput>;

/** PUT /api/portal/locale: the signed-in customer chose a language in the portal; e-mails follow it (ADR 026). */
export const portalLocaleInput = z.object({
  locale: z.enum(LOCALES, { error: 'Language must be "en" or "es"' }),
});
export type PortalLocaleInput = z.infer<typeof portalLocaleInput>;
