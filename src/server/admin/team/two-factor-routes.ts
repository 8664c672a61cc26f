import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  recoveryCodes,
  twoFactorDisableInput,
  twoFactorEnableInput,
  twoFactorSetup,
  twoFactorSetupInput,
  twoFactorStatus,
} from '@/contracts/admin/two-factor';
import { errorResponses } from '@/contracts/errors';
import { sessionClock } from '@/server/platform/clock';
import { currentAdmin, staffAllowed } from '@/server/platform/auth/guard';
import { totpSecretBox } from '@/server/platform/auth/secret-box';
import { twoFactorStatus as readTwoFactorStatus } from '@/server/platform/auth/two-factor';
import { disableTwoFactor, enableTwoFactor, setUpTwoFactor } from './own-two-factor';

const errors = errorResponses(400, 401, 403, 409, 429);

/** The signed-in admin's own two-factor sign-in, under /api/admin/me/two-factor (every role: ADR 031). */
export const adminTwoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app.deps;
  const totpSecrets = totpSecretBox(config.sessionSecret);
  const context = (request: FastifyRequest) => ({ db, totpSecrets, admin: currentAdmin(request) });

  app.get(
    '/me/two-factor',
    { config: staffAllowed, schema: { response: { 200: twoFactorStatus, ...errors } } },
    async (request) => readTwoFactorStatus(db, currentAdmin(request).adminUserId),
  );

  app.post(
    '/me/two-factor/setup',
    { config: staffAllowed, schema: { body: twoFactorSetupInput, response: { 200: twoFactorSetup, ...errors } } },
    async (request) => setUpTwoFactor(context(request), request.body, clock.now()),
  );

  app.post(
    '/me/two-factor/enable',
    { config: staffAllowed, schema: { body: twoFactorEnableInput, response: { 200: recoveryCodes, ...errors } } },
    async (request) => enableTwoFactor(context(request), request.body, sessionClock.now()),
  );

  app.post(
    '/me/two-factor/disable',
    { config: staffAllowed, schema: { body: twoFactorDisableInput, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await disableTwoFactor(context(request), request.body, clock.now(), sessionClock.now());
      return reply.status(204).send(null);
    },
  );
};
