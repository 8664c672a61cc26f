import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '@/server/app';
import { loadConfig, type Config } from '@/server/platform/config';
import { createAppDeps, type AppDeps } from '@/server/deps';
import { openPglite, openPostgres, type Database, type Db } from '@/server/platform/db/client';
import { withDatabase } from './global-setup';

export interface TestDatabase {
  database: Database;
  db: Db;
  /** PostgreSQL only: the database's URL, for a second app instance on it (the catalog staleness test). */
  url?: string;
  close(): Promise<void>;
}

/** A fresh database for one test file, copied from the migrated template of this run. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `coolrent_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('postgresTemplateDb')}`);
    const url = withDatabase(adminUrl, name);
    const database = openPostgres(url, 10);
    return {
      database,
      db: database.db,
      url,
      close: async () => {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const template = readFileSync(inject('pgliteTemplatePath'));
  const database = await openPglite({ loadDataDir: new Blob([template]) });
  return { database, db: database.db, close: () => database.close() };
}

/**
 * The origin app.inject's requests arrive on (light-my-request's default Host, localhost:80). Without PUBLIC_URL,
 * as in createTestApp's default configuration, the absolute URLs a request makes follow it (ADR 015).
 */
export const injectOrigin = 'http://localhost';

export interface TestApp extends TestDatabase {
  app: FastifyInstance;
  deps: AppDeps;
  config: Config;
  dataDir: string;
}

/** The real app on a fresh database; `env` overrides configuration as an operator would. */
export async function createTestApp(
  options: { env?: Record<string, string>; deps?: Partial<AppDeps>; onRoute?: BuildAppOptions['onRoute'] } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coolrent-app-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env });
  const testDatabase = await createTestDatabase();
  const deps = createAppDeps(config, testDatabase.database, options.deps);
  const app = await buildApp({ deps, logger: false, onRoute: options.onRoute });
  await app.ready();
  return {
    ...testDatabase,
    app,
    deps,
    config,
    dataDir,
    close: async () => {
      await app.close();
      await testDatabase.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
