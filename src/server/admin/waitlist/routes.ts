import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/contracts/errors';
import {
  adminWaitlist,
  adminWaitlistEntry,
  adminWaitlistQuery,
  moveUpInput,
  removeFromWaitlistInput,
  waitlistEntryParams,
  waitlistSettings,
} from '@/contracts/waitlist';
import { adminIdOf } from '@/server/admin/shared/admin-id';
import { staffAllowed } from '@/server/platform/auth/guard';
import { listWaitlist, moveUp, removeFromWaitlist } from '@/server/rentals/waitlist/admin';
import { readWaitlistSettings, writeWaitlistSettings } from '@/server/rentals/waitlist/settings';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * The owner's waitlist (ADR 036): the lines per model and area, moving someone up with a reason, removing someone
 * (both audited), and the offer time. Staff may read the lines and act on them; the offer time is the admin's.
 */
export const adminWaitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.get(
    '/waitlist',
    { config: staffAllowed, schema: { querystring: adminWaitlistQuery, response: { 200: adminWaitlist, ...errors } } },
    async (request) => listWaitlist(db, request.query),
  );

  app.post(
    '/waitlist/:id/move-up',
    {
      config: staffAllowed,
      schema: { params: waitlistEntryParams, body: moveUpInput, response: { 200: adminWaitlistEntry, ...errors } },
    },
    async (request) => moveUp(db, adminIdOf(request), request.params.id, request.body.reason, clock.now()),
  );

  app.post(
    '/waitlist/:id/remove',
    {
      config: staffAllowed,
      schema: {
        params: waitlistEntryParams,
        body: removeFromWaitlistInput,
        response: { 200: adminWaitlistEntry, ...errors },
      },
    },
    async (request) => removeFromWaitlist(db, adminIdOf(request), request.params.id, request.body.reason, clock.now()),
  );

  app.get('/settings/waitlist', { schema: { response: { 200: waitlistSettings, ...errors } } }, async () =>
    readWaitlistSettings(db),
  );

  app.put(
    '/settings/waitlist',
    { schema: { body: waitlistSettings, response: { 200: waitlistSettings, ...errors } } },
    async (request) => writeWaitlistSettings(db, adminIdOf(request), request.body),
  );
};
