import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/contracts/errors';
import { portalOrderParams } from '@/contracts/portal';
import { serviceRequestCreated, serviceRequestInput, serviceVisitsView } from '@/contracts/service-requests';
import { enforceRateLimit } from '@/server/platform/http/rate-limit';
import { rentalNotFound } from '@/server/customers/account/rentals';
import { requestService, serviceVisits } from '@/server/operations/service-requests';

const errors = errorResponses(400, 404, 409, 429);

/** Requests per customer: plenty for typos and a second thought, too few to flood the owner's inbox. */
const SERVICE_REQUEST_LIMIT = { limit: 10, windowMs: 60 * 60_000 };

/**
 * "My unit needs service" (issue 12, item 4, the customer's side). Registered inside customerPortalRoutes, so its
 * session hook has already answered 404 for a request without a customer session.
 */
export const serviceRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;
  const customerIdOf = (request: { customerSession: { customerId: string } | null }) => {
    if (!request.customerSession) throw rentalNotFound();
    return request.customerSession.customerId;
  };

  app.get(
    '/api/portal/:orderId/service-requests',
    { schema: { params: portalOrderParams, response: { 200: serviceVisitsView, ...errors } } },
    async (request) => serviceVisits(db, customerIdOf(request), request.params.orderId, clock.now()),
  );

  app.post(
    '/api/portal/:orderId/service-requests',
    {
      schema: {
        params: portalOrderParams,
        body: serviceRequestInput,
        response: { 201: serviceRequestCreated, ...errors },
      },
    },
    async (request, reply) => {
      const customerId = customerIdOf(request);
      const now = clock.now();
      await enforceRateLimit(db, `service-request:customer:${customerId}`, SERVICE_REQUEST_LIMIT, now);
      const created = await requestService(db, customerId, request.params.orderId, request.body, now);
      await app.scheduledWork.sendQueuedMessages(request.log);
      return reply.status(201).send({ id: created.id, status: created.status });
    },
  );
};
