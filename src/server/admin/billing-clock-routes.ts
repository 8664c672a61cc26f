import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingClockAdvanceInput, billingClockView } from '@/contracts/admin/billing-clock';
import { errorResponses } from '@/contracts/errors';
import { isLocalGateway } from '@/server/billing/provider/local-gateway';
import { staffAllowed } from '@/server/platform/auth/guard';

const DAY_MS = 86_400_000;
const errors = errorResponses(400, 401, 403);

/**
 * GET /api/admin/billing-clock and POST /api/admin/billing-clock/advance: the demo's clock, Stripe's test clocks
 * being the model. Advancing runs everything due on the way, in time order, and answers once every resulting
 * webhook has been applied. Registered only with the embedded gateway outside production.
 */
export const adminBillingClockRoutes: FastifyPluginAsyncZod = async (app) => {
  const gateway = app.deps.payments;
  if (!isLocalGateway(gateway) || !gateway.billingClock || app.deps.config.isProduction) return;
  const clock = gateway.billingClock;

  app.get(
    '/billing-clock',
    { config: staffAllowed, schema: { response: { 200: billingClockView, ...errors } } },
    async () => ({
      now: clock.now().toISOString(),
    }),
  );

  app.post(
    '/billing-clock/advance',
    { schema: { body: billingClockAdvanceInput, response: { 200: billingClockView, ...errors } } },
    async (request) => {
      const start = clock.now().getTime();
      // Day by day, so the app's own scheduled work (late fees, messages) runs at least daily on the way, as on a
      // running server, and at each time the provider had something due.
      let now = clock.now();
      for (let day = 1; day <= request.body.days; day += 1) {
        now = await gateway.advanceTo(new Date(start + day * DAY_MS), async (at) => {
          // A failed sweep stops the advance, as before sweeps ran on their own: the demo shows the failure.
          for (const sweep of (await app.scheduledWork.run(at, request.log)).sweeps) if (!sweep.ok) throw sweep.error;
        });
      }
      request.log.info({ days: request.body.days, now }, 'billing clock advanced');
      return { now: now.toISOString() };
    },
  );
};
