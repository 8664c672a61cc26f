import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEventPage, auditEventQuery } from '@/contracts/admin/audit';
import { apiError } from '@/contracts/errors';
import { staffAllowed } from '@/server/platform/auth/guard';
import { auditHistory } from './service';

/** GET /api/admin/audit-events?subject=order|customer&id=…: the history the order view and customer panel show. */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit-events',
    {
      config: staffAllowed,
      schema: { querystring: auditEventQuery, response: { 200: auditEventPage, 400: apiError, 401: apiError } },
    },
    async (request) => auditHistory(app.deps.db, request.query),
  );
};
