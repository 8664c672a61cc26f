import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '@/contracts/admin/common';
import {
  adminContactMessage,
  adminContactMessageList,
  contactMessageListQuery,
} from '@/contracts/admin/contact-messages';
import { apiError } from '@/contracts/errors';
import { currentAdmin, staffAllowed } from '@/server/platform/auth/guard';
import { listContactMessages, markContactMessageHandled } from './service';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };

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
    async (request) => markContactMessageHandled(db, currentAdmin(request).adminUserId, request.params.id, clock.now()),
  );
};
