import { loadConfig } from '../src/server/config';
import { runMigrations } from '../src/server/db/migrate';
import { openDatabase } from '../src/server/db/open';

const database = await openDatabase(loadConfig());
try {
  await runMigrations(database);
  console.log(`migrations applied (${database.kind})`);
} finally {
  await database.close();
}
