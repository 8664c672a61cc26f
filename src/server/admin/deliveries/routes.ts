import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq, ne } from 'drizzle-orm';
import { idParams } from '@/contracts/admin/common';
import {
  adminVisit,
  adminVisitList,
  cancelVisitInput,
  completeVisitInput,
  deliveryListQuery,
  returnToStockResult,
  scheduleVisitInput,
  swapVisitInput,
  visitActionResult,
  visitUnitChoices,
  visitWindowDay,
  visitWindowDayQuery,
} from '@/contracts/admin/deliveries';
import { errorResponses } from '@/contracts/errors';
import { staffAllowed } from '@/server/platform/auth/guard';
import { adminIdOf } from '@/server/admin/shared/admin-id';
import { units } from '@/server/platform/db/schema';
import { unitIsFree } from '@/server/rentals/units/predicates';
import { cancelVisit, returnToStock, swapVisitUnit } from '@/server/operations/visits/cancel-swap';
import { completeVisit } from '@/server/operations/visits/complete';
import { listVisits } from '@/server/operations/visits/list';
import { scheduleVisit } from '@/server/operations/visits/schedule';
import { visitById } from '@/server/operations/visits/visit-rows';
import { windowsOfVisitDay } from '@/server/operations/visits/window-capacity';

const errors = errorResponses(400, 401, 403, 404, 409, 502);

/**
 * The Deliveries & Pickups tab: /api/admin/deliveries (docs/decisions/023-visits-and-unit-movements.md). The crew's
 * work, so staff may use all of it.
 */
export const adminDeliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, payments, config } = app.deps;
  const emailDeps = {
    db,
    sendQueued: () => app.scheduledWork.sendQueuedMessages(app.log),
    publicUrl: config.publicUrl,
    business: config.business,
  };

  app.get(
    '/deliveries',
    { config: staffAllowed, schema: { querystring: deliveryListQuery, response: { 200: adminVisitList, ...errors } } },
    async (request) => listVisits(db, request.query, clock.now()),
  );

  app.get(
    '/deliveries/:id',
    { config: staffAllowed, schema: { params: idParams, response: { 200: adminVisit, ...errors } } },
    async (request) => visitById(db, request.params.id),
  );

  app.get(
    '/deliveries/:id/units',
    { config: staffAllowed, schema: { params: idParams, response: { 200: visitUnitChoices, ...errors } } },
    async (request) => {
      const visit = await visitById(db, request.params.id);
      const free = await db
        .select({ id: units.id, serial: units.serial, btu: units.btu })
        .from(units)
        .where(
          and(
            eq(units.modelId, visit.order.modelId),
            unitIsFree(clock.now()),
            visit.unit ? ne(units.id, visit.unit.id) : undefined,
          ),
        )
        .orderBy(asc(units.serial))
        .limit(100);
      return { units: free };
    },
  );

  // The schedule dialog's windows for the day chosen: the owner's windows of that day and what each has taken.
  app.get(
    '/delivery-windows',
    {
      config: staffAllowed,
      schema: { querystring: visitWindowDayQuery, response: { 200: visitWindowDay, ...errors } },
    },
    async (request) => windowsOfVisitDay(db, request.query.date, clock.now()),
  );

  app.post(
    '/deliveries/:id/schedule',
    {
      config: staffAllowed,
      schema: { params: idParams, body: scheduleVisitInput, response: { 200: visitActionResult, ...errors } },
    },
    async (request) => scheduleVisit(emailDeps, adminIdOf(request), request.params.id, request.body, clock.now()),
  );

  app.post(
    '/deliveries/:id/complete',
    {
      config: staffAllowed,
      schema: { params: idParams, body: completeVisitInput, response: { 200: visitActionResult, ...errors } },
    },
    async (request) =>
      completeVisit({ db, payments }, adminIdOf(request), request.params.id, request.body, clock.now()),
  );

  app.post(
    '/deliveries/:id/cancel',
    {
      config: staffAllowed,
      schema: { params: idParams, body: cancelVisitInput, response: { 200: visitActionResult, ...errors } },
    },
    async (request) => cancelVisit(db, adminIdOf(request), request.params.id, request.body.reason, clock.now()),
  );

  app.post(
    '/deliveries/:id/swap',
    {
      config: staffAllowed,
      schema: { params: idParams, body: swapVisitInput, response: { 200: visitActionResult, ...errors } },
    },
    async (request) => swapVisitUnit(db, adminIdOf(request), request.params.id, request.body.unitId, clock.now()),
  );

  app.post(
    '/units/:id/return-to-stock',
    { config: staffAllowed, schema: { params: idParams, response: { 200: returnToStockResult, ...errors } } },
    async (request) => returnToStock(db, adminIdOf(request), request.params.id),
  );
};
