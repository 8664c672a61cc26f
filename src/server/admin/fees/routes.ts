import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feeExportQuery } from '@/contracts/admin/exports';
import { idParams } from '@/contracts/admin/common';
import { additionalFeeInput, adminFee, adminFeeList, feeListQuery, feeSettlementInput } from '@/contracts/admin/fees';
import { errorResponses } from '@/contracts/errors';
import { staffAllowed } from '@/server/platform/auth/guard';
import { adminIdOf } from '@/server/admin/shared/admin-id';
import { csvResponse, sendCsv } from '@/server/admin/shared/csv-export';
import { feesCsv } from './export';
import { createFee, listFees, settleFee } from '@/server/billing/fees';

const errors = errorResponses(400, 401, 403, 404, 409, 502);

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
      const fee = await createFee(app.deps, adminIdOf(request), request.body);
      // The customer's e-mail about the fee, queued with it, goes out now (or on the minute's retry).
      await app.scheduledWork.sendQueuedMessages(request.log);
      return reply.status(201).send(fee);
    },
  );

  app.patch(
    '/additional-fees/:id',
    { schema: { params: idParams, body: feeSettlementInput, response: { 200: adminFee, ...errors } } },
    async (request) =>
      settleFee(app.deps, adminIdOf(request), request.params.id, request.body.status, app.deps.clock.now()),
  );
};
