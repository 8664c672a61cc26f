import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** Errors the services throw; the one error handler maps them to `{ message }` with their status. */
export class AppError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
    readonly fieldErrors?: Record<string, string>,
    /** A machine-readable reason a page acts on (contracts/errors.ts). */
    readonly code?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
export class Invalid extends AppError {
  constructor(message: string, fieldErrors?: Record<string, string>) {
    super(message, 400, fieldErrors);
  }
}
export class Unauthorized extends AppError {
  constructor(message = 'Authentication required') {
    super(message, 401);
  }
}
export class Forbidden extends AppError {
  constructor(message: string) {
    super(message, 403);
  }
}
export class NotFound extends AppError {
  constructor(message = 'Not found') {
    super(message, 404);
  }
}
export class Conflict extends AppError {
  constructor(message: string) {
    super(message, 409);
  }
}
export class TooManyRequests extends AppError {
  /** When known, sent as Retry-After so clients and scripts can wait the right time rather than guess. */
  constructor(
    message = 'Too many attempts. Please wait a few minutes and try again.',
    readonly retryAfterSeconds?: number,
  ) {
    super(message, 429);
  }
}

/**
 * Fastify's own refusals before any route runs (a malformed URL, an over-long path parameter): the same `{ message }`
 * shape as every other error. Passed as the `frameworkErrors` option of the app.
 */
export function frameworkErrorReply(error: FastifyError, _request: unknown, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send({ message: error.message });
}

export function registerErrorHandling(app: FastifyInstance): void {
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
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}

/** The payment provider refused a call: not the caller's mistake, so a 502 that says what was refused and why. */
export class PaymentProviderFailed extends AppError {
  constructor(what: string, reason: unknown) {
    super(`The payment provider ${what}: ${reason instanceof Error ? reason.message : String(reason)}`, 502);
  }
}
