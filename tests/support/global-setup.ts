import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '@/server/platform/db/client';
import { runMigrations } from '@/server/platform/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplateDb: string;
  }
}

/** Builds one migrated template per run; each test file then starts from a copy of it (tests/support/test-app.ts). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.TEST_DB === 'postgres') return setupPostgresTemplate(project);
  return setupPgliteTemplate(project);
}

async function setupPgliteTemplate(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'coolrent-test-'));
  const database = await openPglite({});
  await runMigrations(database);
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const templatePath = path.join(dir, 'template.tar');
  writeFileSync(templatePath, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', templatePath);
  return async () => rmSync(dir, { recursive: true, force: true });
}

async function setupPostgresTemplate(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const templateDb = `coolrent_tmpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${templateDb}`);
  const database = openPostgres(withDatabase(adminUrl, templateDb), 1);
  await runMigrations(database);
  await database.close();
  project.provide('postgresTemplateDb', templateDb);
  return async () => {
    await admin.query(`drop database if exists ${templateDb} with (force)`);
    await admin.end();
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
