import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '@/contracts/admin/common';
import {
  adminUnit,
  adminUnitList,
  adminUnitModelList,
  bulkUnitStatusInput,
  adminUnitModel,
  bulkUnitStatusResult,
  unitInput,
  unitListQuery,
  unitModelInput,
  unitModelUpdate,
  unitUpdateInput,
} from '@/contracts/admin/inventory';
import { errorResponses } from '@/contracts/errors';
import { staffAllowed } from '@/server/platform/auth/guard';
import { adminIdOf } from '@/server/admin/shared/admin-id';
import { bulkUpdateUnitStatus, createUnit, deleteUnit, listUnits, updateUnit } from '@/server/rentals/fleet/inventory';
import { createUnitModel, deleteUnitModel, listUnitModels, updateUnitModel } from '@/server/rentals/fleet/unit-models';

const errors = errorResponses(400, 401, 403, 404, 409);

export const adminInventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/unit-models',
    { config: staffAllowed, schema: { response: { 200: adminUnitModelList, ...errors } } },
    async () => listUnitModels(db),
  );

  app.post(
    '/unit-models',
    { schema: { body: unitModelInput, response: { 201: adminUnitModel, ...errors } } },
    async (request, reply) => reply.status(201).send(await createUnitModel(db, adminIdOf(request), request.body)),
  );

  app.patch(
    '/unit-models/:id',
    { schema: { params: idParams, body: unitModelUpdate, response: { 200: adminUnitModel, ...errors } } },
    async (request) => updateUnitModel(db, adminIdOf(request), request.params.id, request.body),
  );

  app.delete(
    '/unit-models/:id',
    { schema: { params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteUnitModel(db, adminIdOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/units',
    { config: staffAllowed, schema: { querystring: unitListQuery, response: { 200: adminUnitList, ...errors } } },
    async (request) => listUnits(db, request.query, app.deps.clock.now()),
  );

  app.post(
    '/units',
    { config: staffAllowed, schema: { body: unitInput, response: { 201: adminUnit, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await createUnit(db, adminIdOf(request), request.body, app.deps.clock.now())),
  );

  app.post(
    '/units/bulk-status',
    { config: staffAllowed, schema: { body: bulkUnitStatusInput, response: { 200: bulkUnitStatusResult, ...errors } } },
    async (request) => bulkUpdateUnitStatus(db, adminIdOf(request), request.body),
  );

  app.patch(
    '/units/:id',
    {
      config: staffAllowed,
      schema: { params: idParams, body: unitUpdateInput, response: { 200: adminUnit, ...errors } },
    },
    async (request) => updateUnit(db, adminIdOf(request), request.params.id, request.body, app.deps.clock.now()),
  );

  app.delete(
    '/units/:id',
    { schema: { params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteUnit(db, adminIdOf(request), request.params.id, app.deps.clock.now());
      return reply.status(204).send(null);
    },
  );
};
