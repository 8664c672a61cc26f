import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import { adminRoleRequiredMessage, type AdminRole } from '@/contracts/admin/team';
import { Forbidden, Unauthorized } from '../errors';
import { ADMIN_COOKIE_PATH, ADMIN_SESSION_COOKIE, findAdminSession, type AdminIdentity } from './staff-sessions';
import type { Db } from '@/server/platform/db/client';

declare module 'fastify' {
  interface FastifyRequest {
    admin: AdminIdentity | null;
  }
  interface FastifyContextConfig {
    /** The least role an admin route needs; absent means 'admin' (ADR 019). */
    minimumRole?: AdminRole;
  }
}

/**
 * The only admin routes open without a session: the sign-in form's info, the sign-in itself and its second step
 * (the two-factor code, which needs the pending sign-in the right password gave: ADR 031).
 */
export const PUBLIC_ADMIN_ROUTES: ReadonlySet<string> = new Set(['/api/admin/login', '/api/admin/login/code']);

/**
 * What an admin route that staff may use puts in its options: `{ config: staffAllowed, schema: ... }`. A route
 * without it is for the admin role only, so a route added later is closed to staff until someone decides otherwise.
 */
export const staffAllowed = { minimumRole: 'staff' } as const satisfies FastifyContextConfig;

/** The role a route declared it needs (the route walk test reads the same declaration). */
export const minimumRoleOf = (config: FastifyContextConfig | undefined): AdminRole => config?.minimumRole ?? 'admin';

/**
 * One onRequest hook for the whole /api/admin prefix: a session of an enabled admin required, and the role the
 * route declares (cross-site writes are refused for the whole app in http/cross-site.ts).
 */
export function adminGuard(db: Db) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const url = request.routeOptions.url;
    if (PUBLIC_ADMIN_ROUTES.has(url ?? '')) return;
    const token = request.cookies[ADMIN_SESSION_COOKIE];
    request.admin = await findAdminSession(db, token);
    if (!request.admin) {
      // A dead cookie is removed so the browser stops sending it.
      if (token) reply.clearCookie(ADMIN_SESSION_COOKIE, { path: ADMIN_COOKIE_PATH });
      throw new Unauthorized();
    }
    // No matched route (url undefined) is left to answer 404, whatever the role.
    if (url && request.admin.role !== 'admin' && minimumRoleOf(request.routeOptions.config) === 'admin') {
      throw new Forbidden(adminRoleRequiredMessage);
    }
  };
}

/** The signed-in admin of a request that passed the guard. */
export function currentAdmin(request: FastifyRequest): AdminIdentity {
  if (!request.admin) throw new Unauthorized();
  return request.admin;
}
