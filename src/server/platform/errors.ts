/**
 * Errors the services throw, with the status each means. They know nothing of HTTP: the one error handler
 * (http/error-handler.ts) turns them into `{ message }` with that status.
 */
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

/** The payment provider refused a call: not the caller's mistake, so a 502 that says what was refused and why. */
export class PaymentProviderFailed extends AppError {
  constructor(what: string, reason: unknown) {
    super(`The payment provider ${what}: ${reason instanceof Error ? reason.message : String(reason)}`, 502);
  }
}
