import { loadConfig, loadDotEnv } from '@/server/platform/config';
import { runMigrations } from '@/server/platform/db/migrate';
import { openDatabase } from '@/server/platform/db/open';
import { ensureAdmin, seedDemoData } from '@/server/demo/seed';

loadDotEnv();
const config = loadConfig();
if (config.isProduction) {
  // Demo customers and orders would be taken for real ones; production gets only the reference data (db:migrate).
  console.error('db:seed adds demo customers and orders and is refused in production; db:migrate adds reference data');
  process.exit(1);
}
const database = await openDatabase(config);
try {
  await runMigrations(database);
  const { seeded } = await seedDemoData(database.db);
  await ensureAdmin(database.db, config);
  console.log(seeded ? 'demo data seeded' : 'the database already had units; no demo data added');
} finally {
  await database.close();
}
