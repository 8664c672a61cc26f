import { z } from 'zod';
import { deliveryWindowChoice } from './delivery-windows';
import { planTypes } from './admin/orders';
import { agreementInput } from './agreements';
import { LOCALES } from './locale';
export { adminPhoneOrder, phoneLinkStatuses, type AdminPhoneOrder, type PhoneLinkStatus } from './admin/orders';
import {
  buildingNotes,
  city,
  customerEmail,
  customerName,
  customerPhone,
  deliveryToDorm,
  startDateField,
  streetAddress,
  zipCode,
} from './checkout';

/**
 * Orders taken by phone (issue 29, ADR 034): the owner enters the order in the dashboard under the checkout's rules
 * and messages; the customer gets an e-mailed link to a page where they read and sign the agreement and go on to
 * the payment provider's page. The link's key is an HMAC of the order id and its version: sending it again makes a
 * new link and the old one says it was replaced.
 */

/** How long a phone order holds its unit, by default and at most (the owner chooses per order). */
export const PHONE_HOLD_HOURS = { default: 24, max: 48 } as const;

export const holdHoursField = z
  .number({ error: `Hold the unit for 1 to ${PHONE_HOLD_HOURS.max} hours` })
  .int(`Hold the unit for 1 to ${PHONE_HOLD_HOURS.max} hours`)
  .min(1, `Hold the unit for 1 to ${PHONE_HOLD_HOURS.max} hours`)
  .max(PHONE_HOLD_HOURS.max, `Hold the unit for 1 to ${PHONE_HOLD_HOURS.max} hours`);

/** POST /api/admin/orders (staff and admin). */
export const phoneOrderInput = z.object({
  customer: z.object({ name: customerName, email: customerEmail, phone: customerPhone }),
  planType: z.enum(planTypes, { error: 'Choose the monthly or the weekly plan' }),
  unitModelId: z.uuid({ error: 'Please choose a unit from the catalog' }),
  // The window (today to 60 days ahead) is checked on the app clock by the service, as at checkout.
  startDate: startDateField,
  address: streetAddress,
  city,
  zipCode,
  buildingNotes,
  deliveryToDorm,
  holdHours: holdHoursField.default(PHONE_HOLD_HOURS.default),
  /** The delivery window agreed on the phone (GET /api/delivery-windows); without it the earliest open one. */
  deliveryWindow: deliveryWindowChoice.optional(),
  /** The language the customer's e-mails and page are in (the owner asks on the phone); kept on the customer. */
  locale: z.enum(LOCALES, { error: 'Choose English or Spanish' }).optional(),
});
export type PhoneOrderInput = z.input<typeof phoneOrderInput>;

export const phoneOrderCreated = z.object({ orderId: z.uuid(), orderNumber: z.string(), linkUrl: z.string() });
export type PhoneOrderCreated = z.infer<typeof phoneOrderCreated>;

/** POST /api/admin/orders/:id/link: a new link (the old one stops working), e-mailed again. */
export const phoneOrderLinkResent = z.object({ linkUrl: z.string(), heldUntil: z.string() });
export type PhoneOrderLinkResent = z.infer<typeof phoneOrderLinkResent>;

/** GET /api/admin/orders/customer-lookup?q= : an existing customer by exact e-mail or phone number (digits). */
export const customerLookupQuery = z.object({
  q: z
    .string({ error: 'Enter an e-mail address or a phone number' })
    .trim()
    .min(3, 'Enter an e-mail address or a phone number')
    .max(255, 'Enter an e-mail address or a phone number'),
});
export const customerLookupResult = z.object({
  customer: z
    .object({ id: z.uuid(), name: z.string(), email: z.string(), phone: z.string().nullable(), locale: z.string() })
    .nullable(),
});
export type CustomerLookupResult = z.infer<typeof customerLookupResult>;

/** The customer's page of a phone order: /order/:orderId?key=… and its API /api/order-links/:orderId?key=… */
export const orderLinkParams = z.object({ orderId: z.uuid({ error: 'This link is not valid' }) });
export const orderLinkKey = z.string({ error: 'This link is not valid' }).min(16, 'This link is not valid').max(100);
export const orderLinkQuery = z.object({ key: orderLinkKey });

/**
 * What a link can find: the order waiting to be signed and paid ('open'); or why it cannot be used — already paid
 * ('used'), its hold ran out ('expired'), the owner cancelled it or its unit was released ('released'), or a newer
 * link was sent ('replaced'). The page offers to call in every case but 'open'.
 */
export const orderLinkStates = ['open', 'used', 'expired', 'released', 'replaced'] as const;
export type OrderLinkState = (typeof orderLinkStates)[number];

export const orderLinkView = z.object({
  state: z.enum(orderLinkStates),
  orderNumber: z.string(),
  /** The customer's language: the page reads in it unless this browser chose one (the e-mail was in it too). */
  locale: z.enum(LOCALES),
  /** The order's details: only while the link is open. */
  order: z
    .object({
      planType: z.enum(planTypes),
      unitModel: z.string(),
      btuTier: z.string(),
      startDate: z.string(),
      /** The rent per period: per month on the monthly plan, per week on the weekly plan. */
      priceCents: z.number().int(),
      /** 0 on the weekly plan (no minimum term). */
      monthsMin: z.number().int(),
      deliveryChargeCents: z.number().int(),
      /** The one-time delivery and installation fee of a rental without the minimum (weekly: $25), else 0. */
      installationFeeCents: z.number().int(),
      /** What the payment page charges now: the first period's rent, the delivery charge and any installation fee. */
      dueNowCents: z.number().int(),
      /** The first renewal: the start date + 1 month (monthly) or + 7 days (weekly). */
      nextBillDate: z.string(),
      /** The delivery window booked with the order (null for an order from before windows). */
      deliveryWindow: z.object({ date: z.string(), start: z.string(), end: z.string() }).nullable(),
      address: z.string(),
      city: z.string(),
      zipCode: z.string(),
      buildingNotes: z.string().nullable(),
      customerName: z.string(),
      customerEmail: z.string(),
      heldUntil: z.string(),
      /** Signed already (this page, earlier): the page goes straight to payment. */
      signed: z.boolean(),
      agreementPdfUrl: z.string().nullable(),
    })
    .nullable(),
});
export type OrderLinkView = z.infer<typeof orderLinkView>;

/** POST /api/order-links/:orderId/sign: the agreement, as at checkout (agreementInput's fields). */
export const orderLinkSignInput = agreementInput.omit({ orderId: true }).extend({ key: orderLinkKey });
export type OrderLinkSignInput = z.input<typeof orderLinkSignInput>;

/** POST /api/order-links/:orderId/pay: the payment provider's hosted page for the signed order. */
export const orderLinkPayInput = z.object({ key: orderLinkKey });
export const orderLinkPayResult = z.object({ sessionUrl: z.string() });
