import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAnalytics, unmetDemand, unmetDemandQuery } from '@/contracts/admin/analytics';
import { todayInLosAngeles } from '@/contracts/dates';
import { apiError, errorResponses } from '@/contracts/errors';
import { csvResponse, sendCsv } from '@/server/admin/shared/csv-export';
import { adminAnalytics as computeAnalytics } from './service';
import { unmetDemand as computeUnmetDemand, unmetDemandRange } from './unmet-demand';
import { unmetDemandCsv } from './unmet-demand-export';
import { staffAllowed } from '@/server/platform/auth/guard';

export const adminAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.get(
    '/analytics',
    { config: staffAllowed, schema: { response: { 200: adminAnalytics, 401: apiError } } },
    // Reused for up to 30 s (admin/shared/figures-cache.ts, ADR 038), on the figures the stat cards use too.
    async () =>
      app.figures.builtOnFigures('analytics', db, clock.now(), (now, figures) => computeAnalytics(db, now, figures)),
  );

  app.get(
    '/analytics/unmet-demand',
    {
      config: staffAllowed,
      schema: { querystring: unmetDemandQuery, response: { 200: unmetDemand, ...errorResponses(400, 401) } },
    },
    async (request) => computeUnmetDemand(db, unmetDemandRange(request.query, todayInLosAngeles(clock.now()))),
  );

  // An export, so the admin role's (ADR 019), as the other exports are.
  app.get(
    '/analytics/unmet-demand/export.csv',
    { schema: { querystring: unmetDemandQuery, response: { 200: csvResponse, ...errorResponses(400, 401, 403) } } },
    async (request, reply) => {
      const now = clock.now();
      return sendCsv(reply, unmetDemandCsv(db, unmetDemandRange(request.query, todayInLosAngeles(now))), now);
    },
  );
};
