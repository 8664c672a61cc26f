import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { modelIdParams, modelInventory, unitModelList } from '@/contracts/catalog';
import { apiError } from '@/contracts/errors';
import { listUnitModels, modelStock } from './service';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/unit-models', { schema: { response: { 200: unitModelList } } }, async () => listUnitModels(app.deps.db));

  app.get(
    '/inventory/:modelId',
    { schema: { params: modelIdParams, response: { 200: modelInventory, 400: apiError, 404: apiError } } },
    async (request) => modelStock(app.deps.db, request.params.modelId, app.deps.clock.now()),
  );
};
