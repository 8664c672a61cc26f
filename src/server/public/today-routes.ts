import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { todayInLosAngeles } from '@/contracts/dates';
import { serverToday } from '@/contracts/today';

/** Today's date as the app's clock has it (contracts/today.ts): never cached, the demo's clock can move any time. */
export const todayRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clock } = app.deps;

  app.get(
    '/today',
    {
      schema: {
        description:
          "Today's date in America/Los_Angeles (YYYY-MM-DD) on the app's clock, which the demo's billing clock may " +
          'have moved ahead of real time. Browsers check dates against it (a checkout start date from today to 60 ' +
          'days ahead) instead of the device clock.',
        response: { 200: serverToday },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { today: todayInLosAngeles(clock.now()) };
    },
  );
};
