import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { trustedProxyCheck } from './trust-proxy';

export const REQUEST_ID_HEADER = 'x-request-id';

/** An id a proxy may hand on: short, and nothing a log line or a header could be broken with. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Each request's id (Fastify's genReqId, so every log line of the request carries it as `reqId`, and the fast
 * lane's): the X-Request-Id a trusted proxy (TRUST_PROXY) sent, so the proxy's access log and ours name the same
 * request; otherwise, or when the value is not a sane id, a new UUID. A client that reaches the app directly cannot
 * choose its id: it could otherwise pass its requests off as someone else's in the log.
 */
export function requestIdFor(trustProxy: readonly string[]): (request: IncomingMessage) => string {
  const fromTrustedProxy = trustedProxyCheck(trustProxy);
  if (trustProxy.length === 0) return () => randomUUID();
  return (request) => {
    const given = request.headers[REQUEST_ID_HEADER];
    return typeof given === 'string' && SANE_REQUEST_ID.test(given) && fromTrustedProxy(request.socket.remoteAddress)
      ? given
      : randomUUID();
  };
}

/**
 * Returns the id in X-Request-Id on every answer Fastify gives (errors, 404s, redirects and pages included), so a
 * visitor's report or a proxy's log leads to our log lines. The first onRequest hook, before any can answer; Fastify's
 * own refusals of a malformed URL set it in frameworkErrorReply, the fast lane on its replays.
 */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
