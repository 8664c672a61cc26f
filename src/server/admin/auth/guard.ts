import type { FastifyReply, FastifyRequest } from 'fastify';
import { Unauthorized } from '@/server/http/errors';
import { ADMIN_COOKIE_PATH, ADMIN_SESSION_COOKIE, findAdminSession, type AdminIdentity } from './sessions';
import type { Db } from '@/server/db/client';

declare module 'fastify' {
  interface FastifyRequest {
    admin: AdminIdentity | null;
  }
}

/** The only admin routes open without a session: the sign-in form's info and the sign-in itself. */
export const PUBLIC_ADMIN_ROUTES: ReadonlySet<string> = new Set(['/api/admin/login']);

/**
 * One onRequest hook for the whole /api/admin prefix: a session required (cross-site writes are refused for the
 * whole app in http/cross-site.ts).
 */
export function adminGuard(db: Db) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (PUBLIC_ADMIN_ROUTES.has(request.routeOptions.url ?? '')) return;
    const token = request.cookies[ADMIN_SESSION_COOKIE];
    request.admin = await findAdminSession(db, token);
    if (!request.admin) {
      // A dead cookie is removed so the browser stops sending it.
      if (token) reply.clearCookie(ADMIN_SESSION_COOKIE, { path: ADMIN_COOKIE_PATH });
      throw new Unauthorized();
    }
  };
}

/** The signed-in admin of a request that passed the guard. */
export function currentAdmin(request: FastifyRequest): AdminIdentity {
  if (!request.admin) throw new Unauthorized();
  return request.admin;
}
