import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '@/contracts/admin/common';
import { adminCustomerDetail, adminCustomerList, customerListQuery } from '@/contracts/admin/customers';
import { apiError } from '@/contracts/errors';
import { customerDetail, listCustomers } from './service';
import { staffAllowed } from '../auth/guard';

const errors = { 400: apiError, 401: apiError, 404: apiError };

export const adminCustomerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/customers',
    {
      config: staffAllowed,
      schema: { querystring: customerListQuery, response: { 200: adminCustomerList, ...errors } },
    },
    async (request) => listCustomers(db, request.query),
  );

  app.get(
    '/customers/:id',
    { config: staffAllowed, schema: { params: idParams, response: { 200: adminCustomerDetail, ...errors } } },
    async (request) => customerDetail(db, request.params.id),
  );
};
