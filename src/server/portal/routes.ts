import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@/contracts/errors';
import {
  accountAccessInput,
  accountAccessResult,
  billingPortalInput,
  billingPortalResult,
  cancellationRequestInput,
  cancellationRequestView,
  contactUpdateInput,
  portalOrderParams,
  portalLocaleInput,
  portalView,
} from '@/contracts/portal';
import { documentSessionRequired } from '@/server/platform/api-docs/documents';
import {
  endCustomerSession,
  findCustomerSession,
  startCustomerSession,
  type CustomerSession,
} from '@/server/platform/auth/customer-sessions';
import { publicUrlFor } from '@/server/platform/http/canonical-origin';
import { enforceRateLimit } from '@/server/platform/http/rate-limit';
import { Conflict } from '@/server/platform/errors';
import { findOrderForAccess, ownedOrder, rentalNotFound } from '@/server/customers/account/rentals';
import { requestCancellation } from '@/server/customers/account/cancellation-requests';
import { portalView as buildPortalView } from './view';
import { updateContactDetails } from '@/server/customers/account/contact-details';
import { serviceRequestRoutes } from './service-request-routes';
import { readPortalOrder } from './portal-read';
import { customers } from '@/server/platform/db/schema';
import { eq } from 'drizzle-orm';

declare module 'fastify' {
  interface FastifyRequest {
    customerSession: CustomerSession | null;
  }
}

const errors = errorResponses(400, 404, 409, 429, 502);

/** Look-ups per IP: enough for a few typos, far too few to guess order numbers. */
const ACCESS_LIMIT = { limit: 10, windowMs: 15 * 60_000 };

/** Ways in: /account-access (order number + e-mail); the e-mailed links are in ./sign-in-routes.ts. */
export const customerAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, clock } = app.deps;

  app.post(
    '/api/account-access',
    { schema: { body: accountAccessInput, response: { 200: accountAccessResult, ...errors } } },
    async (request, reply) => {
      await enforceRateLimit(db, `account-access:ip:${request.ip}`, ACCESS_LIMIT, clock.now());
      const match = await findOrderForAccess(db, request.body.orderNumber, request.body.email);
      if (!match) {
        return reply.status(404).send({
          message: "We couldn't find a rental with that order number and e-mail. Please check both and try again.",
        });
      }
      await startCustomerSession(db, reply, { customerId: match.customerId, secureCookie: config.isProduction });
      return { orderId: match.orderId };
    },
  );

  // Outside the session check: signing out always works, even with an expired session.
  app.post('/api/portal/logout', { schema: { response: { 204: z.null() } } }, async (request, reply) => {
    await endCustomerSession(db, request, reply);
    return reply.status(204).send(null);
  });
};

/**
 * Everything a signed-in customer can do. The session is checked here, once, for every route in this plugin:
 * no session answers exactly like another customer's order or an unknown one (404 'Rental not found').
 */
export const customerPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;

  app.decorateRequest('customerSession', null);
  app.addHook('onRequest', async (request) => {
    // GET /api/portal/:orderId checks the session in its own one statement (portal-read.ts).
    if ((request.routeOptions.config as { sessionInRead?: boolean }).sessionInRead) return;
    request.customerSession = await findCustomerSession(db, request);
    if (!request.customerSession) throw rentalNotFound();
  });
  documentSessionRequired(app, 'customerSession');
  const customerIdOf = (request: { customerSession: CustomerSession | null }) => request.customerSession!.customerId;

  app.get(
    '/api/portal/:orderId',
    {
      config: { sessionInRead: true },
      schema: { params: portalOrderParams, response: { 200: portalView, ...errors } },
    },
    async (request) => {
      const read = await readPortalOrder(db, request, request.params.orderId);
      if (!read) throw rentalNotFound();
      return buildPortalView(db, app.deps.payments, read, app.deps.clock.now());
    },
  );

  app.patch(
    '/api/portal/:orderId/contact',
    { schema: { params: portalOrderParams, body: contactUpdateInput, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await updateContactDetails(
        { db, payments: app.deps.payments },
        customerIdOf(request),
        request.params.orderId,
        request.body,
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/portal/:orderId/cancellation',
    {
      schema: {
        params: portalOrderParams,
        body: cancellationRequestInput,
        response: { 201: cancellationRequestView.pick({ id: true, status: true, effectiveDate: true }), ...errors },
      },
    },
    async (request, reply) => {
      const created = await requestCancellation(
        { db, siteUrl: publicUrlFor(request, config) },
        customerIdOf(request),
        request.params.orderId,
        request.body,
        app.deps.clock.now(),
      );
      await app.scheduledWork.sendQueuedMessages(request.log);
      return reply.status(201).send({ id: created.id, status: created.status, effectiveDate: created.effectiveDate });
    },
  );

  app.post(
    '/api/billing-portal',
    { schema: { body: billingPortalInput, response: { 200: billingPortalResult, ...errors } } },
    async (request) => {
      const customerId = customerIdOf(request);
      if (request.body.customerId !== customerId) throw rentalNotFound();
      const returnOrder = request.body.orderId ? await ownedOrder(db, customerId, request.body.orderId) : null;
      const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
      if (!customer?.stripeCustomerId) throw new Conflict('No payment method is on file for this account yet.');
      const publicUrl = publicUrlFor(request, config);
      return app.deps.payments.createBillingPortalSession({
        gatewayCustomerId: customer.stripeCustomerId,
        returnUrl: returnOrder ? `${publicUrl}/portal/${returnOrder.id}` : `${publicUrl}/account-access`,
      });
    },
  );

  // The language chosen in the portal is kept on the customer: their e-mails follow it (ADR 026).
  app.put(
    '/api/portal/locale',
    { schema: { body: portalLocaleInput, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await db
        .update(customers)
        .set({ locale: request.body.locale })
        .where(eq(customers.id, customerIdOf(request)));
      return reply.status(204).send(null);
    },
  );

  // "My unit needs service": behind this plugin's session hook.
  await app.register(serviceRequestRoutes);
};
