import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@/contracts/errors';
import { stockAlertInput, stockAlertReceipt } from '@/contracts/stock-alerts';
import { LOCALE_COOKIE, parseAcceptLanguage, pickLocale } from '@/i18n/locale';
import { enforceRateLimit } from '@/server/platform/http/rate-limit';
import { recordStockAlert } from '@/server/rentals/stock-alerts/service';

/** Like the ZIP lead: a person asks for a model or two, a script cannot fill the list through us. */
const PER_IP = { limit: 10, windowMs: 15 * 60_000 };

/** POST /api/stock-alerts: "Notify me" on an out-of-stock model; the e-mail goes out when stock returns. */
export const stockAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.post(
    '/stock-alerts',
    { schema: { body: stockAlertInput, response: { 202: stockAlertReceipt, 400: apiError, 429: apiError } } },
    async (request, reply) => {
      const now = clock.now();
      await enforceRateLimit(db, `stock-alert:ip:${request.ip}`, PER_IP, now);
      // The e-mail is written in the language the visitor reads the site in.
      const locale = pickLocale({
        cookie: request.cookies[LOCALE_COOKIE],
        preferences: parseAcceptLanguage(request.headers['accept-language']),
      });
      return reply.status(202).send(await recordStockAlert(db, request.body, locale, now));
    },
  );
};
