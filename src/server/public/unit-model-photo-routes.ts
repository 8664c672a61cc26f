import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { modelIdParams } from '@/contracts/catalog';
import { photoMessages } from '@/contracts/unit-model-photo';
import { NotFound } from '@/server/platform/errors';
import { readUnitModelPhoto } from '@/server/rentals/fleet/photos';

const photoQuery = z.object({ v: z.string().max(20).optional() });
const YEAR_SECONDS = 31_536_000;

/**
 * GET /api/unit-models/:modelId/photo: the photo that replaces a model's drawing. The catalog links it with
 * `?v=<version>`: that URL's bytes never change, so it is cached for a year as immutable; without the current
 * version the browser must revalidate (ETag).
 */
export const unitModelPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/unit-models/:modelId/photo',
    // A binary body: no response schema to serialise it through; a refusal goes through the error handler as JSON.
    { schema: { params: modelIdParams, querystring: photoQuery } },
    async (request, reply) => {
      const photo = await readUnitModelPhoto(app.deps.db, request.params.modelId);
      if (!photo) throw new NotFound(photoMessages.notFound);
      const version = String(photo.updatedAt.getTime());
      const etag = `"photo-${version}"`;
      const versioned = request.query.v === version;
      void reply
        .header('etag', etag)
        .header('cache-control', versioned ? `public, max-age=${YEAR_SECONDS}, immutable` : 'public, no-cache');
      const known = request.headers['if-none-match'];
      if (known && known.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        return reply.status(304).send();
      }
      return reply.type(photo.type).send(photo.bytes);
    },
  );
};
