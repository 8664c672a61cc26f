import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { runMigrations } from './db/migrate';
import { openDatabase } from './db/open';
import { ensureAdmin, ensureSystemTemplates, seedDemoData } from './db/seed';
import { createAppDeps } from './deps';
import { startScheduledWork } from './scheduled-work/timer';

const here = path.dirname(fileURLToPath(import.meta.url));
// The built web app: dist/web, reached the same way from src/server (tsx) and from dist/server (the bundle).
const builtWeb = path.resolve(here, '../../dist/web');
const webRoot = existsSync(path.join(builtWeb, 'index.html')) ? builtWeb : undefined;

async function start(config: Config): Promise<void> {
  const database = await openDatabase(config);
  await runMigrations(database);
  await ensureSystemTemplates(database.db);
  if (!config.isProduction) await seedDemoData(database.db);
  await ensureAdmin(database.db, config);

  const app = await buildApp({ deps: createAppDeps(config, database), webRoot });
  app.addHook('onClose', () => database.close());

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
  await app.listen({ port: config.port, host: config.host });
  if (!webRoot) app.log.warn('no built web app found (run `npm run build`); serving the API only');
}

try {
  await start(loadConfig());
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
}
