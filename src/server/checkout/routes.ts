import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkoutSuccessQuery,
  checkoutSuccessView,
  createSessionInput,
  createSessionResult,
} from '@/contracts/checkout';
import { apiError } from '@/contracts/errors';
import { findCustomerSession, startFirstCustomerSession } from '../customer-auth/sessions';
import { enforceRateLimit } from '../http/rate-limit';
import { checkoutOrderIdOf, rememberCheckout } from './checkout-cookie';
import { checkoutSuccess, startCheckout } from './service';

/** Each checkout holds a unit for 30 minutes: enough for real retries, too few to empty the fleet from one IP. */
const CHECKOUT_LIMIT = { limit: 30, windowMs: 15 * 60_000 };

export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, payments, clock } = app.deps;

  app.post(
    '/checkout/create-session',
    {
      schema: {
        body: createSessionInput,
        response: {
          200: createSessionResult,
          400: apiError,
          404: apiError,
          409: apiError,
          429: apiError,
          503: apiError,
        },
      },
    },
    async (request, reply) => {
      await enforceRateLimit(db, `checkout:ip:${request.ip}`, CHECKOUT_LIMIT);
      const result = await startCheckout({ db, clock, payments, publicUrl: config.publicUrl }, request.body);
      rememberCheckout(reply, result.orderId, config.isProduction);
      return result;
    },
  );

  app.get(
    '/checkout/success',
    {
      schema: {
        querystring: checkoutSuccessQuery,
        response: { 200: checkoutSuccessView, 400: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      const session = await findCustomerSession(db, request);
      const { view, signInCustomerId } = await checkoutSuccess(db, request.query.session_id, {
        checkoutOrderId: checkoutOrderIdOf(request),
        sessionCustomerId: session?.customerId ?? null,
        now: clock.now(),
      });
      // Once per checkout: a reload, or a script calling this 50 times, gets no second session.
      const signedIn =
        signInCustomerId === null
          ? view.signedIn
          : await startFirstCustomerSession(db, reply, {
              customerId: signInCustomerId,
              secureCookie: config.isProduction,
            });
      reply.header('cache-control', 'no-store');
      return { ...view, signedIn };
    },
  );
};
