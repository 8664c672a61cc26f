import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '@/contracts/admin/common';
import {
  adminMe,
  changeOwnPasswordInput,
  newTeamMemberInput,
  teamList,
  teamMember,
  teamMemberUpdate,
} from '@/contracts/admin/team';
import { errorResponses } from '@/contracts/errors';
import { currentAdmin, staffAllowed } from '@/server/platform/auth/guard';
import { adminIdOf } from '@/server/admin/shared/admin-id';
import { addTeamMember, listTeam, updateTeamMember } from './members';
import { changeOwnPassword, me } from './own-account';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/**
 * The signed-in admin's own account (everyone) and the team (the admin role only: the routes without
 * `staffAllowed`).
 */
export const adminTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.get('/me', { config: staffAllowed, schema: { response: { 200: adminMe, ...errors } } }, async (request) =>
    me(db, adminIdOf(request)),
  );

  app.post(
    '/me/password',
    { config: staffAllowed, schema: { body: changeOwnPasswordInput, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await changeOwnPassword(db, currentAdmin(request), request.body, clock.now());
      return reply.status(204).send(null);
    },
  );

  app.get('/team', { schema: { response: { 200: teamList, ...errors } } }, async () => ({ items: await listTeam(db) }));

  app.post(
    '/team',
    { schema: { body: newTeamMemberInput, response: { 201: teamMember, ...errors } } },
    async (request, reply) => reply.status(201).send(await addTeamMember(db, adminIdOf(request), request.body)),
  );

  app.patch(
    '/team/:id',
    { schema: { params: idParams, body: teamMemberUpdate, response: { 200: teamMember, ...errors } } },
    async (request) => updateTeamMember(db, adminIdOf(request), request.params.id, request.body, clock.now()),
  );
};
