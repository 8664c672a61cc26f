import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkoutSuccessQuery,
  checkoutSuccessView,
  createSessionInput,
  createSessionResult,
} from '@/contracts/checkout';
import { apiError } from '@/contracts/errors';
import { z } from 'zod';
import { findCustomerSession, startFirstCustomerSession } from '@/server/platform/auth/customer-sessions';
import { publicUrlFor } from '@/server/platform/http/canonical-origin';
import { requestLocale } from '@/server/platform/http/request-locale';
import { checkoutOrderIdOf, rememberCheckout } from '@/server/rentals/checkout/checkout-cookie';
import { abandonCheckout } from '@/server/rentals/checkout/abandon';
import { openPaymentPage } from '@/server/rentals/checkout/payment-page';
import { ServiceAreaCopy } from '@/server/rentals/checkout/delivery';
import { startCheckout } from '@/server/rentals/checkout/service';
import { DayWindowsCopy } from '@/server/rentals/delivery-windows/day-copy';
import { checkoutSuccess } from '@/server/rentals/checkout/success';

export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, payments, clock } = app.deps;
  const serviceArea = new ServiceAreaCopy(db);
  const windows = new DayWindowsCopy(db);

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
          422: apiError,
          429: apiError,
          503: apiError,
        },
      },
    },
    async (request, reply) => {
      // The payment page returns to the origin this browser checked out on, where its checkout cookie is.
      const publicUrl = publicUrlFor(request, config);
      const secret = config.sessionSecret;
      const result = await startCheckout(
        { db, clock, payments, publicUrl, serviceArea, secret, windows },
        request.body,
        {
          ip: request.ip,
          previousOrderId: checkoutOrderIdOf(request),
          locale: requestLocale(request),
        },
      );
      rememberCheckout(reply, result.orderId, config.isProduction);
      return result;
    },
  );

  // The browser goes to the payment page through here: the unit is held for it, then the provider's page opens
  // (payment-page.ts, ADR 037). A checkout that is over sends the browser back to the checkout form.
  app.get(
    '/checkout/pay/:orderId',
    { schema: { params: z.object({ orderId: z.uuid() }), response: { 302: z.null(), 400: apiError } } },
    async (request, reply) => {
      const visit = await openPaymentPage({ db, payments }, request.params.orderId, clock.now());
      reply.header('cache-control', 'no-store');
      if (visit.kind === 'page') return reply.redirect(visit.url, 302);
      const model = visit.modelId ? `model=${visit.modelId}&` : '';
      return reply.redirect(`${publicUrlFor(request, config)}/checkout?${model}expired=1`, 302);
    },
  );

  // The payment page was left by its cancel link: this browser's checkout gives its unit back (./abandon.ts).
  app.post('/checkout/cancel', { schema: { response: { 204: z.null(), 503: apiError } } }, async (request, reply) => {
    await abandonCheckout({ db, payments }, checkoutOrderIdOf(request));
    return reply.status(204).send(null);
  });

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
