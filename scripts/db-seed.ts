import { loadConfig, loadDotEnv } from '@/server/config';
import { runMigrations } from '@/server/db/migrate';
import { openDatabase } from '@/server/db/open';
import { ensureAdmin, seedDemoData } from '@/server/db/seed';

loadDotEnv();
const config = loadConfig();
const database = await openDatabase(config);
try {
  await runMigrations(database);
  const { seeded } = await seedDemoData(database.db);
  await ensureAdmin(database.db, config);
  console.log(seeded ? 'demo data seeded' : 'database already had data; nothing to seed');
} finally {
  await database.close();
}
