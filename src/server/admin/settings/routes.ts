import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminLeadList, adminServiceArea, leadListQuery, serviceAreaSettingsInput } from '@/contracts/admin/settings';
import { apiError } from '@/contracts/errors';
import { currentAdmin } from '@/server/platform/auth/guard';
import { getServiceArea, listLeads, updateServiceArea } from './service';

const errors = { 400: apiError, 401: apiError, 403: apiError };

/** The owner's settings (admin role only): the service area, and the leads it turned away. */
export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get('/settings/service-area', { schema: { response: { 200: adminServiceArea, ...errors } } }, async () =>
    getServiceArea(db),
  );

  app.put(
    '/settings/service-area',
    { schema: { body: serviceAreaSettingsInput, response: { 200: adminServiceArea, ...errors } } },
    async (request) => updateServiceArea(db, currentAdmin(request).adminUserId, request.body),
  );

  app.get(
    '/leads',
    { schema: { querystring: leadListQuery, response: { 200: adminLeadList, ...errors } } },
    async (request) => listLeads(db, request.query),
  );
};
