import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { modelIdParams, modelInventory, unitModelList } from '@/contracts/catalog';
import { apiError } from '@/contracts/errors';
import { type Clock, epochMs } from '@/server/platform/clock';
import { NotFound } from '@/server/platform/errors';
import type { FastLaneRoute } from '@/server/platform/http/fast-lane';
import type { CatalogCache, CatalogSnapshot } from '@/server/rentals/catalog/cache';
import { preparedVariant, sendPrepared, variantRequestHeaders } from '@/server/rentals/catalog/prepared-body';

/** The catalog is answered from memory (ADR 024): computed once, dropped when stock or models change. */
/** 304 has no body: the client's copy named by If-None-Match is current. */
const notModified = z.null().describe('Not modified: the copy named by If-None-Match is current');

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = app.catalog;

  app.get(
    '/unit-models',
    { schema: { response: { 200: unitModelList, 304: notModified } } },
    async (request, reply) => {
      const catalog = await cache.current(app.deps.clock.now());
      return sendPrepared(request, reply, catalog.list);
    },
  );

  app.get(
    '/inventory/:modelId',
    {
      schema: {
        params: modelIdParams,
        response: { 200: modelInventory, 304: notModified, 400: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      const catalog = await cache.current(app.deps.clock.now());
      const stock = catalog.stock.get(request.params.modelId);
      if (!stock) throw new NotFound('Unit model not found');
      return sendPrepared(request, reply, stock);
    },
  );
};

/**
 * GET /api/unit-models in the fast lane (http/fast-lane.ts, ADR 024 addendum): while the catalog is in memory, the
 * answer depends on the snapshot, If-None-Match and Accept-Encoding only, so Fastify's own answer is replayed.
 */
export function unitModelsFastLane(cache: CatalogCache, clock: Clock): FastLaneRoute<CatalogSnapshot> {
  return {
    path: '/api/unit-models',
    snapshot: () => cache.peek(epochMs(clock)),
    variant: (headers, catalog) => preparedVariant(headers, catalog.list),
    requestHeaders: (variant, catalog) => variantRequestHeaders(variant, catalog.list),
  };
}
