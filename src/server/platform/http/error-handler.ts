import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, TooManyRequests } from '../errors';
import type { ErrorReporter } from '../observability/error-reporting';
import { REQUEST_ID_HEADER } from './request-id';

/**
 * Fastify's own refusals before any route runs (a malformed URL, an over-long path parameter): the same `{ message }`
 * shape as every other error. Passed as the `frameworkErrors` option of the app.
 */
export function frameworkErrorReply(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  // No hook runs before this answer: the request id is returned here (http/request-id.ts).
  void reply.header(REQUEST_ID_HEADER, request.id).status(status).send({ message: error.message });
}

/**
 * The one error handler: typed errors and validation failures become their 4xx `{ message }`; anything else is a
 * 500 whose details stay in the log and go to the error reporter (a 4xx is the client's, never reported).
 */
export function registerErrorHandling(app: FastifyInstance, errors: ErrorReporter): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        if (field && !(field in fieldErrors)) fieldErrors[field] = issue.message ?? 'Invalid value';
      }
      const message = error.validation[0]?.message ?? 'Invalid request';
      return reply.status(400).send({ message, fieldErrors });
    }
    if (error instanceof TooManyRequests && error.retryAfterSeconds !== undefined) {
      void reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
    }
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send({ message: error.message, fieldErrors: error.fieldErrors, code: error.code });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    errors.report(error, { requestId: request.id, method: request.method, route: request.routeOptions.url });
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}
