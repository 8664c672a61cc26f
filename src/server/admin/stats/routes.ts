import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminStats } from '@/contracts/admin/stats';
import { apiError } from '@/contracts/errors';
import { adminStats as computeStats } from './service';
import { staffAllowed } from '@/server/platform/auth/guard';

export const adminStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/stats', { config: staffAllowed, schema: { response: { 200: adminStats, 401: apiError } } }, async () =>
    // Reused for up to 30 s (admin/shared/figures-cache.ts, ADR 038), on the figures Analytics uses too.
    app.figures.builtOnFigures('stats', app.deps.db, app.deps.clock.now(), (now, figures) =>
      computeStats(app.deps.db, now, figures),
    ),
  );
};
