import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '@/contracts/admin/common';
import {
  adminContactMessage,
  adminContactMessageList,
  contactMessageListQuery,
} from '@/contracts/admin/contact-messages';
import { errorResponses } from '@/contracts/errors';
import { staffAllowed } from '@/server/platform/auth/guard';
import { adminIdOf } from '@/server/admin/shared/admin-id';
import { listContactMessages, markContactMessageHandled } from './service';

const errors = errorResponses(400, 401, 403, 404);

/** Messages from the /contact form: staff read them; marking one handled is the owner's (audited). */
export const adminContactMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.get(
    '/contact-messages',
    {
      config: staffAllowed,
      schema: { querystring: contactMessageListQuery, response: { 200: adminContactMessageList, ...errors } },
    },
    async (request) => listContactMessages(db, request.query),
  );

  app.post(
    '/contact-messages/:id/handled',
    { schema: { params: idParams, response: { 200: adminContactMessage, ...errors } } },
    async (request) => markContactMessageHandled(db, adminIdOf(request), request.params.id, clock.now()),
  );
};
