import { loadConfig, loadDotEnv } from '@/server/config';
import { runMigrations } from '@/server/db/migrate';
import { openDatabase } from '@/server/db/open';

loadDotEnv();
const database = await openDatabase(loadConfig());
try {
  await runMigrations(database);
  console.log(`migrations applied (${database.kind})`);
} finally {
  await database.close();
}
