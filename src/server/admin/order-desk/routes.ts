import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderExportQuery } from '@/contracts/admin/exports';
import { idParams } from '@/contracts/admin/common';
import {
  adminOrderDetail,
  adminOrderList,
  assignUnitInput,
  cancellationDecisionInput,
  cancellationDecisionResult,
  orderListQuery,
  orderStatusChangeInput,
} from '@/contracts/admin/orders';
import { schedulePickupInput, schedulePickupResult } from '@/contracts/admin/attention';
import { errorResponses } from '@/contracts/errors';
import { staffAllowed } from '@/server/platform/auth/guard';
import { adminIdOf } from '@/server/admin/shared/admin-id';
import { csvResponse, sendCsv } from '@/server/admin/shared/csv-export';
import { decideCancellation } from '@/server/rentals/orders/cancellation-decisions';
import { agreementPdf, orderDetail, type PhoneLinkOf } from './detail';
import { orderLinkUrl } from '@/server/rentals/phone-orders/link-key';
import { publicUrlFor } from '@/server/platform/http/canonical-origin';
import { ordersCsv } from './export';
import { sendJson } from './list-cache';
import { changeOrderStatus } from '@/server/rentals/orders/status-change';
import { assignUnit } from '@/server/rentals/orders/unit-assignment';
import { schedulePickup } from '@/server/operations/visits/book-pickup';
import { completeVisit } from '@/server/operations/visits/complete';

const errors = errorResponses(400, 401, 403, 404, 409, 502);

export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, payments, config } = app.deps;
  // A phone order's current link, on the site this owner works on (as the link e-mailed was made).
  const linkOfFor =
    (request: FastifyRequest): PhoneLinkOf =>
    (order) =>
      orderLinkUrl(publicUrlFor(request, config), config.sessionSecret, order);

  // From memory (list-cache.ts): the page's JSON as the schema's serializer writes it, sent as it is.
  app.get(
    '/orders/filtered',
    { config: staffAllowed, schema: { querystring: orderListQuery, response: { 200: adminOrderList, ...errors } } },
    async (request, reply) => sendJson(reply, await app.orderList.json(request.query, clock.now())),
  );

  app.get(
    '/orders/export.csv',
    { schema: { querystring: orderExportQuery, response: { 200: csvResponse, ...errors } } },
    async (request, reply) => {
      const now = clock.now();
      return sendCsv(reply, ordersCsv(db, request.query, now), now);
    },
  );

  app.get(
    '/orders/:id',
    { config: staffAllowed, schema: { params: idParams, response: { 200: adminOrderDetail, ...errors } } },
    async (request) => orderDetail(db, request.params.id, clock.now(), linkOfFor(request)),
  );

  app.get(
    '/orders/:id/agreement',
    {
      config: staffAllowed,
      schema: { params: idParams, response: { 200: z.custom<Buffer>((value) => Buffer.isBuffer(value)), ...errors } },
    },
    async (request, reply) => {
      const { pdf, orderNumber } = await agreementPdf(db, request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="agreement-${orderNumber}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  // Each action answers with the order as it now stands, so the panel redraws from one response.
  app.post(
    '/orders/:id/status',
    {
      config: staffAllowed,
      schema: { params: idParams, body: orderStatusChangeInput, response: { 200: adminOrderDetail, ...errors } },
    },
    async (request) => {
      const now = clock.now();
      await changeOrderStatus({ db, payments }, adminIdOf(request), request.params.id, request.body, now);
      return orderDetail(db, request.params.id, now, linkOfFor(request));
    },
  );

  app.post(
    '/orders/:id/unit',
    {
      config: staffAllowed,
      schema: { params: idParams, body: assignUnitInput, response: { 200: adminOrderDetail, ...errors } },
    },
    async (request) => {
      const now = clock.now();
      await assignUnit(db, adminIdOf(request), request.params.id, request.body.unitId, now);
      return orderDetail(db, request.params.id, now, linkOfFor(request));
    },
  );

  app.post(
    '/orders/:id/pickup',
    {
      config: staffAllowed,
      schema: {
        params: idParams,
        body: schedulePickupInput,
        response: { 201: schedulePickupResult, ...errors },
      },
    },
    async (request, reply) => {
      const booked = await schedulePickup(db, adminIdOf(request), request.params.id, request.body, clock.now());
      return reply.status(201).send(booked);
    },
  );

  app.post(
    '/cancellation-requests/:id/decision',
    {
      config: staffAllowed,
      schema: {
        params: idParams,
        body: cancellationDecisionInput,
        response: { 200: cancellationDecisionResult, ...errors },
      },
    },
    async (request) => {
      const decided = await decideCancellation(
        { db, payments },
        adminIdOf(request),
        request.params.id,
        request.body,
        clock.now(),
      );
      // The customer's e-mail was queued with the decision: it goes out now (a failure waits for its retry).
      await app.scheduledWork.sendQueuedMessages(request.log);
      return decided;
    },
  );

  // The order panel's "Mark done": the Deliveries tab's completion (units move, a pickup ends the order).
  app.post(
    '/delivery-tasks/:id/complete',
    { config: staffAllowed, schema: { params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await completeVisit({ db, payments }, adminIdOf(request), request.params.id, {}, clock.now());
      return reply.status(204).send(null);
    },
  );
};
