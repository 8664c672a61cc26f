import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, Unauthorized } from '../../http/errors';
import { ADMIN_COOKIE_PATH, ADMIN_SESSION_COOKIE, findAdminSession, type AdminIdentity } from './sessions';
import type { Db } from '../../db/client';

declare module 'fastify' {
  interface FastifyRequest {
    admin: AdminIdentity | null;
  }
}

export class Forbidden extends AppError {
  constructor(message: string) {
    super(message, 403);
  }
}

/** The only admin routes open without a session: the sign-in form's info and the sign-in itself. */
export const PUBLIC_ADMIN_ROUTES: ReadonlySet<string> = new Set(['/api/admin/login']);

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return 'invalid';
  }
}

/**
 * Cross-site request check for cookie-authenticated writes (on top of the SameSite=Strict cookie): a browser sends
 * Origin (or at least Referer) with every POST/PATCH/DELETE; it must be our public origin or this request's own
 * host. A request with neither header is not a browser acting on a user's cookie (curl, server-to-server).
 */
export function isCrossSiteWrite(request: FastifyRequest, publicUrl: string): boolean {
  if (!STATE_CHANGING.has(request.method)) return false;
  const source = originOf(request.headers.origin) ?? originOf(request.headers.referer);
  if (source === null) return false;
  if (source === new URL(publicUrl).origin) return false;
  const host = request.headers.host;
  return !host || (source !== `http://${host}` && source !== `https://${host}`);
}

/** One onRequest hook for the whole /api/admin prefix: cross-site writes refused, a session required. */
export function adminGuard(db: Db, publicUrl: string) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (isCrossSiteWrite(request, publicUrl)) throw new Forbidden('Cross-site request refused');
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
