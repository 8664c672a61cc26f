import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '@/contracts/admin/common';
import { errorResponses } from '@/contracts/errors';
import {
  customerLookupQuery,
  customerLookupResult,
  phoneOrderCreated,
  phoneOrderInput,
  phoneOrderLinkResent,
} from '@/contracts/phone-orders';
import { staffAllowed } from '@/server/platform/auth/guard';
import { publicUrlFor } from '@/server/platform/http/canonical-origin';
import { adminIdOf } from '@/server/admin/shared/admin-id';
import { ServiceAreaCopy } from '@/server/rentals/checkout/delivery';
import { takePhoneOrder } from '@/server/rentals/phone-orders/create';
import { findCustomerForPhoneOrder } from '@/server/rentals/phone-orders/customer-lookup';
import { resendOrderLink } from '@/server/rentals/phone-orders/resend';

const errors = errorResponses(400, 401, 403, 404, 409, 422, 429);

/**
 * Orders taken by phone (issue 29, ADR 034), for staff and admins: the look-up of an existing customer, the order
 * (a unit held and the customer e-mailed a link to sign and pay), and the link sent again.
 */
export const adminPhoneOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app.deps;
  const serviceArea = new ServiceAreaCopy(db);

  app.get(
    '/orders/customer-lookup',
    {
      config: staffAllowed,
      schema: { querystring: customerLookupQuery, response: { 200: customerLookupResult, ...errors } },
    },
    async (request) => ({ customer: await findCustomerForPhoneOrder(db, request.query.q) }),
  );

  app.post(
    '/orders',
    { config: staffAllowed, schema: { body: phoneOrderInput, response: { 201: phoneOrderCreated, ...errors } } },
    async (request, reply) => {
      const publicUrl = publicUrlFor(request, config);
      const deps = { db, publicUrl, linkSecret: config.sessionSecret, serviceArea };
      const created = await takePhoneOrder(deps, request.body, { adminUserId: adminIdOf(request) }, clock.now());
      // The link's e-mail was queued with the order: it goes out now (a failure waits for its retry).
      await app.scheduledWork.sendQueuedMessages(request.log);
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/orders/:id/link',
    { config: staffAllowed, schema: { params: idParams, response: { 200: phoneOrderLinkResent, ...errors } } },
    async (request) => {
      const deps = { db, publicUrl: publicUrlFor(request, config), linkSecret: config.sessionSecret };
      const sent = await resendOrderLink(deps, request.params.id, { adminUserId: adminIdOf(request) }, clock.now());
      await app.scheduledWork.sendQueuedMessages(request.log);
      return sent;
    },
  );
};
