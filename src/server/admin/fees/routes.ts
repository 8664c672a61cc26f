import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feeExportQuery } from '@/contracts/admin/exports';
import { idParams } from '@/contracts/admin/common';
import { additionalFeeInput, adminFee, adminFeeList, feeListQuery, feeSettlementInput } from '@/contracts/admin/fees';
import { apiError } from '@/contracts/errors';
import { currentAdmin, staffAllowed } from '@/server/platform/auth/guard';
import { csvResponse, sendCsv } from '@/server/admin/shared/csv-export';
import { feesCsv } from './export';
import { createFee, listFees, settleFee } from '@/server/billing/fees';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError, 502: apiError };

export const adminFeeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.get(
    '/additional-fees',
    { config: staffAllowed, schema: { querystring: feeListQuery, response: { 200: adminFeeList, ...errors } } },
    async (request) => listFees(db, request.query),
  );

  app.get(
    '/additional-fees/export.csv',
    { schema: { querystring: feeExportQuery, response: { 200: csvResponse, ...errors } } },
    async (request, reply) => sendCsv(reply, feesCsv(db, request.query), clock.now()),
  );

  app.post(
    '/additional-fees',
    { schema: { body: additionalFeeInput, response: { 201: adminFee, ...errors } } },
    async (request, reply) => {
      const fee = await createFee(app.deps, currentAdmin(request).adminUserId, request.body);
      return reply.status(201).send(fee);
    },
  );

  app.patch(
    '/additional-fees/:id',
    { schema: { params: idParams, body: feeSettlementInput, response: { 200: adminFee, ...errors } } },
    async (request) =>
      settleFee(
        app.deps,
        currentAdmin(request).adminUserId,
        request.params.id,
        request.body.status,
        app.deps.clock.now(),
      ),
  );
};
