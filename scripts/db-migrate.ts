import { loadConfig, loadDotEnv } from '@/server/platform/config';
import { runMigrations } from '@/server/platform/db/migrate';
import { openDatabase } from '@/server/platform/db/open';
import { ensureReferenceData } from '@/server/platform/db/reference-data';

loadDotEnv();
const database = await openDatabase(loadConfig());
try {
  await runMigrations(database);
  // The data every environment needs to open for business (ADR 017), as a start would add it.
  const added = await ensureReferenceData(database.db);
  console.log(
    `migrations applied (${database.kind}); reference data added: ${added.unitModels} unit models, ` +
      `${added.emailTemplates} e-mail templates`,
  );
} finally {
  await database.close();
}
