import type { Config } from '../config';
import type { Database } from './client';
import { runMigrations } from './migrate';
import { ensureReferenceData } from './reference-data';
import { ensureAdmin, seedDemoData } from './seed';

/**
 * The database as a start needs it, in every environment: migrated, with the reference data the business opens
 * with (unit models, system e-mail templates), the demo data outside production, and an admin who can sign in.
 */
export async function prepareDatabase(database: Database, config: Config): Promise<void> {
  await runMigrations(database);
  await ensureReferenceData(database.db);
  if (!config.isProduction) await seedDemoData(database.db);
  await ensureAdmin(database.db, config);
}
