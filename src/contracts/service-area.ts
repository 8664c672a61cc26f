import { z } from 'zod';
import { formatCount } from './money';

/**
 * Where we deliver: the depot's ZIP, the radius we serve around it, and what a delivery costs between the free
 * radius (the spec's 10 miles) and the service radius. The owner changes them in the dashboard; the checkout,
 * the home page's service-area list, the FAQ and the route sheet all read these.
 */
export const serviceAreaSettings = z.object({
  depotZip: z.string().regex(/^\d{5}$/, 'Please enter a valid ZIP code'),
  serviceRadiusMiles: z.number().int().min(10).max(200),
  freeDeliveryMiles: z.number().int().min(0).max(200),
  deliveryChargeCents: z.number().int().min(0).max(100_000),
});
export type ServiceAreaSettings = z.infer<typeof serviceAreaSettings>;

/** Santa Ana, between Orange County and South LA (South LA's 90044 is ~28 miles away). */
export const defaultServiceArea: ServiceAreaSettings = {
  depotZip: '92701',
  serviceRadiusMiles: 35,
  freeDeliveryMiles: 10,
  deliveryChargeCents: 2500,
};

/** The spec's words (section 1) about the one place we never deliver; the checkout asks and quotes them. */
export const dormPolicy =
  'Service is not permitted in undergraduate dorms of one university because of its housing policies.';
export const dormQuestion = 'Is the delivery address an undergraduate university dorm?';
export const dormRefusal = `Sorry, we can't deliver to an undergraduate university dorm. ${dormPolicy}`;

/** How a delivery to an address `miles` from the depot is priced, or that it is outside the area. */
export type DeliveryQuote =
  | { status: 'free'; miles: number; chargeCents: 0 }
  | { status: 'charge'; miles: number; chargeCents: number }
  | { status: 'out_of_area'; miles: number; chargeCents: null };

/**
 * The charge rule (ADR 022): free up to and including the free radius, the delivery charge beyond it up to and
 * including the service radius, refused beyond. Distances are between ZIP centres, to one decimal.
 */
export function quoteDelivery(settings: ServiceAreaSettings, miles: number): DeliveryQuote {
  if (miles <= settings.freeDeliveryMiles) return { status: 'free', miles, chargeCents: 0 };
  if (miles <= settings.serviceRadiusMiles)
    return { status: 'charge', miles, chargeCents: settings.deliveryChargeCents };
  return { status: 'out_of_area', miles, chargeCents: null };
}

export function outOfAreaMessage(zipCode: string, miles: number, radiusMiles: number): string {
  return `We don't deliver to ZIP ${zipCode} yet: it is ${formatCount(miles)} miles from our depot and we serve within ${radiusMiles} miles.`;
}

export const unknownZipMessage = (zipCode: string) =>
  `We could not find ZIP code ${zipCode}. Please check it and try again.`;

/** GET /api/service-area: what the home page, the FAQ and the checkout show about where we deliver. */
export const publicServiceArea = z.object({
  depotZip: z.string(),
  depotCity: z.string(),
  serviceRadiusMiles: z.number().int(),
  freeDeliveryMiles: z.number().int(),
  deliveryChargeCents: z.number().int(),
  /** The regions we serve, each with its cities within the radius (ADR 022). */
  areas: z.array(z.object({ name: z.string(), cities: z.array(z.string()) })),
});
export type PublicServiceArea = z.infer<typeof publicServiceArea>;

export const quoteQuery = z.object({
  zip: z
    .string({ error: 'Please enter a valid ZIP code' })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'Please enter a valid ZIP code'),
});

/** GET /api/service-area/quote?zip=: the delivery line for a ZIP, as the checkout's price summary shows it. */
export const deliveryQuoteView = z.object({
  zipCode: z.string(),
  status: z.enum(['free', 'charge', 'out_of_area', 'unknown']),
  /** The place of the ZIP; null when it does not exist. */
  city: z.string().nullable(),
  state: z.string().nullable(),
  miles: z.number().nullable(),
  /** 0 when free; null when we do not deliver there. */
  chargeCents: z.number().int().nullable(),
  freeDeliveryMiles: z.number().int(),
  serviceRadiusMiles: z.number().int(),
  /** What to tell the customer when we do not deliver there (out of area or unknown ZIP). */
  message: z.string().nullable(),
});
export type DeliveryQuoteView = z.infer<typeof deliveryQuoteView>;

export const leadKind = z.enum(['service_area']);

/** POST /api/leads: "tell me when you deliver to my ZIP". */
export const leadInput = z.object({
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .toLowerCase()
    .max(255, 'Please enter a valid email address')
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  zipCode: z
    .string({ error: 'Please enter a valid ZIP code' })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'Please enter a valid ZIP code'),
  kind: leadKind.default('service_area'),
});
export type LeadInput = z.input<typeof leadInput>;

/** The same answer whether the e-mail was new or already on the list (nobody learns who else asked). */
export const leadReceipt = z.object({ message: z.string() });
export const leadThanks = (zipCode: string) => `Thanks! We'll e-mail you when we start delivering to ZIP ${zipCode}.`;
