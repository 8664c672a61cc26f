import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Forbidden } from '../errors';

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
 * Cross-site request check for cookie-authenticated writes (on top of SameSite cookies): a browser sends Origin (or
 * at least Referer) with every POST/PATCH/DELETE; it must be our public origin or this request's own host. A request
 * with neither header is not a browser acting on a user's cookie (curl, server-to-server such as Stripe's webhook).
 */
export function isCrossSiteWrite(request: FastifyRequest, publicUrl: string): boolean {
  if (!STATE_CHANGING.has(request.method)) return false;
  const source = originOf(request.headers.origin) ?? originOf(request.headers.referer);
  if (source === null) return false;
  if (source === new URL(publicUrl).origin) return false;
  const host = request.headers.host;
  return !host || (source !== `http://${host}` && source !== `https://${host}`);
}

/** One hook for the whole app: customer, checkout and admin writes alike refuse other sites' pages. */
export function registerCrossSiteProtection(app: FastifyInstance, publicUrl: string): void {
  // A callback hook: reads (nearly every request) pass without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    done(isCrossSiteWrite(request, publicUrl) ? new Forbidden('Cross-site request refused') : undefined);
  });
}
