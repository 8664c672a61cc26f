import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@/contracts/errors';
import { openApiDocument } from '@/server/platform/api-docs/routes';

/** GET /api/admin/docs: the admin API's OpenAPI document, behind the admin session like every admin route. */
export const adminApiDocsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/docs',
    {
      schema: {
        summary: 'This document: the admin API (OpenAPI 3.1)',
        response: { 200: openApiDocument, 401: apiError },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return app.adminApiDocument();
    },
  );
};
