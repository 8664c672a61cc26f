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
import { apiError } from '@/contracts/errors';
import { currentAdmin, staffAllowed } from '@/server/platform/auth/guard';
import { bulkUpdateUnitStatus, createUnit, deleteUnit, listUnits, updateUnit } from '@/server/rentals/fleet/inventory';
import { createUnitModel, deleteUnitModel, listUnitModels, updateUnitModel } from '@/server/rentals/fleet/unit-models';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };

export const adminInventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const adminId = (request: Parameters<typeof currentAdmin>[0]) => currentAdmin(request).adminUserId;

  app.get(
    '/unit-models',
    { config: staffAllowed, schema: { response: { 200: adminUnitModelList, ...errors } } },
    async () => listUnitModels(db),
  );

  app.post(
    '/unit-models',
    { schema: { body: unitModelInput, response: { 201: adminUnitModel, ...errors } } },
    async (request, reply) => reply.status(201).send(await createUnitModel(db, adminId(request), request.body)),
  );

  app.patch(
    '/unit-models/:id',
    { schema: { params: idParams, body: unitModelUpdate, response: { 200: adminUnitModel, ...errors } } },
    async (request) => updateUnitModel(db, adminId(request), request.params.id, request.body),
  );

  app.delete(
    '/unit-models/:id',
    { schema: { params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteUnitModel(db, adminId(request), request.params.id);
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
      reply.status(201).send(await createUnit(db, adminId(request), request.body, app.deps.clock.now())),
  );

  app.post(
    '/units/bulk-status',
    { config: staffAllowed, schema: { body: bulkUnitStatusInput, response: { 200: bulkUnitStatusResult, ...errors } } },
    async (request) => bulkUpdateUnitStatus(db, adminId(request), request.body),
  );

  app.patch(
    '/units/:id',
    {
      config: staffAllowed,
      schema: { params: idParams, body: unitUpdateInput, response: { 200: adminUnit, ...errors } },
    },
    async (request) => updateUnit(db, adminId(request), request.params.id, request.body, app.deps.clock.now()),
  );

  app.delete(
    '/units/:id',
    { schema: { params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteUnit(db, adminId(request), request.params.id, app.deps.clock.now());
      return reply.status(204).send(null);
    },
  );
};
