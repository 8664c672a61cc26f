import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { adminLoginCodeInput, adminLoginInfo, adminLoginInput, adminLoginResult } from '@/contracts/admin/auth';
import { apiError } from '@/contracts/errors';
import { sessionClock } from '@/server/platform/clock';
import { staffAllowed } from '@/server/platform/auth/guard';
import { knownDeviceOf, rememberDevice } from '@/server/platform/auth/known-device';
import { clearPendingSignIn, holdPendingSignIn, pendingSignInOf } from '@/server/platform/auth/pending-sign-in';
import { totpSecretBox } from '@/server/platform/auth/secret-box';
import { verifyAdminCode, verifyAdminCredentials } from '@/server/platform/auth/staff-sign-in';
import { demoCredentials } from '@/server/demo/credentials';
import {
  ADMIN_COOKIE_PATH,
  ADMIN_SESSION_COOKIE,
  endAdminSession,
  startAdminSession,
} from '@/server/platform/auth/staff-sessions';

const signInErrors = { 400: apiError, 401: apiError, 403: apiError, 429: apiError };

export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, mailer, clock } = app.deps;
  const totpSecrets = totpSecretBox(config.sessionSecret);
  const signInDeps = (request: FastifyRequest) => ({
    db,
    mailer,
    publicUrl: config.publicUrl,
    log: request.log,
    totpSecrets,
  });

  /** The browser proved who it is: a known browser from now on, and a new session (never a reused id). */
  async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    admin: { id: string; username: string },
    deviceId: string | null,
  ) {
    rememberDevice(reply, { deviceId, username: admin.username, secure: config.isProduction });
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
  }

  app.get('/login', { schema: { response: { 200: adminLoginInfo } } }, async () => ({
    demoCredentials: await demoCredentials(db, config),
  }));

  app.post(
    '/login',
    { schema: { body: adminLoginInput, response: { 200: adminLoginResult, ...signInErrors } } },
    async (request, reply) => {
      const deviceId = knownDeviceOf(request, request.body.username);
      const admin = await verifyAdminCredentials(
        signInDeps(request),
        request.body,
        { ip: request.ip, deviceId },
        clock.now(),
      );
      if (!admin.codeRequired) return signIn(request, reply, admin, deviceId);
      // Two-factor on (ADR 031): no session yet; this browser may send the code within 5 minutes.
      holdPendingSignIn(
        reply,
        { adminUserId: admin.id, username: admin.username, passwordStamp: admin.passwordStamp },
        { now: sessionClock.now(), secure: config.isProduction },
      );
      return { username: admin.username, codeRequired: true as const };
    },
  );

  app.post(
    '/login/code',
    { schema: { body: adminLoginCodeInput, response: { 200: adminLoginResult, ...signInErrors } } },
    async (request, reply) => {
      const pending = pendingSignInOf(request, sessionClock.now());
      const deviceId = pending ? knownDeviceOf(request, pending.username) : null;
      const admin = await verifyAdminCode(
        signInDeps(request),
        pending,
        request.body.code,
        { ip: request.ip, deviceId },
        clock.now(),
      );
      clearPendingSignIn(reply);
      return signIn(request, reply, admin, deviceId);
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
