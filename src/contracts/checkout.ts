import { z } from 'zod';
import { business } from './business';
import { calendarDate } from './calendar-date';
import { latestRentalStartDate } from './checkout-terms';
import { todayInLosAngeles } from './dates';
import { deliveryWindowChoice } from './delivery-windows';
import { waitlistToken } from './waitlist-token';
import { dormRefusal } from './service-area';

/**
 * The checkout registration (spec sections 3 and 5), one field schema each so other forms reuse the same rules
 * and messages (the portal's Update Contact Info takes name, e-mail and phone from here).
 */
export const planType = z.literal('monthly', { error: 'Only the monthly plan can be booked online' });

export const customerName = z
  .string({ error: 'Name must be at least 2 characters' })
  .trim()
  .min(2, 'Name must be at least 2 characters')
  .max(255, 'Name must be at most 255 characters');

export const customerEmail = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .toLowerCase()
  .max(255, 'Please enter a valid email address')
  .pipe(z.email({ error: 'Please enter a valid email address' }));

const digitsIn = (value: string) => value.replace(/\D/g, '').length;

/** At least 10 digits (a US number with its area code): digits are counted, not characters ('abcdefghij' is not one). */
export const customerPhone = z
  .string({ error: 'Please enter a valid phone number' })
  .trim()
  .max(20, 'Please enter a valid phone number')
  .refine((value) => digitsIn(value) >= 10, 'Please enter a valid phone number');

export const startDateInThePast = 'Start date cannot be in the past';
export const startDateTooLate = `Start date must be within the next ${business.latestStartDays} days`;

/** A real calendar day (YYYY-MM-DD); whether it is in the window depends on the day it is asked. */
export const startDateField = calendarDate('Start date is required', {
  before: startDateInThePast,
  after: startDateTooLate,
});

/** What is wrong with a start date on `today` (America/Los_Angeles): in the past, too far ahead, or nothing. */
export function startDateProblem(startDate: string, today: string): string | null {
  if (startDate < today) return startDateInThePast;
  if (startDate > latestRentalStartDate(today)) return startDateTooLate;
  return null;
}

/** A YYYY-MM-DD date, or where to read it each time a value is checked. */
export type TodayOf = string | (() => string);

/**
 * A calendar day from `today` to `business.latestStartDays` ahead. `today` is the app clock's (the demo's billing
 * clock may have moved it): the browser has it from GET /api/today, and the server checks the window again on its
 * own clock (checkout/service.ts, with the same `startDateProblem`).
 */
export const rentalStartDateOn = (today: TodayOf) =>
  startDateField.superRefine((value, context) => {
    const problem = startDateProblem(value, typeof today === 'string' ? today : today());
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

export const streetAddress = z
  .string({ error: 'Please enter a complete address' })
  .trim()
  .min(5, 'Please enter a complete address')
  .max(500, 'Please enter a complete address');

export const city = z
  .string({ error: 'City is required' })
  .trim()
  .min(2, 'City is required')
  .max(100, 'City must be at most 100 characters');

export const zipCode = z
  .string({ error: 'Please enter a valid ZIP code' })
  .trim()
  .regex(/^\d{5}(-\d{4})?$/, 'Please enter a valid ZIP code');

export const buildingNotes = z
  .string()
  .trim()
  .max(1000, 'Building notes must be at most 1,000 characters')
  .optional()
  .transform((value) => (value ? value : undefined));

export const dormAnswerRequired = 'Please tell us whether the address is an undergraduate university dorm';

/** The spec's dorm exclusion, asked at checkout: "yes" is refused with the policy's words. */
export const deliveryToDorm = z.boolean({ error: dormAnswerRequired }).refine((value) => value === false, dormRefusal);

const registrationFields = {
  planType,
  name: customerName,
  email: customerEmail,
  phone: customerPhone,
  address: streetAddress,
  city,
  zipCode,
  buildingNotes,
};

/**
 * The registration form of /checkout on `today` (the page's zodResolver, with the server's today from GET
 * /api/today): the dorm question must be answered there.
 */
export const checkoutRegistrationOn = (today: TodayOf) =>
  z.object({ ...registrationFields, startDate: rentalStartDateOn(today), deliveryToDorm });

/**
 * The same on this machine's today, read at each check: for what has no app clock to ask (the message catalogue's
 * tests). A page never uses it: a device's clock may be wrong, and the demo's runs ahead (GET /api/today).
 */
export const checkoutRegistration = checkoutRegistrationOn(() => todayInLosAngeles());
export type CheckoutRegistrationInput = z.input<typeof checkoutRegistration>;
export type CheckoutRegistration = z.output<typeof checkoutRegistration>;

/**
 * POST /api/checkout/create-session: the registration plus the model picked in the catalog (?model= / ?btu=) and
 * the client's idempotency key, so a double submit returns the same order and payment page.
 */
export const createSessionInput = z.object({
  ...registrationFields,
  // The window (today to 60 days ahead) is checked on the app clock by the service.
  startDate: startDateField,
  // Optional for callers from before the question existed; `true` is refused.
  deliveryToDorm: deliveryToDorm.optional(),
  modelId: z.uuid({ error: 'Please choose a unit from the catalog' }).optional(),
  btuTier: z.string().trim().max(20).optional(),
  checkoutKey: z.string().min(8).max(100).optional(),
  /** The delivery window picked (GET /api/delivery-windows); without it the earliest open one is booked. */
  deliveryWindow: deliveryWindowChoice.optional(),
  /** The waitlist offer's token (?waitlist= on the offer's link): checks out the unit held for that place in line. */
  waitlistOffer: waitlistToken.optional(),
});
export type CreateSessionInput = z.output<typeof createSessionInput>;

export const createSessionResult = z.object({ orderId: z.uuid(), sessionUrl: z.string() });
export type CreateSessionResult = z.infer<typeof createSessionResult>;

export const checkoutSuccessQuery = z.object({
  session_id: z.string({ error: 'session_id is required' }).min(1, 'session_id is required').max(255),
});

/** GET /api/checkout/success: what /success shows. `details` only goes to the browser that checked out. */
export const checkoutSuccessView = z.object({
  status: z.string(),
  orderId: z.uuid(),
  orderNumber: z.string(),
  signedIn: z.boolean(),
  details: z
    .object({
      planType: z.string(),
      btuTier: z.string(),
      unitModel: z.string(),
      startDate: z.string().nullable(),
      priceCents: z.number().int(),
      monthsMin: z.number().int(),
      address: z.string(),
      city: z.string(),
      zipCode: z.string(),
      buildingNotes: z.string().nullable(),
      customerName: z.string(),
      customerEmail: z.string(),
      /** The delivery window booked at checkout; null for an order from before windows (the owner calls). */
      deliveryWindow: z.object({ date: z.string(), start: z.string(), end: z.string() }).nullable(),
    })
    .nullable(),
  agreementPdfUrl: z.string().nullable(),
});
export type CheckoutSuccessView = z.infer<typeof checkoutSuccessView>;
