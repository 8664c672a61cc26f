import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from './client';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The committed migrations folder, found from the source tree or from the built server in dist/. */
export function migrationsFolder(): string {
  const candidates = [path.resolve(here, '../../../drizzle'), path.resolve(here, '../drizzle')];
  return candidates.find((candidate) => existsSync(path.join(candidate, 'meta'))) ?? candidates[0]!;
}

// An arbitrary constant: instances starting together on one PostgreSQL take turns migrating.
const MIGRATION_LOCK_KEY = 727_001;

/** Applies pending migrations; applying twice is a no-op (drizzle records what ran). */
export async function runMigrations(database: Database): Promise<void> {
  const migrationsFolderPath = migrationsFolder();
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: migrationsFolderPath });
    return;
  }
  const db = database.db as unknown as NodePgDatabase;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await migratePg(tx as unknown as NodePgDatabase, { migrationsFolder: migrationsFolderPath });
  });
}
