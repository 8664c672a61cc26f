import { z } from 'zod';

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
