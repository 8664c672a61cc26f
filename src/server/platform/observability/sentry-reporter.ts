import { defaultStackParser, linkedErrorsIntegration, makeNodeTransport, NodeClient, Scope } from '@sentry/node';
import type { Config } from '../config';
import type { ErrorReporter } from './error-reporting';

/**
 * The Sentry adapter (ADR 032): a client of its own rather than `Sentry.init`, so nothing is instrumented. No
 * OpenTelemetry set-up, no tracing, no patched modules (http, pg, fastify), no global error handlers, no client
 * reports: only the errors we hand it, with their stack, their causes and the tags we give. It speaks Sentry's
 * envelope protocol, so any Sentry-compatible service (Sentry, GlitchTip, Bugsink) receives it. No integration
 * collects request data, so no headers, cookies, bodies or addresses are sent: only the error, the tags and the
 * host's name.
 */
export function startSentryReporter(config: NonNullable<Config['errorReporting']>): ErrorReporter {
  const client = new NodeClient({
    dsn: config.dsn,
    environment: config.environment,
    release: config.release,
    transport: makeNodeTransport,
    stackParser: defaultStackParser,
    integrations: [linkedErrorsIntegration()],
    sendClientReports: false,
    enableRuntimeChannelInjection: false,
  });
  client.init();
  return {
    kind: 'sentry',
    report(error, context) {
      const scope = new Scope();
      for (const [name, value] of Object.entries(context)) if (value !== undefined) scope.setTag(name, value);
      client.captureException(error, undefined, scope);
    },
    flush: async (timeoutMs = 2000) => client.flush(timeoutMs),
    close: async () => {
      await client.close(2000);
    },
  };
}
