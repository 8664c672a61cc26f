import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAnalytics } from '@/contracts/admin/analytics';
import { apiError } from '@/contracts/errors';
import { adminAnalytics as computeAnalytics } from './service';
import { staffAllowed } from '@/server/platform/auth/guard';

export const adminAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/analytics',
    { config: staffAllowed, schema: { response: { 200: adminAnalytics, 401: apiError } } },
    async () => computeAnalytics(app.deps.db, app.deps.clock.now()),
  );
};
