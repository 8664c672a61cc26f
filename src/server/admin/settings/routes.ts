import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminDeliveryCapacity,
  adminLeadList,
  adminServiceArea,
  leadListQuery,
  serviceAreaSettingsInput,
} from '@/contracts/admin/settings';
import { deliveryCapacitySettings } from '@/contracts/delivery-windows';
import { errorResponses } from '@/contracts/errors';
import { adminIdOf } from '@/server/admin/shared/admin-id';
import { readDeliveryCapacity, writeDeliveryCapacity } from '@/server/rentals/delivery-windows/settings';
import { getServiceArea, listLeads, updateServiceArea } from './service';

const errors = errorResponses(400, 401, 403);

/**
 * The owner's settings (admin role only): the service area and the leads it turned away, and the delivery windows
 * with the visits each can take (ADR 035).
 */
export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get('/settings/service-area', { schema: { response: { 200: adminServiceArea, ...errors } } }, async () =>
    getServiceArea(db),
  );

  app.put(
    '/settings/service-area',
    { schema: { body: serviceAreaSettingsInput, response: { 200: adminServiceArea, ...errors } } },
    async (request) => updateServiceArea(db, adminIdOf(request), request.body),
  );

  app.get(
    '/settings/delivery-capacity',
    { schema: { response: { 200: adminDeliveryCapacity, ...errors } } },
    async () => readDeliveryCapacity(db),
  );

  // The body's schema refuses overlapping windows and impossible times or days, and sorts what it accepts.
  app.put(
    '/settings/delivery-capacity',
    { schema: { body: deliveryCapacitySettings, response: { 200: adminDeliveryCapacity, ...errors } } },
    async (request) => writeDeliveryCapacity(db, adminIdOf(request), request.body),
  );

  app.get(
    '/leads',
    { schema: { querystring: leadListQuery, response: { 200: adminLeadList, ...errors } } },
    async (request) => listLeads(db, request.query),
  );
};
