import { z } from 'zod';
import { business } from './business';
import { calendarDate } from './calendar-date';
import { addDays, todayInLosAngeles } from './dates';

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

export const customerPhone = z
  .string({ error: 'Please enter a valid phone number' })
  .trim()
  .min(10, 'Please enter a valid phone number')
  .max(20, 'Please enter a valid phone number');

/** The latest start date checkout accepts: a unit is held and the first month charged at checkout. */
export function latestRentalStartDate(today: string): string {
  return addDays(today, business.latestStartDays);
}

const startDateInThePast = 'Start date cannot be in the past';
const startDateTooLate = `Start date must be within the next ${business.latestStartDays} days`;

/** A calendar day (YYYY-MM-DD) in America/Los_Angeles, from today to `business.latestStartDays` ahead. */
export const rentalStartDate = calendarDate('Start date is required', {
  before: startDateInThePast,
  after: startDateTooLate,
})
  .refine((value) => value >= todayInLosAngeles(), startDateInThePast)
  .refine((value) => value <= latestRentalStartDate(todayInLosAngeles()), startDateTooLate);

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

/** The registration form of /checkout; the page's zodResolver and the create-session route share it. */
export const checkoutRegistration = z.object({
  planType,
  startDate: rentalStartDate,
  name: customerName,
  email: customerEmail,
  phone: customerPhone,
  address: streetAddress,
  city,
  zipCode,
  buildingNotes,
});
export type CheckoutRegistrationInput = z.input<typeof checkoutRegistration>;
export type CheckoutRegistration = z.output<typeof checkoutRegistration>;

/**
 * POST /api/checkout/create-session: the registration plus the model picked in the catalog (?model= / ?btu=) and
 * the client's idempotency key, so a double submit returns the same order and payment page.
 */
export const createSessionInput = checkoutRegistration.extend({
  modelId: z.uuid({ error: 'Please choose a unit from the catalog' }).optional(),
  btuTier: z.string().trim().max(20).optional(),
  checkoutKey: z.string().min(8).max(100).optional(),
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
    })
    .nullable(),
  agreementPdfUrl: z.string().nullable(),
});
export type CheckoutSuccessView = z.infer<typeof checkoutSuccessView>;
