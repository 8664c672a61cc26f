import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerExportQuery } from '@/contracts/admin/exports';
import { idParams } from '@/contracts/admin/common';
import { adminCustomerDetail, adminCustomerList, customerListQuery } from '@/contracts/admin/customers';
import { errorResponses } from '@/contracts/errors';
import { csvResponse, sendCsv } from '@/server/admin/shared/csv-export';
import { customersCsv } from './export';
import { customerDetail, listCustomers } from './service';
import { staffAllowed } from '@/server/platform/auth/guard';

const errors = errorResponses(400, 401, 404);

export const adminCustomerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.get(
    '/customers',
    {
      config: staffAllowed,
      schema: { querystring: customerListQuery, response: { 200: adminCustomerList, ...errors } },
    },
    async (request) => listCustomers(db, request.query),
  );

  app.get(
    '/customers/export.csv',
    { schema: { querystring: customerExportQuery, response: { 200: csvResponse, ...errors } } },
    async (request, reply) => sendCsv(reply, customersCsv(db, request.query), clock.now()),
  );

  app.get(
    '/customers/:id',
    { config: staffAllowed, schema: { params: idParams, response: { 200: adminCustomerDetail, ...errors } } },
    async (request) => customerDetail(db, request.params.id),
  );
};
