import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError, errorResponses } from '@/contracts/errors';
import {
  waitlistEntryView,
  waitlistJoinInput,
  waitlistLeaveInput,
  waitlistLeaveQuery,
  waitlistOfferQuery,
  waitlistOfferView,
  waitlistPlace,
} from '@/contracts/waitlist';
import { z } from 'zod';
import { LOCALE_COOKIE, parseAcceptLanguage, pickLocale } from '@/i18n/locale';
import { publicUrlFor } from '@/server/platform/http/canonical-origin';
import { enforceRateLimit } from '@/server/platform/http/rate-limit';
import {
  joinWaitlist,
  leaveWaitlist,
  waitlistEntryView as entryView,
  waitlistOfferView as offerView,
} from '@/server/rentals/waitlist/line';

/** Like the ZIP lead: a person joins a line or two, a script cannot fill the line through us. */
const JOINS_PER_IP = { limit: 10, windowMs: 15 * 60_000 };
/** The link pages: a person opens their link a few times; guessing tokens is pointless (HMAC) and kept slow. */
const LINKS_PER_IP = { limit: 60, windowMs: 15 * 60_000 };

/**
 * The fair waitlist's public routes (ADR 036). POST /api/stock-alerts (the path the catalog's form has always
 * used): join an out-of-stock model's line and learn the place in it. The e-mailed links: the offer's (read by the
 * checkout) and the one that leaves the line.
 */
export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app.deps;
  const depsFor = (request: Parameters<typeof publicUrlFor>[0]) => ({
    db,
    publicUrl: publicUrlFor(request, config),
    secret: config.sessionSecret,
  });

  app.post(
    '/stock-alerts',
    { schema: { body: waitlistJoinInput, response: { 202: waitlistPlace, ...errorResponses(400, 409, 422, 429) } } },
    async (request, reply) => {
      const now = clock.now();
      await enforceRateLimit(db, `stock-alert:ip:${request.ip}`, JOINS_PER_IP, now);
      // The e-mails are written in the language the visitor reads the site in.
      const locale = pickLocale({
        cookie: request.cookies[LOCALE_COOKIE],
        preferences: parseAcceptLanguage(request.headers['accept-language']),
      });
      return reply.status(202).send(await joinWaitlist(depsFor(request), request.body, locale, now));
    },
  );

  app.get(
    '/waitlist/offer',
    {
      schema: {
        querystring: waitlistOfferQuery,
        response: { 200: waitlistOfferView, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const now = clock.now();
      await enforceRateLimit(db, `waitlist-link:ip:${request.ip}`, LINKS_PER_IP, now);
      return offerView(depsFor(request), request.query.token, now);
    },
  );

  app.get(
    '/waitlist/entry',
    {
      schema: {
        querystring: waitlistLeaveQuery,
        response: { 200: waitlistEntryView, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      await enforceRateLimit(db, `waitlist-link:ip:${request.ip}`, LINKS_PER_IP, clock.now());
      return entryView(depsFor(request), request.query.token);
    },
  );

  app.post(
    '/waitlist/leave',
    {
      schema: {
        body: waitlistLeaveInput,
        response: { 200: z.object({ message: z.string() }), 400: apiError, 404: apiError, 429: apiError },
      },
    },
    async (request) => {
      const now = clock.now();
      await enforceRateLimit(db, `waitlist-link:ip:${request.ip}`, LINKS_PER_IP, now);
      return leaveWaitlist(depsFor(request), request.body.token, now);
    },
  );
};
