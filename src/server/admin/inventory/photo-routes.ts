import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '@/contracts/admin/common';
import { errorResponses } from '@/contracts/errors';
import { MAX_PHOTO_BYTES, photoMessages, photoTypes } from '@/contracts/unit-model-photo';
import { adminIdOf } from '@/server/admin/shared/admin-id';
import { AppError } from '@/server/platform/errors';
import { removeUnitModelPhoto, storeUnitModelPhoto, UnsupportedPhoto } from '@/server/rentals/fleet/photos';

class PhotoTooLarge extends AppError {
  constructor() {
    super(photoMessages.tooLarge, 413);
  }
}

/** Reads an upload's bytes, refusing it as soon as it passes the limit (a declared length over it, before reading). */
async function readLimited(request: { headers: Record<string, unknown> }, payload: AsyncIterable<Buffer>) {
  if (Number(request.headers['content-length'] ?? 0) > MAX_PHOTO_BYTES) throw new PhotoTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    size += chunk.length;
    if (size > MAX_PHOTO_BYTES) throw new PhotoTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * The owner's upload and removal, under /api/admin (admin/plugin.ts: admin session and role). The photo is the
 * request body itself, sent with its image type (`PUT` with `Content-Type: image/png`), up to 2 MB.
 */
export const adminUnitModelPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  // Only this plugin's routes read raw bodies: images as bytes, anything else but JSON refused with the reason.
  app.addContentTypeParser([...photoTypes], async (request: FastifyRequest, payload: IncomingMessage) =>
    readLimited(request, payload),
  );
  app.addContentTypeParser('*', async () => {
    throw new UnsupportedPhoto();
  });
  const errors = errorResponses(400, 401, 403, 404, 413, 415);

  app.put(
    '/unit-models/:id/photo',
    {
      bodyLimit: MAX_PHOTO_BYTES + 1,
      schema: { params: idParams, response: { 200: z.object({ photoUrl: z.string() }), ...errors } },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new UnsupportedPhoto(photoMessages.empty);
      const declared = String(request.headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim()
        .toLowerCase();
      return storeUnitModelPhoto(
        db,
        adminIdOf(request),
        request.params.id,
        request.body,
        declared,
        app.deps.clock.now(),
      );
    },
  );

  app.delete(
    '/unit-models/:id/photo',
    { schema: { params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await removeUnitModelPhoto(db, adminIdOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
