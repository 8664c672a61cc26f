import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** What the documents' routes promise: an OpenAPI document (its whole shape is OpenAPI's, checked in the tests). */
export const openApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()).optional(),
});

/** GET /api/docs: the public and customer API's OpenAPI document (the admin one is GET /api/admin/docs). */
export const publicApiDocsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/docs',
    {
      schema: {
        summary: 'This document: the public and customer API (OpenAPI 3.1)',
        response: { 200: openApiDocument },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return app.publicApiDocument();
    },
  );
};
