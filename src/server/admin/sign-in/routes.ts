import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminLoginInfo, adminLoginInput, adminLoginResult } from '@/contracts/admin/auth';
import { apiError } from '@/contracts/errors';
import { staffAllowed } from '@/server/platform/auth/guard';
import { knownDeviceOf, rememberDevice } from '@/server/platform/auth/known-device';
import { verifyAdminCredentials } from '@/server/platform/auth/staff-sign-in';
import { demoCredentials } from '@/server/demo/credentials';
import {
  ADMIN_COOKIE_PATH,
  ADMIN_SESSION_COOKIE,
  endAdminSession,
  startAdminSession,
} from '@/server/platform/auth/staff-sessions';

export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, mailer, clock } = app.deps;

  app.get('/login', { schema: { response: { 200: adminLoginInfo } } }, async () => ({
    demoCredentials: await demoCredentials(db, config),
  }));

  app.post(
    '/login',
    {
      schema: {
        body: adminLoginInput,
        response: { 200: adminLoginResult, 400: apiError, 401: apiError, 403: apiError, 429: apiError },
      },
    },
    async (request, reply) => {
      const deviceId = knownDeviceOf(request, request.body.username);
      const admin = await verifyAdminCredentials(
        { db, mailer, publicUrl: config.publicUrl, log: request.log },
        request.body,
        { ip: request.ip, deviceId },
        clock.now(),
      );
      rememberDevice(reply, { deviceId, username: admin.username, secure: config.isProduction });
      // Never reuse a session id across a sign-in: whatever cookie came in is ended, a new one is issued.
      await endAdminSession(db, request.cookies[ADMIN_SESSION_COOKIE]);
      const session = await startAdminSession(db, admin.id);
      reply.setCookie(ADMIN_SESSION_COOKIE, session.token, {
        path: ADMIN_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: config.isProduction,
        expires: session.expiresAt,
      });
      return { username: admin.username };
    },
  );

  app.post(
    '/logout',
    { config: staffAllowed, schema: { response: { 204: z.null(), 401: apiError } } },
    async (request, reply) => {
      await endAdminSession(db, request.cookies[ADMIN_SESSION_COOKIE]);
      reply.clearCookie(ADMIN_SESSION_COOKIE, { path: ADMIN_COOKIE_PATH });
      return reply.status(204).send(null);
    },
  );
};
