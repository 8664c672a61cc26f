import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agreementResult } from '@/contracts/agreements';
import { apiError } from '@/contracts/errors';
import {
  orderLinkParams,
  orderLinkPayInput,
  orderLinkPayResult,
  orderLinkQuery,
  orderLinkSignInput,
  orderLinkView,
} from '@/contracts/phone-orders';
import { signAgreement } from '@/server/customers/agreements/service';
import { publicUrlFor } from '@/server/platform/http/canonical-origin';
import { enforceRateLimit } from '@/server/platform/http/rate-limit';
import { requestLocale } from '@/server/platform/http/request-locale';
import { rememberCheckout } from '@/server/rentals/checkout/checkout-cookie';
import { noteLinkSigned, openLinkOrThrow, readOrderLink } from '@/server/rentals/phone-orders/link';
import { openPhoneOrderPayment } from '@/server/rentals/phone-orders/pay';

/** Look-ups of phone-order links per client address: plenty for a customer, nothing for a key-guessing script. */
const LINK_LIMIT = { limit: 60, windowMs: 15 * 60_000 };

const errors = { 400: apiError, 404: apiError, 409: apiError, 429: apiError, 503: apiError };

/**
 * The customer's side of an order taken by phone (issue 29, ADR 034): the link's page reads the order, the
 * customer signs the agreement and goes on to the payment provider's page. Each step checks the link's key; the
 * browser that opened an open link gets the checkout cookie, so /success after payment and the agreement's PDF
 * work as after a checkout.
 */
export const orderLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, clock, payments } = app.deps;
  const linkSecret = config.sessionSecret;

  app.get(
    '/order-links/:orderId',
    { schema: { params: orderLinkParams, querystring: orderLinkQuery, response: { 200: orderLinkView, ...errors } } },
    async (request, reply) => {
      const now = clock.now();
      await enforceRateLimit(db, `order-link:ip:${request.ip}`, LINK_LIMIT, now);
      const link = { orderId: request.params.orderId, key: request.query.key };
      const view = await readOrderLink(db, linkSecret, link, now);
      if (view.state === 'open') rememberCheckout(reply, link.orderId, config.isProduction);
      return view;
    },
  );

  app.post(
    '/order-links/:orderId/sign',
    { schema: { params: orderLinkParams, body: orderLinkSignInput, response: { 200: agreementResult, ...errors } } },
    async (request, reply) => {
      const now = clock.now();
      const { orderId } = request.params;
      const { key, ...signature } = request.body;
      await db.transaction((tx) => openLinkOrThrow(tx, linkSecret, orderId, key, now));
      const { agreement } = await signAgreement(
        { db, contact: config.business },
        { orderId, ...signature },
        { checkoutOrderId: orderId, ipAddress: request.ip, locale: requestLocale(request), now },
      );
      await noteLinkSigned(db, orderId, now);
      rememberCheckout(reply, orderId, config.isProduction);
      return agreement;
    },
  );

  app.post(
    '/order-links/:orderId/pay',
    { schema: { params: orderLinkParams, body: orderLinkPayInput, response: { 200: orderLinkPayResult, ...errors } } },
    async (request, reply) => {
      const { orderId } = request.params;
      const { key } = request.body;
      const publicUrl = publicUrlFor(request, config);
      const linkUrl = `${publicUrl}/order/${orderId}?key=${encodeURIComponent(key)}`;
      const result = await openPhoneOrderPayment(
        { db, payments, publicUrl, linkSecret },
        { orderId, key, linkUrl },
        clock.now(),
      );
      rememberCheckout(reply, orderId, config.isProduction);
      return result;
    },
  );
};
