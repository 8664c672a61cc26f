// First: keeps nextTick's fast path (ADR 028); it must run before the process's first full GC.
import './platform/lib/tick-shape';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, loadDotEnv, type Config } from './platform/config';
import { serveBackupRequests } from './platform/db/backup/requests';
import { DataDirLockedError } from './platform/db/data-dir-lock';
import { notifyProblem, notifyRoundTrip, PGLITE_IN_PRODUCTION } from './platform/db/notify-check';
import { openDatabase } from './platform/db/open';
import { prepareDatabase } from './prepare-database';
import { createAppDeps } from './deps';
import { startScheduledWork } from './platform/timer';
import { startupSummary } from './startup-summary';
import { StripePaymentGateway } from './billing/provider/stripe-gateway';
import { reportStripeWebhook } from './billing/provider/stripe-webhook-check';

/** Another process listens on the configured port: said in one line, without a stack. */
class PortInUseError extends Error {
  override name = 'PortInUseError';
}

const here = path.dirname(fileURLToPath(import.meta.url));
// The built web app: dist/web, reached the same way from src/server (tsx) and from dist/server (the bundle).
const builtWeb = path.resolve(here, '../../dist/web');
const webRoot = existsSync(path.join(builtWeb, 'index.html')) ? builtWeb : undefined;

/**
 * Fastify logs "Server listening at" for each address it binds (http://127.0.0.1:5000, and every interface for
 * 0.0.0.0), with no option to turn it off; those are not the address the site's links use. Only the start-up
 * summary says where the site is, so info lines are held back while the port is bound (warnings still show).
 */
async function listenQuietly(app: FastifyInstance, config: Config): Promise<void> {
  await app.ready();
  const level = app.log.level;
  if (['trace', 'debug', 'info'].includes(level)) app.log.level = 'warn';
  try {
    await app.listen({ port: config.port, host: config.host });
  } finally {
    app.log.level = level;
  }
}

async function start(config: Config): Promise<void> {
  // The embedded database's thread stopped (ADR 041): nothing can be served; the service manager starts us again.
  // Before the app is built, the start itself fails on the statement that could not run.
  let databaseStopped: (error: Error) => void = () => {};
  const database = await openDatabase(config, { onStopped: (error) => databaseStopped(error) });
  await prepareDatabase(database, config);
  // Through a transaction pooler no instance hears another's changes: production refuses, elsewhere a warning.
  const notifyUnheard = notifyProblem(await notifyRoundTrip(database));
  if (notifyUnheard && config.isProduction) {
    await database.close();
    throw new ConfigError(`Refusing to start: ${notifyUnheard}`);
  }

  const app = await buildApp({ deps: createAppDeps(config, database), webRoot });
  app.addHook('onClose', () => database.close());
  databaseStopped = (error) => {
    app.log.fatal({ err: error }, 'the embedded database stopped: exiting, for the service manager to start again');
    process.exit(1);
  };

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  startScheduledWork(app);
  serveBackupRequests(app);
  try {
    await listenQuietly(app, config);
  } catch (error) {
    await app.close();
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    throw new PortInUseError(
      `Port ${config.port} on ${config.host} is already in use (another server?): stop it, or start with PORT set ` +
        'to a free port, e.g. PORT=5123 npm start',
    );
  }
  app.log.info(startupSummary(app.deps));
  if (notifyUnheard) app.log.warn(notifyUnheard);
  if (config.isProduction && database.kind === 'pglite') app.log.warn(PGLITE_IN_PRODUCTION);
  if (!webRoot) app.log.warn('no built web app found (run `npm run build`); serving the API only');
  const payments = app.deps.payments;
  if (config.isProduction && payments instanceof StripePaymentGateway) {
    // Does Stripe send this site every event the webhook consumes? One API call, in the background: a warning names
    // what is missing; Stripe out of reach is logged and never stops the start.
    void reportStripeWebhook(() => payments.checkWebhookEndpoint(config.publicUrl), config.publicUrl, app.log);
  }
}

try {
  loadDotEnv();
  await start(loadConfig());
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof PortInUseError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
}
