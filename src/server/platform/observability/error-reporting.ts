import type { Config } from '../config';

/** What is known of where an error happened: the request (its id, method, route pattern) or the scheduled sweep. */
export interface ErrorContext {
  requestId?: string;
  method?: string;
  /** The route's pattern (`/api/portal/:orderId`), never the URL: a path can carry a sign-in token. */
  route?: string | undefined;
  sweep?: string;
}

/**
 * The error-reporting port: the error handler's 500s and the scheduled work's failed sweeps are reported here as
 * well as logged. `report` never throws and never waits; `close` sends what is still queued.
 */
export interface ErrorReporter {
  readonly kind: 'sentry' | 'none';
  report(error: unknown, context: ErrorContext): void;
  /** Resolves once the reports made so far are sent (true), or after `timeoutMs` (false). */
  flush(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Without SENTRY_DSN: errors are only logged. */
export const logOnlyErrors: ErrorReporter = {
  kind: 'none',
  report: () => undefined,
  flush: async () => true,
  close: async () => undefined,
};

/**
 * The reporter the configuration asks for. The Sentry SDK is imported only when SENTRY_DSN is set, so a site
 * without it loads none of it and its requests pay nothing for it.
 */
export async function startErrorReporting(config: Config['errorReporting']): Promise<ErrorReporter> {
  if (!config) return logOnlyErrors;
  const { startSentryReporter } = await import('./sentry-reporter');
  return startSentryReporter(config);
}

declare module 'fastify' {
  interface FastifyInstance {
    errorReporter: ErrorReporter;
  }
}
