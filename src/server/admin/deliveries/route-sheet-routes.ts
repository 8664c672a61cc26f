import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeSheet, routeSheetQuery } from '@/contracts/admin/route-sheet';
import { errorResponses } from '@/contracts/errors';
import { staffAllowed } from '@/server/platform/auth/guard';
import { renderRouteSheetPdf } from '@/server/operations/route-sheet/pdf';
import { buildRouteSheet } from '@/server/operations/route-sheet/service';

const errors = errorResponses(400, 401, 403);

/**
 * A day's route sheet for the crew (drivers are staff): GET /api/admin/route-sheet?date=YYYY-MM-DD as JSON for the
 * printable page, and the same sheet as a PDF at /api/admin/route-sheet.pdf.
 */
export const adminRouteSheetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.get(
    '/route-sheet',
    { config: staffAllowed, schema: { querystring: routeSheetQuery, response: { 200: routeSheet, ...errors } } },
    async (request) => buildRouteSheet(db, request.query.date),
  );

  app.get(
    '/route-sheet.pdf',
    {
      config: staffAllowed,
      schema: {
        querystring: routeSheetQuery,
        response: { 200: z.custom<Buffer>((value) => Buffer.isBuffer(value)), ...errors },
      },
    },
    async (request, reply) => {
      const sheet = await buildRouteSheet(db, request.query.date);
      const pdf = await renderRouteSheetPdf(sheet, clock.now());
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="route-sheet-${sheet.date}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
