import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessageInput, contactMessageResult, contactMessageSent } from '@/contracts/contact';
import { apiError } from '@/contracts/errors';
import { enforceRateLimit } from '@/server/platform/http/rate-limit';
import { receiveContactMessage } from '@/server/customers/contact/service';

/** Messages per client address an hour: a person's follow-ups, not a flood in the owner's inbox. */
const PER_IP = { limit: 5, windowMs: 60 * 60_000 };

/** POST /api/contact: the /contact page's form reaches the owner (their e-mail and the dashboard's Messages). */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.post(
    '/contact',
    { schema: { body: contactMessageInput, response: { 200: contactMessageResult, 400: apiError, 429: apiError } } },
    async (request) => {
      await enforceRateLimit(db, `contact:ip:${request.ip}`, PER_IP, clock.now());
      // The spam trap's answer is the same as a real message's.
      if (await receiveContactMessage(db, request.body, clock.now()))
        await app.scheduledWork.sendQueuedMessages(request.log);
      return { message: contactMessageSent };
    },
  );
};
