import { z } from 'zod';
import { serviceAreaSettings } from '../service-area';
import { emptyAsUndefined, pageOf, pageParams } from './common';

/** PUT /api/admin/settings/service-area: the settings, with the free radius inside the service radius. */
export const serviceAreaSettingsInput = serviceAreaSettings.refine(
  (value) => value.freeDeliveryMiles <= value.serviceRadiusMiles,
  { path: ['freeDeliveryMiles'], message: 'Free delivery miles cannot exceed the service radius' },
);

/** The settings as the dashboard shows them: with the depot's place, so a typo in the ZIP is visible. */
export const adminServiceArea = serviceAreaSettings.extend({
  depotCity: z.string(),
  depotState: z.string(),
});
export type AdminServiceArea = z.infer<typeof adminServiceArea>;

/**
 * GET / PUT /api/admin/settings/delivery-capacity's answer: the settings as stored (the body is the contracts'
 * `deliveryCapacitySettings`, which sorts them). Plain, without that schema's checks and sorting: an answer is
 * written out as it is, and what it carries was checked on the way in.
 */
export const adminDeliveryCapacity = z.object({
  windows: z.array(z.object({ weekday: z.int(), start: z.string(), end: z.string(), visits: z.int() })),
  sameDayCutoff: z.string(),
  blackoutDates: z.array(z.string()),
});
export type AdminDeliveryCapacity = z.infer<typeof adminDeliveryCapacity>;

export const leadListQuery = z.object({
  ...pageParams,
  kind: z.preprocess(emptyAsUndefined, z.enum(['service_area', 'restock']).optional()),
});
export type LeadListQuery = z.infer<typeof leadListQuery>;

export const adminLead = z.object({
  id: z.uuid(),
  kind: z.string(),
  email: z.string(),
  zipCode: z.string().nullable(),
  /** The ZIP's city and its distance from the depot today (the settings may have changed since). */
  city: z.string().nullable(),
  miles: z.number().nullable(),
  /** A 'restock' lead's model, and when it was told the model is back (null while waiting). */
  modelName: z.string().nullable(),
  notifiedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminLead = z.infer<typeof adminLead>;
export const adminLeadList = pageOf(adminLead);
