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
import { apiError } from '@/contracts/errors';
import { currentAdmin, staffAllowed } from '@/server/platform/auth/guard';
import { addTeamMember, listTeam, updateTeamMember } from './members';
import { changeOwnPassword, me } from './own-account';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError, 429: apiError };

/**
 * The signed-in admin's own account (everyone) and the team (the admin role only: the routes without
 * `staffAllowed`).
 */
export const adminTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.get('/me', { config: staffAllowed, schema: { response: { 200: adminMe, ...errors } } }, async (request) =>
    me(db, currentAdmin(request).adminUserId),
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
    async (request, reply) =>
      reply.status(201).send(await addTeamMember(db, currentAdmin(request).adminUserId, request.body)),
  );

  app.patch(
    '/team/:id',
    { schema: { params: idParams, body: teamMemberUpdate, response: { 200: teamMember, ...errors } } },
    async (request) =>
      updateTeamMember(db, currentAdmin(request).adminUserId, request.params.id, request.body, clock.now()),
  );
};
