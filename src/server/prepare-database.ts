import { sql } from 'drizzle-orm';
import type { Config } from './platform/config';
import type { Database } from './platform/db/client';
import { runMigrations } from './platform/db/migrate';
import { ensureReferenceData } from './platform/db/reference-data';
import { ensureAdmin, seedDemoData } from './demo/seed';
import { fillMissingPlaceKeys } from './rentals/units/place-keys';

/**
 * The database as a start needs it, in every environment: migrated, with the reference data the business opens
 * with (unit models, system e-mail templates), the demo data outside production, and an admin who can sign in.
 */
export async function prepareDatabase(database: Database, config: Config): Promise<void> {
  await runMigrations(database);
  await fillMissingPlaceKeys(database.db);
  await ensureReferenceData(database.db);
  if (!config.isProduction) await seedDemoData(database.db);
  await ensureAdmin(database.db, config);
  await gatherPlannerStatistics(database);
}

/**
 * PGlite's PostgreSQL runs single-user, with no autovacuum worker: nothing ever ANALYZEs its tables, so the planner
 * guesses every table's size and null fractions (and reads all 8,000 units of a catalog where an index finds the
 * few held ones). Run at each start, before the server listens; while it runs, platform/db/upkeep.ts keeps them current
 * (ADR 002 addendum). PostgreSQL's own autovacuum does this there.
 */
export async function gatherPlannerStatistics(database: Database): Promise<void> {
  if (database.kind === 'pglite') await database.db.execute(sql`analyze`);
}
