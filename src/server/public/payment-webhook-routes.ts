import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '@/contracts/errors';
import { AppError } from '@/server/platform/errors';
import { handlePaymentEvent } from '@/server/rentals/payments/payment-events';

/**
 * POST /api/payments/webhook (WEBHOOK_PATH). The signature covers the exact bytes sent, so this plugin (and only
 * this one) reads JSON bodies as raw buffers; the gateway verifies and parses them. Each event is counted by type
 * and outcome (/metrics): an event refused before it is verified as type `unverified`.
 */
export const paymentWebhookRoute: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const { db, config, payments, clock } = app.deps;
  const { metrics } = app;

  app.post(
    '/payments/webhook',
    {
      schema: {
        // The body is the provider's raw event, verified byte for byte: the reference describes it, not its shape.
        description:
          "The payment provider's signed events (Stripe's format). The raw JSON body is verified against the " +
          'Stripe-Signature header before it is read; an unsigned or altered event is refused with 400.',
        response: { 200: z.object({ received: z.literal(true) }), 400: apiError },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
      const signature = request.headers['stripe-signature'];
      let type = 'unverified';
      let outcome: string;
      try {
        const event = payments.verifyWebhook(raw, Array.isArray(signature) ? signature[0] : signature);
        type = event.type;
        outcome = await handlePaymentEvent(
          { db, clock, publicUrl: config.publicUrl, publicUrlFollowsRequest: config.publicUrlFollowsRequest },
          event,
        );
        request.log.info({ eventId: event.id, type, outcome }, 'payment event');
      } catch (error) {
        metrics.webhookEvent(type, error instanceof AppError ? 'refused' : 'failed');
        throw error;
      }
      metrics.webhookEvent(type, outcome);
      // The messages the event queued (the confirmation, a receipt, dunning e-mails, owner alerts) go out now; a
      // failure waits for its retry.
      await app.scheduledWork.sendQueuedMessages(request.log);
      return { received: true as const };
    },
  );
};
