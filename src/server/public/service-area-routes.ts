import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@/contracts/errors';
import { deliveryQuoteView, leadInput, leadReceipt, publicServiceArea, quoteQuery } from '@/contracts/service-area';
import { lookupZip } from '@/server/rentals/service-area/zip-codes';
import { enforceRateLimit } from '@/server/platform/http/rate-limit';
import { readServiceArea } from '@/server/rentals/service-area/settings';
import { servedAreas } from '@/server/rentals/service-area/areas';
import { recordLead } from '@/server/rentals/service-area/leads';
import { quoteZip } from '@/server/rentals/service-area/quote';

/** The checkout asks as the ZIP is typed (debounced): generous, but a script cannot map the table through us. */
const QUOTE_LIMIT = { limit: 120, windowMs: 15 * 60_000 };
const LEAD_LIMIT = { limit: 10, windowMs: 15 * 60_000 };

/** Where we deliver (home page, FAQ, checkout), a ZIP's delivery quote, and "tell me when you deliver here". */
export const serviceAreaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.get('/service-area', { schema: { response: { 200: publicServiceArea } } }, async (_request, reply) => {
    const settings = await readServiceArea(db);
    reply.header('cache-control', 'no-cache');
    return {
      ...settings,
      depotCity: lookupZip(settings.depotZip)?.city ?? '',
      areas: servedAreas(settings),
    };
  });

  app.get(
    '/service-area/quote',
    { schema: { querystring: quoteQuery, response: { 200: deliveryQuoteView, 400: apiError, 429: apiError } } },
    async (request) => {
      await enforceRateLimit(db, `zip-quote:ip:${request.ip}`, QUOTE_LIMIT, clock.now());
      return quoteZip(await readServiceArea(db), request.query.zip);
    },
  );

  app.post(
    '/leads',
    { schema: { body: leadInput, response: { 202: leadReceipt, 400: apiError, 429: apiError } } },
    async (request, reply) => {
      const now = clock.now();
      await enforceRateLimit(db, `lead:ip:${request.ip}`, LEAD_LIMIT, now);
      return reply.status(202).send(await recordLead(db, request.body, now));
    },
  );
};
