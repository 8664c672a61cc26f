import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { invoiceExportQuery } from '@/contracts/admin/exports';
import { apiError } from '@/contracts/errors';
import { csvResponse, sendCsv } from '@/server/admin/shared/csv-export';
import { invoicesCsv } from './export';

export const adminInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.get(
    '/invoices/export.csv',
    { schema: { querystring: invoiceExportQuery, response: { 200: csvResponse, 400: apiError, 401: apiError } } },
    async (request, reply) => sendCsv(reply, invoicesCsv(db, request.query), clock.now()),
  );
};
