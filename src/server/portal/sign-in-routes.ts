import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyBaseLogger } from 'fastify';
import { errorResponses } from '@/contracts/errors';
import {
  customerSessionState,
  freshLinkSentMessage,
  loginLinkParams,
  loginLinkResult,
  loginLinkUsedMessage,
  signInLinkInput,
  signInLinkResult,
  signInLinkSentMessage,
} from '@/contracts/sign-in-links';
import { consumeLoginLink, loginLinkOwner } from '@/server/platform/auth/login-links';
import { findCustomerSession, hashToken, startCustomerSession } from '@/server/platform/auth/customer-sessions';
import { publicUrlFor } from '@/server/platform/http/canonical-origin';
import { enforceRateLimit } from '@/server/platform/http/rate-limit';
import { requestSignInLink, resendLoginLink } from '@/server/customers/account/sign-in-links';

const errors = errorResponses(400, 410, 429);

/** Requests per address: a household's few tries, far too few to probe a list of e-mails. */
const PER_IP = { limit: 10, windowMs: 15 * 60_000 };
/** E-mails per address (or per old link) an hour: a customer's retries, never a mailbox flooded. */
const PER_RECIPIENT = { limit: 3, windowMs: 60 * 60_000 };

/**
 * The ways back in on a new device (ADR 005 addendum): a signed-out portal page asks for a sign-in e-mail, and a
 * one-time link is used up only by the POST its page's "Continue" button makes, never by opening it, so mail
 * scanners that fetch links do not spend it. A used or expired link offers to send a fresh one.
 */
export const signInLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, clock } = app.deps;

  /** Sends what was just queued after the answer has gone, so a known address takes no longer to answer. */
  const sendLater = (log: FastifyBaseLogger) => {
    setImmediate(() => void app.scheduledWork.sendQueuedMessages(log));
  };

  app.get('/api/portal/session', { schema: { response: { 200: customerSessionState } } }, async (request) => ({
    signedIn: (await findCustomerSession(db, request)) !== null,
  }));

  app.post(
    '/api/portal/sign-in-link',
    { schema: { body: signInLinkInput, response: { 202: signInLinkResult, ...errors } } },
    async (request, reply) => {
      const now = clock.now();
      await enforceRateLimit(db, `sign-in-link:ip:${request.ip}`, PER_IP, now);
      await enforceRateLimit(db, `sign-in-link:email:${hashToken(request.body.email)}`, PER_RECIPIENT, now);
      await requestSignInLink(db, request.body, publicUrlFor(request, config));
      sendLater(request.log);
      return reply.status(202).send({ message: signInLinkSentMessage });
    },
  );

  app.post(
    '/api/auth/link/:token',
    { schema: { params: loginLinkParams, response: { 200: loginLinkResult, ...errors } } },
    async (request, reply) => {
      const now = clock.now();
      await enforceRateLimit(db, `login-link:ip:${request.ip}`, PER_IP, now);
      const link = await consumeLoginLink(db, request.params.token, now);
      if (!link) {
        // "Manage your rental at any time": a used link opened again where its customer is signed in still leads
        // to the rental; anywhere else the page offers a fresh link in one click (issue 33).
        const owner = await loginLinkOwner(db, request.params.token);
        const session = owner ? await findCustomerSession(db, request) : null;
        if (owner && session?.customerId === owner.customerId) return { orderId: owner.orderId };
        return reply.status(410).send({ message: loginLinkUsedMessage });
      }
      await startCustomerSession(db, reply, { customerId: link.customerId, secureCookie: config.isProduction });
      return { orderId: link.orderId };
    },
  );

  app.post(
    '/api/auth/link/:token/resend',
    { schema: { params: loginLinkParams, response: { 202: signInLinkResult, ...errors } } },
    async (request, reply) => {
      const now = clock.now();
      await enforceRateLimit(db, `login-link-resend:ip:${request.ip}`, PER_IP, now);
      await enforceRateLimit(db, `login-link-resend:${hashToken(request.params.token)}`, PER_RECIPIENT, now);
      await resendLoginLink(db, request.params.token, publicUrlFor(request, config));
      sendLater(request.log);
      return reply.status(202).send({ message: freshLinkSentMessage });
    },
  );
};
